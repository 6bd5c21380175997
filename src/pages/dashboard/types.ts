/** What GET /v1/dashboard and GET /v1/vendor-board answer (issue 13). Amounts are rupees. */

export type Bucket = 'hour' | 'day';

export interface Counted {
  amount: number;
  count: number;
}

/** One bar of each chart: the bucket's start in IST ("2026-11-25T13:00:00+05:30"). */
export interface SeriesPoint {
  at: string;
  deposit: number;
  withdraw: number;
}

/** A measure of the period beside the period of the same length just before; null when nothing was measured. */
export interface Comparison {
  current: number | null;
  previous: number | null;
}

interface BoardFigures {
  withdraw: Counted;
  reversedWithdraw: number;
  commission: number;
  settlement: number;
  /** The period's balance. */
  currentBalance: number;
  /** The balance of all time. */
  netBalance: number;
  bucket: Bucket;
  series: SeriesPoint[];
}

export interface DashboardFigures extends BoardFigures {
  deposit: Counted;
  depositFee: number;
  withdrawFee: number;
  chargeback: number;
  /** Fractions 0..1. */
  payinSuccessRate: Comparison;
  /** Seconds from a pay-in's creation to SUCCESS. */
  medianSecondsToSuccess: Comparison;
}

/**
 * A vendor's figures: `collected` is the bank entries on its accounts (series.deposit too). A
 * positive balance is the gateway's money the vendor holds: it owes the gateway.
 */
export interface VendorBoardFigures extends BoardFigures {
  collected: Counted;
}
