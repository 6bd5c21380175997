import type { Measure } from './rollups';

/**
 * The figures of the Dashboard and the Vendor Board (issue 13) from summed rollups, in paise. A
 * merchant's commission is what the gateway earned from it: pay-in and pay-out fees less the fees
 * of reversed pay-outs, which went back. A period's balance moved by exactly its rollups' balance.
 */
export type Sums = Record<Measure, number>;

export const merchantCommission = (s: Pick<Sums, 'payinFee' | 'payoutFee' | 'reversedFee'>): number =>
  s.payinFee + s.payoutFee - s.reversedFee;

/** DESIGN §5 over a period: what the gateway owes the merchant moved by this much. */
export const merchantPeriodBalance = (s: Sums): number =>
  s.payinAmount -
  s.payinFee -
  s.payoutAmount -
  s.payoutFee +
  s.reversedAmount +
  s.reversedFee -
  s.settlementAmount -
  s.chargebackAmount;

/** A one-day range is drawn by the hour, a longer one by the day. */
export const bucketOf = (from: string, to: string): 'hour' | 'day' => (from === to ? 'hour' : 'day');

/** 'yyyy-mm-dd' moved by whole days. */
export const addDays = (day: string, days: number): string => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** Whole days from `from` to `to`, both counted. */
export const daysIn = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The period of the same length just before: the figures a board compares with. */
export const previousPeriod = (from: string, to: string): { from: string; to: string } => {
  const n = daysIn(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
};

/** Pay-ins created in a period that succeeded, as a fraction; null when none was created. */
export const successRate = (created: number, succeeded: number): number | null =>
  created > 0 ? Math.round((succeeded / created) * 10_000) / 10_000 : null;
