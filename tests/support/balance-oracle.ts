/**
 * The tests' oracle, DESIGN §5 as code: every party's balance from the rows of its money events
 * alone, in integer paise. The ledger must always agree with these (the money and ledger property
 * tests compare them); the server reads balances from the ledger, never from here.
 */

export interface PayinMoney {
  status: string;
  test: boolean;
  confirmedAmount: number | null;
  fee: number | null;
}

export interface PayoutMoney {
  status: string;
  test: boolean;
  amount: number;
  fee: number;
}

export interface SettlementMoney {
  status: string;
  amount: number;
}

export interface LienMoney {
  amount: number;
}

const sum = <T>(rows: readonly T[], pick: (row: T) => number): number => rows.reduce((s, r) => s + pick(r), 0);

/**
 * A merchant's balance: successful pay-ins (confirmed amounts) − pay-in fees − pay-outs − pay-out
 * fees + reversed pay-outs and their fees − successful settlements − chargebacks. A REVERSED
 * pay-out was paid and came back: it counts in both, so nothing. Test records never count.
 */
export const merchantBalance = (m: {
  payins: readonly PayinMoney[];
  payouts: readonly PayoutMoney[];
  settlements: readonly SettlementMoney[];
  liens: readonly LienMoney[];
}): number => {
  const payins = m.payins.filter((p) => p.status === 'SUCCESS' && !p.test);
  const paid = m.payouts.filter((p) => !p.test && (p.status === 'SUCCESS' || p.status === 'REVERSED'));
  const reversed = paid.filter((p) => p.status === 'REVERSED');
  return (
    sum(payins, (p) => (p.confirmedAmount ?? 0) - (p.fee ?? 0)) -
    sum(paid, (p) => p.amount + p.fee) +
    sum(reversed, (p) => p.amount + p.fee) -
    sum(
      m.settlements.filter((s) => s.status === 'SUCCESS'),
      (s) => s.amount,
    ) -
    sum(m.liens, (l) => l.amount)
  );
};

/** What a merchant's waiting money events reserve: INITIATED real pay-outs (amount and fee) and settlements. */
export const merchantHeld = (m: { payouts: readonly PayoutMoney[]; settlements: readonly SettlementMoney[] }): number =>
  sum(
    m.payouts.filter((p) => p.status === 'INITIATED' && !p.test),
    (p) => p.amount + p.fee,
  ) +
  sum(
    m.settlements.filter((s) => s.status === 'INITIATED'),
    (s) => s.amount,
  );

/**
 * A vendor's balance: what it holds of the gateway's money (positive: the vendor owes the gateway;
 * negative: the gateway owes the vendor). Money lands in a vendor's pay-in accounts through
 * successful pay-ins and internal transfers into them; it leaves through pay-outs paid by hand
 * from its pay-out accounts (REVERSED ones came back) and its own successful settlements, internal
 * transfers included; less its commission on the pay-ins and pay-outs through its accounts. A bank entry no pay-in or transfer used is nobody's money yet: it is shown
 * beside the balance as unmatched, not in it.
 */
/** What the vendor whose account moved the money earned on it (paise, stored with the success). */
export interface Commissioned {
  vendorCommission: number;
}

export const vendorBalance = (v: {
  /** Successful pay-ins whose money landed in one of the vendor's accounts, with the commission it earned on each. */
  payinsIn: readonly (PayinMoney & Commissioned)[];
  /** Pay-outs paid from one of the vendor's accounts, with the commission it earned on each. */
  payoutsPaid: readonly (PayoutMoney & Commissioned)[];
  /** Internal transfers (of any vendor) whose bank entry is on one of this vendor's accounts. */
  transfersIn: readonly SettlementMoney[];
  /** The vendor's own settlements. */
  settlements: readonly SettlementMoney[];
}): number =>
  sum(
    v.payinsIn.filter((p) => p.status === 'SUCCESS' && !p.test),
    (p) => (p.confirmedAmount ?? 0) - p.vendorCommission,
  ) -
  sum(
    v.payoutsPaid.filter((p) => !p.test && p.status === 'SUCCESS'),
    (p) => p.amount + p.vendorCommission,
  ) +
  sum(
    v.transfersIn.filter((s) => s.status === 'SUCCESS'),
    (s) => s.amount,
  ) -
  sum(
    v.settlements.filter((s) => s.status === 'SUCCESS'),
    (s) => s.amount,
  );

/**
 * DESIGN §5, the pay-in part of a merchant's balance, from pay-in rows alone: confirmed amounts of
 * successful, real (not test) pay-ins less their fees. The ledger must always agree with it.
 */
export const merchantBalanceFromPayins = (
  payins: readonly { status: string; test: boolean; confirmedAmount: number | null; fee: number | null }[],
): number =>
  payins
    .filter((p) => p.status === 'SUCCESS' && !p.test)
    .reduce((sum, p) => sum + (p.confirmedAmount ?? 0) - (p.fee ?? 0), 0);
