import fc from 'fast-check';
import type { SettlementMethod, SettlementStatus } from '../../domain/settlement';

/**
 * The settlement, vendor settlement and chargeback steps the money property test generates
 * (tests/support/money-property.ts; tests/support/settlement-moves.ts builds their requests):
 * what each names and how often it comes. Most name a user who may do it and some one who may
 * not, for the rules to refuse.
 */
type Index = number;
/** Who sends it: staff who settle (admin, transactions), and users who may not. */
export type Who = 'admin' | 'transactions' | 'operations' | 'merchant' | 'vendor';
export type Reference = 'utr' | 'receipt' | 'none' | 'bad';
export type InternalMethod = 'INTERNAL_BANK_TRANSFER' | 'INTERNAL_QR_TRANSFER';

export type SettlementStep =
  | {
      kind: 'settle';
      merchant: Index;
      amount: 'small' | 'all' | 'over' | 'bad';
      i: Index;
      method: SettlementMethod;
      as: Who | 'merchant-admin';
      bad: boolean;
    }
  | { kind: 'settle-approve'; p: Index; as: Who; ref: Reference }
  | { kind: 'settle-reject'; p: Index; as: Who; reason: boolean }
  | { kind: 'settle-reset'; p: Index; as: 'admin' | 'transactions' | 'unconfirmed' };

export type VendorStep =
  | { kind: 'vendor-settle'; vendor: Index; amount: Index; method: SettlementMethod; as: Who; bad: boolean }
  /** An un-used bank credit for internal transfers to prove (a fresh UTR pays no pay-in). */
  | { kind: 'transfer-entry'; bank: Index; amount: Index }
  | {
      kind: 'transfer';
      e: Index;
      method: InternalMethod;
      entry: 'unused' | 'used' | 'none' | 'bad';
      owner: boolean;
      sameAmount: boolean;
      /** A bank transfer names the account the credit is on, or (false) another one. */
      rightAccount: boolean;
      as: Who;
    }
  | { kind: 'vendor-approve'; p: Index; as: Who; ref: Reference }
  | { kind: 'vendor-reject'; p: Index; as: Who; reason: boolean }
  | { kind: 'vendor-reset'; p: Index; as: 'admin' | 'transactions' | 'unconfirmed' }
  /** Freeing the entry an internal transfer took, as a pay-in's: always refused. */
  | { kind: 'transfer-entry-reset'; e: Index };

export type LienStep = {
  kind: 'lien';
  p: Index;
  /** fresh: a paid pay-in without one; again: one that has one; other: any recent pay-in. */
  target: 'fresh' | 'again' | 'other';
  amount: 'full' | 'part' | 'over';
  rightCustomer: boolean;
  rightMerchant: boolean;
  day: 'today' | 'past' | 'future';
  as: Who;
};

export type MoneyStep = SettlementStep | VendorStep | LienStep;
export type MoneyKind = MoneyStep['kind'];

const pick = fc.nat({ max: 1_000 });
const oneOf = <T>(...values: T[]) => fc.constantFrom(...values);
const step = (kind: MoneyKind, weight: number, fields: Record<string, fc.Arbitrary<unknown>>) => ({
  weight,
  arbitrary: fc.record({ kind: fc.constant(kind), ...fields }) as unknown as fc.Arbitrary<MoneyStep>,
});
const staff = oneOf<Who>('admin', 'transactions', 'transactions', 'admin', 'transactions', 'operations', 'merchant');
const reference = oneOf<Reference>('utr', 'utr', 'utr', 'receipt', 'none', 'bad');
const resetter = oneOf('admin', 'admin', 'admin', 'transactions', 'unconfirmed');

export const moneySteps = [
  step('settle', 4, {
    merchant: pick,
    amount: oneOf('small', 'small', 'small', 'small', 'small', 'all', 'over', 'bad'),
    i: pick,
    method: oneOf<SettlementMethod>('BANK', 'BANK', 'CASH', 'AED', 'CRYPTO'),
    as: oneOf('admin', 'transactions', 'merchant', 'merchant', 'merchant-admin', 'operations', 'vendor'),
    bad: oneOf(false, false, false, false, false, true),
  }),
  step('settle-approve', 3, { p: pick, as: staff, ref: reference }),
  step('settle-reject', 2, { p: pick, as: staff, reason: oneOf(true, true, true, false) }),
  step('settle-reset', 1, { p: pick, as: resetter }),
  step('vendor-settle', 2, {
    vendor: pick,
    amount: pick,
    method: oneOf<SettlementMethod>('BANK', 'CASH', 'AED', 'CRYPTO'),
    as: staff,
    bad: oneOf(false, false, false, false, true),
  }),
  step('transfer-entry', 2, { bank: pick, amount: pick }),
  step('transfer', 3, {
    e: pick,
    method: oneOf<InternalMethod>('INTERNAL_BANK_TRANSFER', 'INTERNAL_QR_TRANSFER'),
    entry: oneOf('unused', 'unused', 'unused', 'unused', 'used', 'none', 'bad'),
    owner: oneOf(false, false, false, false, true),
    sameAmount: oneOf(true, true, true, true, false),
    rightAccount: oneOf(true, true, true, true, false),
    as: staff,
  }),
  step('vendor-approve', 2, { p: pick, as: staff, ref: reference }),
  step('vendor-reject', 1, { p: pick, as: staff, reason: oneOf(true, true, true, false) }),
  step('vendor-reset', 2, { p: pick, as: resetter }),
  step('transfer-entry-reset', 1, { e: pick }),
  step('lien', 4, {
    p: pick,
    target: oneOf('fresh', 'fresh', 'fresh', 'fresh', 'again', 'other'),
    amount: oneOf('full', 'full', 'part', 'part', 'over'),
    rightCustomer: oneOf(true, true, true, true, true, false),
    rightMerchant: oneOf(true, true, true, true, true, false),
    day: oneOf('today', 'past', 'past', 'future'),
    as: staff,
  }),
];

export const SETTLEMENT_KINDS: MoneyKind[] = ['settle', 'settle-approve', 'settle-reject', 'settle-reset'];
export const VENDOR_KINDS: MoneyKind[] = [
  'vendor-settle',
  'transfer-entry',
  'transfer',
  'vendor-approve',
  'vendor-reject',
  'vendor-reset',
  'transfer-entry-reset',
];
export const MONEY_KINDS: MoneyKind[] = [...SETTLEMENT_KINDS, ...VENDOR_KINDS, 'lien'];
export const isMoneyStep = (step: { kind: string }): step is MoneyStep => (MONEY_KINDS as string[]).includes(step.kind);

/** The statuses a transition suits: most steps act on such a settlement, the rest on any recent one. */
export const SETTLEMENT_SUITS: Record<'approve' | 'reject' | 'reset', SettlementStatus[]> = {
  approve: ['INITIATED'],
  reject: ['INITIATED'],
  reset: ['SUCCESS', 'REJECTED'],
};

/** The staff who settle; the rest are refused (403). */
export const settles = (who: string) => who === 'admin' || who === 'transactions';
