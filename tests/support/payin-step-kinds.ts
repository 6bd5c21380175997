import fc from 'fast-check';
import type { PayinStatus } from '../../domain/payin';
import type { EntryStep, ResetStep } from './payin-entry-moves';

/**
 * The pay-in steps the property tests generate (tests/support/payin-moves.ts builds their
 * requests): what each names, how often it comes, and the statuses it suits.
 */
type Index = number;
export type UtrFrom = 'fresh' | 'entry' | 'claimed' | 'bad';
export type PayinStep =
  | { kind: 'create'; merchant: Index; amount: Index; fixed: boolean; test: boolean; bad: 'amount' | 'order' | null }
  | { kind: 'assign'; p: Index; amount: Index }
  | { kind: 'utr'; p: Index; from: UtrFrom; i: Index }
  | { kind: 'screenshot'; p: Index }
  | { kind: 'enter-utr'; p: Index; from: UtrFrom; i: Index }
  | EntryStep
  | {
      kind: 'confirm';
      p: Index;
      amount: 'asked' | 'entry' | 'other';
      as: 'transactions' | 'merchant' | 'unconfirmed';
      /** Who checks a confirmation without a bank entry: another person, or a user the maker created. */
      checker: 'admin' | 'made';
      /** The UTR staff type: none (the customer's), or a recent one, used or not (reused UTRs). */
      utr: 'own' | 'recent';
      i: Index;
    }
  | { kind: 'reopen'; p: Index }
  | { kind: 'expire'; p: Index }
  | ResetStep;
export type PayinKind = PayinStep['kind'];

export const PAYIN_MERCHANTS = ['ACME', 'BOLT', 'CRISP'] as const;
export const AMOUNTS = [100, 150.5, 500, 999.99, 2500] as const;

const pick = fc.nat({ max: 1_000 });
/** One of the values, as often as it is listed. */
const oneOf = <T>(...values: T[]) => fc.constantFrom(...values);
const step = (kind: PayinKind, weight: number, fields: Record<string, fc.Arbitrary<unknown>>) => ({
  weight,
  arbitrary: fc.record({ kind: fc.constant(kind), ...fields }) as unknown as fc.Arbitrary<PayinStep>,
});
const utrFrom = oneOf<UtrFrom>('fresh', 'fresh', 'entry', 'entry', 'claimed', 'bad');
export const payinSteps = [
  step('create', 3, {
    merchant: pick,
    amount: pick,
    fixed: fc.boolean(),
    test: oneOf(false, false, false, false, true),
    bad: oneOf(null, null, null, null, null, 'amount', 'order'),
  }),
  step('assign', 4, { p: pick, amount: pick }),
  step('utr', 4, { p: pick, from: utrFrom, i: pick }),
  step('screenshot', 1, { p: pick }),
  step('enter-utr', 1, { p: pick, from: utrFrom, i: pick }),
  step('entry', 4, {
    p: pick,
    by: oneOf('utr', 'utr', 'code', 'ahead', 'repeat', 'bad'),
    sameBank: oneOf(true, true, true, false),
    sameAmount: oneOf(true, true, true, false),
  }),
  step('confirm', 2, {
    p: pick,
    amount: oneOf('asked', 'entry', 'other'),
    as: oneOf('transactions', 'transactions', 'merchant', 'unconfirmed'),
    checker: oneOf('admin', 'admin', 'made'),
    utr: oneOf('own', 'own', 'recent'),
    i: pick,
  }),
  step('reopen', 1, { p: pick }),
  step('expire', 1, { p: pick }),
  // Twice as likely as the other rare steps: a paid pay-in's reset is the ledger's correction (payin.reversal)
  // that the property must see in every run of the suite, not only in most.
  step('reset', 4, { e: pick, as: oneOf('admin', 'transactions', 'both', 'operations') }),
];

/** The statuses a step suits: most steps act on such a pay-in, the rest on any recent one, for the rules to refuse. */
export const SUITS: Record<Exclude<PayinKind, 'create' | 'reset'>, PayinStatus[]> = {
  assign: ['INITIATED'],
  utr: ['ASSIGNED'],
  screenshot: ['ASSIGNED'],
  'enter-utr': ['IMG_PENDING'],
  entry: ['ASSIGNED', 'PENDING'],
  confirm: ['DISPUTE', 'DUPLICATE', 'PENDING', 'IMG_PENDING'],
  reopen: ['DROPPED'],
  expire: ['INITIATED', 'ASSIGNED'],
};
export const PAYIN_KINDS: PayinKind[] = [...(Object.keys(SUITS) as PayinKind[]), 'create', 'reset'];
export const isPayinStep = (step: { kind: string }): step is PayinStep => (PAYIN_KINDS as string[]).includes(step.kind);
