import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { bucketOf } from '../../domain/boards';
import { inPeriod, periodOf, seriesQuery } from './boards';
import type { SessionUser } from './auth';
import { dataScope } from './scope';

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
      p AS (SELECT coalesce(array_agg(DISTINCT 'vendor:' || id), '{}') AS own,
          coalesce(array_agg('bank:' || bank) FILTER (WHERE bank IS NOT NULL), '{}') AS banks,
          coalesce(array_agg('collected:' || bank) FILTER (WHERE bank IS NOT NULL), '{}') AS collected FROM v)
    SELECT
      (SELECT json_build_object(
          'collectedAmount', coalesce(sum(collected_amount) FILTER (WHERE party = ANY(p.collected)), 0),
          'collectedCount', coalesce(sum(collected_count) FILTER (WHERE party = ANY(p.collected)), 0),
          'payoutAmount', coalesce(sum(payout_amount) FILTER (WHERE party = ANY(p.banks)), 0),
          'payoutCount', coalesce(sum(payout_count) FILTER (WHERE party = ANY(p.banks)), 0),
          'reversedAmount', coalesce(sum(reversed_amount) FILTER (WHERE party = ANY(p.banks)), 0),
          'commission', coalesce(sum(commission) FILTER (WHERE party = ANY(p.own)), 0),
          'settlementAmount', coalesce(sum(settlement_amount) FILTER (WHERE party = ANY(p.own)), 0),
          'balance', coalesce(sum(balance) FILTER (WHERE party = ANY(p.own) OR party = ANY(p.banks)), 0))
        FROM money_rollups WHERE party = ANY(p.own || p.banks || p.collected) AND span = 'day' AND ${inPeriod(period)}
      ) AS sums,
      (SELECT coalesce(sum(balance), 0)::text FROM ledger_accounts WHERE key = ANY(p.own || p.banks)) AS net,
      (SELECT json_agg(s) FROM (${seriesQuery(period, {
        deposit: [sql`p.collected`, 'collectedAmount'],
        withdraw: [sql`p.banks`, 'payoutAmount'],
      })}) s) AS series
    FROM p`);
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
