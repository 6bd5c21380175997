import { formatRupees } from './format';

/**
 * How much staff may confirm a pay-in at (issue 29, item 2): the bank's word bounds the money. With
 * a bank entry, at most what the entry shows; without one, at most what the pay-in asked for, or the
 * merchant's maximum pay-in when the customer was to enter the amount.
 */
export interface BoundInput {
  /** The bank entry's amount, when the pay-in has (or takes) one; paise. */
  entryAmount: number | null;
  /** What a payment provider reported captured, for a pay-in paid through one: its word stands for a bank entry. */
  providerAmount?: number | null;
  /** What the pay-in asked for, null for an open amount; paise. */
  requestedAmount: number | null;
  merchantMaxPayin: number;
}

export type BoundKind = 'entry' | 'provider' | 'requested' | 'merchant-max';

export interface Bound {
  kind: BoundKind;
  amount: number;
}

export const confirmationBound = (b: BoundInput): Bound => {
  if (b.entryAmount !== null) return { kind: 'entry', amount: b.entryAmount };
  if (b.providerAmount !== undefined && b.providerAmount !== null)
    return { kind: 'provider', amount: b.providerAmount };
  if (b.requestedAmount !== null) return { kind: 'requested', amount: b.requestedAmount };
  return { kind: 'merchant-max', amount: b.merchantMaxPayin };
};

const WHAT: Record<BoundKind, string> = {
  entry: "the bank entry's amount",
  provider: 'the amount the payment provider reported',
  requested: 'the amount this pay-in asked for',
  'merchant-max': "the merchant's maximum pay-in",
};

/** The 409's message: the bound and what it is. */
export const boundRefusal = (bound: Bound) =>
  `This pay-in can be confirmed at most at ${formatRupees(bound.amount / 100)}, ${WHAT[bound.kind]}.`;

/** A confirmation without a bank entry creates money on a person's word: it takes a checker. */
export const confirmationNeedsChecker = (b: Pick<BoundInput, 'entryAmount' | 'providerAmount'>) =>
  b.entryAmount === null && (b.providerAmount ?? null) === null;
