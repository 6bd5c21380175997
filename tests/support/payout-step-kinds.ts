import fc from 'fast-check';
import type { PayoutStatus } from '../../domain/payout';

/**
 * The pay-out steps the property tests generate (tests/support/payout-moves.ts builds their
 * requests): what each names, how often it comes, and the statuses it suits.
 */
type Index = number;
export type Staff = 'operations' | 'transactions' | 'admin' | 'vendor';
export type PayoutStep =
  | { kind: 'payout'; merchant: Index; amount: Index; upi: boolean; bad: 'limit' | 'order' | 'beneficiary' | null }
  | { kind: 'payout-assign'; p: Index; vendor: 'VEN-ALPHA' | 'VEN-BETA' }
  | { kind: 'payout-approve'; p: Index; as: Staff; from: 'ALPHA-SBI-PAYOUT' | 'BETA-KOTAK-PAYOUT' | 'ALPHA-HDFC-01' }
  | { kind: 'payout-reject'; p: Index; as: Staff; reason: Index; text: boolean }
  | { kind: 'payout-drop'; p: Index; as: Staff }
  | { kind: 'payout-reverse'; p: Index; as: Staff }
  | { kind: 'payout-reset'; p: Index; as: Staff };
export type PayoutKind = PayoutStep['kind'];

/** Pay-outs above this many rupees need a checker: the property test's server is started with it. */
export const CHECKER_RUPEES = 2_000;
export const AMOUNTS = [500, 800.5, 1_200, 2_500, 4_000] as const;
export const MERCHANTS = ['ACME', 'BOLT', 'CRISP'] as const;

const pick = fc.nat({ max: 1_000 });
const oneOf = <T>(...values: T[]) => fc.constantFrom(...values);
const staff = oneOf<Staff>('operations', 'operations', 'transactions', 'admin', 'vendor');
const step = (kind: PayoutKind, weight: number, fields: Record<string, fc.Arbitrary<unknown>>) => ({
  weight,
  arbitrary: fc.record({ kind: fc.constant(kind), ...fields }) as unknown as fc.Arbitrary<PayoutStep>,
});
export const payoutSteps = [
  step('payout', 3, {
    merchant: pick,
    amount: pick,
    upi: oneOf(false, false, true),
    bad: oneOf(null, null, null, null, null, 'limit', 'order', 'beneficiary'),
  }),
  step('payout-assign', 1, { p: pick, vendor: oneOf('VEN-ALPHA', 'VEN-ALPHA', 'VEN-BETA') }),
  step('payout-approve', 3, {
    p: pick,
    as: staff,
    from: oneOf('ALPHA-SBI-PAYOUT', 'ALPHA-SBI-PAYOUT', 'BETA-KOTAK-PAYOUT', 'ALPHA-HDFC-01'),
  }),
  step('payout-reject', 2, { p: pick, as: staff, reason: pick, text: oneOf(true, true, false) }),
  step('payout-drop', 1, { p: pick, as: staff }),
  step('payout-reverse', 2, { p: pick, as: staff }),
  step('payout-reset', 1, { p: pick, as: staff }),
];

/** The statuses a step suits: most steps act on such a pay-out, the rest on any recent one, for the rules to refuse. */
export const SUITS: Record<Exclude<PayoutKind, 'payout'>, PayoutStatus[]> = {
  'payout-assign': ['INITIATED'],
  'payout-approve': ['INITIATED'],
  'payout-reject': ['INITIATED'],
  'payout-drop': ['INITIATED'],
  'payout-reverse': ['SUCCESS'],
  'payout-reset': ['REJECTED'],
};
export const PAYOUT_KINDS: PayoutKind[] = ['payout', ...(Object.keys(SUITS) as PayoutKind[])];
