import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { addDays, bucketOf } from '../../../domain/boards';
import { seriesQuery } from './dashboard-statement';
import { inPeriod, periodOf } from './periods';
import type { SessionUser } from '../common/session-user';
import { dataScope } from '../common/scope';

/**
 * The Vendor Board (issue 13) in one statement: the vendor's parties (its own account, its bank
 * accounts and what they collected), the period's sums over their day rollups, the net balance
 * from the ledger and the series. Five statements at once per board took five of the pool's
 * connections and queued behind each other under a team's load (issue 15, item 3).
 */
interface Figures {
  sums: {
    collectedAmount: number;
    collectedCount: number;
    payoutAmount: number;
    payoutCount: number;
    reversedAmount: number;
    commission: number;
    settlementAmount: number;
    balance: number;
  };
  net: string;
  series: { at: string; deposit: number; withdraw: number }[];
}

/** The Vendor Board's figures, in paise: positive balances are the gateway's money the vendor holds. */
export const vendorBoardFigures = async (
  db: DbOrTx,
  user: SessionUser,
  q: { vendorCode?: string; from?: string; to?: string },
) => {
  const period = periodOf(q.from, q.to);
  const scope = await dataScope(db, user);
  // A vendor user sees its own vendor whatever it names; staff one vendor or every vendor.
  const code = scope.kind === 'vendor' ? scope.vendorCode : q.vendorCode || null;
  const { rows } = await db.execute<Figures & Record<string, unknown>>(sql`
    WITH v AS (SELECT v.id, b.id AS bank FROM vendors v LEFT JOIN bank_accounts b ON b.vendor_id = v.id
        WHERE ${code}::text IS NULL OR v.code = ${code}::text),
      parties AS (SELECT DISTINCT 'vendor:' || id AS party, 'own' AS kind FROM v
        UNION ALL SELECT 'bank:' || bank, 'bank' FROM v WHERE bank IS NOT NULL
        UNION ALL SELECT 'collected:' || bank, 'collected' FROM v WHERE bank IS NOT NULL),
      days AS (SELECT p.kind, r.* FROM parties p
        JOIN money_rollups r ON r.party = p.party AND r.span = 'day' AND ${inPeriod(period)})
    SELECT
      (SELECT json_build_object(
          'collectedAmount', coalesce(sum(collected_amount) FILTER (WHERE kind = 'collected'), 0),
          'collectedCount', coalesce(sum(collected_count) FILTER (WHERE kind = 'collected'), 0),
          'payoutAmount', coalesce(sum(payout_amount) FILTER (WHERE kind = 'bank'), 0),
          'payoutCount', coalesce(sum(payout_count) FILTER (WHERE kind = 'bank'), 0),
          'reversedAmount', coalesce(sum(reversed_amount) FILTER (WHERE kind = 'bank'), 0),
          'commission', coalesce(sum(commission) FILTER (WHERE kind = 'own'), 0),
          'settlementAmount', coalesce(sum(settlement_amount) FILTER (WHERE kind = 'own'), 0),
          'balance', coalesce(sum(balance) FILTER (WHERE kind <> 'collected'), 0)) FROM days) AS sums,
      (SELECT coalesce(sum(a.balance), 0)::text FROM parties p JOIN ledger_accounts a ON a.key = p.party
        WHERE p.kind <> 'collected') AS net,
      (SELECT json_agg(s) FROM (${seriesQuery(
        bucketOf(period.from, period.to),
        { from: period.from, toNext: addDays(period.to, 1) },
        {
          deposit: [sql`ARRAY(SELECT party FROM parties WHERE kind = 'collected')`, 'collectedAmount'],
          withdraw: [sql`ARRAY(SELECT party FROM parties WHERE kind = 'bank')`, 'payoutAmount'],
        },
      )}) s) AS series`);
  const { sums, net, series } = rows[0];
  return {
    collected: { amount: Number(sums.collectedAmount), count: Number(sums.collectedCount) },
    withdraw: { amount: Number(sums.payoutAmount), count: Number(sums.payoutCount) },
    reversedWithdraw: Number(sums.reversedAmount),
    commission: Number(sums.commission),
    settlement: Number(sums.settlementAmount),
    currentBalance: Number(sums.balance),
    netBalance: Number(net),
    bucket: bucketOf(period.from, period.to),
    series: series.map((r) => ({ at: r.at, deposit: Number(r.deposit), withdraw: Number(r.withdraw) })),
  };
};
