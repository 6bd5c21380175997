import type { DbOrTx } from '../../db';
import {
  addDays,
  bucketOf,
  merchantCommission,
  merchantPeriodBalance,
  previousPeriod,
  successRate,
  type Sums,
} from '../../../domain/boards';
import { MEASURES, medianSeconds, SPEED_BOUNDS } from '../../../domain/rollups';
import type { SessionUser } from '../common/session-user';
import { periodOf } from './periods';
import { keptSql } from '../common/list-statements';
import { literalOf } from '../../db/row-mapper';
import { dashboardStatement, merchantsFor, type DashboardRow } from './dashboard-statement';

/**
 * The Dashboard (issue 13): a period's figures summed from the rollups (a few rows per party and
 * day), the net balance from the ledger, never a scan of the money events.
 */

const sumsOfRow = literalOf<Sums>(MEASURES.map((key) => ({ key, via: (v: unknown) => Number(v ?? 0) })));
const sumsOf = (row: Record<string, unknown> | undefined) => sumsOfRow(row ?? {});

const BIN_KEYS = SPEED_BOUNDS.map((_, bin) => `b${bin}`);

/** The median time to SUCCESS of each period, from its histogram. */
const mediansOf = (rows: (Record<string, number> & { current: boolean })[]) => {
  const histogram = (current: boolean) => {
    const row = rows.find((r) => r.current === current);
    const counts = new Map<number, number>();
    for (let bin = 0; bin < BIN_KEYS.length; bin++) counts.set(bin, Number(row?.[BIN_KEYS[bin]] ?? 0));
    return counts;
  };
  return { current: medianSeconds(histogram(true)), previous: medianSeconds(histogram(false)) };
};

const dashboards = keptSql<DashboardRow>();

/** The Dashboard's figures, in paise (the route turns them into rupees). */
export const dashboardFigures = async (
  db: DbOrTx,
  user: SessionUser,
  q: { merchantCode?: string[]; includeSubMerchants?: boolean; from?: string; to?: string },
) => {
  const period = periodOf(q.from, q.to);
  const before = previousPeriod(period.from, period.to);
  const merchants = await merchantsFor(db, user, q);
  const oneDay = bucketOf(period.from, period.to) === 'hour';
  // One statement: a board takes one connection and one round trip, however busy the pool.
  const statement = dashboards(db, `${merchants.shape} ${oneDay ? 'hours' : 'days'}`, () =>
    dashboardStatement(merchants.shape, oneDay),
  );
  const { rows } = await statement({
    ...merchants.values,
    from: period.from,
    to: period.to,
    toNext: addDays(period.to, 1),
    beforeFrom: before.from,
  });
  const totals = rows[0].totals ?? [];
  const s = sumsOf(totals.find((t) => t.current));
  const was = sumsOf(totals.find((t) => !t.current));
  const net = Number(rows[0].net);
  const speed = mediansOf(rows[0].medians);
  const hours = rows[0].hours && {
    bucket: 'hour' as const,
    series: rows[0].hours.map((r) => ({ at: r.at, deposit: Number(r.deposit), withdraw: Number(r.withdraw) })),
  };
  const drawn = hours ?? {
    bucket: 'day' as const,
    series: rows[0].days.map(([at, deposit, withdraw]) => ({
      at,
      deposit: Number(deposit),
      withdraw: Number(withdraw),
    })),
  };
  return {
    deposit: { amount: s.payinAmount, count: s.payinCount },
    depositFee: s.payinFee,
    withdraw: { amount: s.payoutAmount, count: s.payoutCount },
    withdrawFee: s.payoutFee,
    reversedWithdraw: s.reversedAmount,
    commission: merchantCommission(s),
    settlement: s.settlementAmount,
    chargeback: s.chargebackAmount,
    currentBalance: merchantPeriodBalance(s),
    netBalance: -net,
    ...drawn,
    payinSuccessRate: {
      current: successRate(s.createdCount, s.succeededCount),
      previous: successRate(was.createdCount, was.succeededCount),
    },
    medianSecondsToSuccess: speed,
  };
};
