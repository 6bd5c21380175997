import { sql, type SQL } from 'drizzle-orm';
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
import {
  ALL_MERCHANTS,
  ALL_MERCHANTS_ID,
  ALL_PAYINS,
  columnOf,
  MEASURES,
  medianSeconds,
  payinsParty,
  SPEED_BOUNDS,
  type Measure,
} from '../../../domain/rollups';
import type { SessionUser } from '../common/session-user';
import { periodOf, type Period } from './periods';
import { MEASURE_COLUMNS, MEASURE_SUMS_BY_NAME } from '../ledger/rollup-folds';
import { dataScope, narrowCodes, scopeMerchantCodes, subMerchantsWithin } from '../common/scope';

/**
 * The Dashboard and the Vendor Board (issue 13): a period's figures summed from the rollups (a
 * few rows per party and day), the net balance from the ledger, never a scan of the money events.
 */
const keys = (parties: string[]) => sql`${sql.param(parties)}::text[]`;

/**
 * The rollup rows to read: the all-merchants parties also have rows not folded in yet
 * (services/ledger/rollup-folds.ts), which count as much as the folded ones.
 */
const rollupsOf = (all: boolean) =>
  all
    ? sql`(SELECT party, span, at, ${MEASURE_COLUMNS} FROM money_rollups
        UNION ALL SELECT party, span, at, ${MEASURE_COLUMNS} FROM rollup_pending) r`
    : sql`money_rollups r`;

/**
 * The Dashboard's one pass over the day rows, summed per day in the database (`days`): the
 * merchants' measures over the period, and the pay-in funnel (its own rows, payins:<merchant>) over
 * the period and the one before, which is all the previous period shows. The two kinds of row carry
 * disjoint measures, so a day's sum holds both.
 */
const daysQuery = (merchants: Merchants, period: Period, before: Period) => sql`
    SELECT at, ${MEASURE_SUMS_BY_NAME}
    FROM ${rollupsOf(merchants.all)} WHERE span = 'day' AND at < ${addDays(period.to, 1)}::date
      AND ((party = ANY(${merchants.money}) AND at >= ${period.from}::date)
        OR (party = ANY(${merchants.funnel}) AND at >= ${before.from}::date))
    GROUP BY at`;

// The periods' sums as one piece of text (drizzle walks every piece on each request).
const PERIOD_SUMS = sql.raw(MEASURES.map((m) => `sum("${m}") AS "${m}"`).join(', '));

/**
 * From the day sums: each period's totals (a row for the period, one for the previous), and every
 * day of the period with the two measures the chart draws, its start in IST with its offset. The
 * database adds them up: 60 day rows of every measure read and added in the server took a quarter
 * of a millisecond per request.
 */
const periodsQuery = (period: Period) => sql`
    (SELECT json_agg(t) FROM (SELECT at >= ${period.from}::date AS current, ${PERIOD_SUMS} FROM days GROUP BY 1) t) AS totals,
    (SELECT json_agg(json_build_array(to_char(g.at, 'YYYY-MM-DD"T"HH24:MI:SS') || '+05:30',
        coalesce(d."payinAmount", 0), coalesce(d."payoutAmount", 0)) ORDER BY g.at)
       FROM generate_series(${period.from}::timestamp, ${period.to}::timestamp, interval '1 day') AS g(at)
       LEFT JOIN days d ON d.at = g.at) AS days`;

const sumsOf = (row: Record<string, unknown> | undefined) =>
  Object.fromEntries(MEASURES.map((m) => [m, Number(row?.[m] ?? 0)])) as Sums;

/**
 * Two measures by hour (a one-day period) or by day, every bucket of the period present, each
 * bucket's start in IST with its offset. The parties are SQL text arrays, so a statement may
 * compute them itself.
 */
export const seriesQuery = (
  period: Period,
  into: { deposit: [SQL, Measure]; withdraw: [SQL, Measure] },
  all = false,
) => {
  const span = bucketOf(period.from, period.to);
  return sql`
    SELECT to_char(b.at, 'YYYY-MM-DD"T"HH24:MI:SS') || '+05:30' AS at,
      coalesce(sum(r.${sql.raw(columnOf(into.deposit[1]))}) FILTER (WHERE r.party = ANY(${into.deposit[0]})), 0) AS deposit,
      coalesce(sum(r.${sql.raw(columnOf(into.withdraw[1]))}) FILTER (WHERE r.party = ANY(${into.withdraw[0]})), 0) AS withdraw
    FROM generate_series(${period.from}::timestamp, ${addDays(period.to, 1)}::timestamp - ${`1 ${span}`}::interval, ${`1 ${span}`}::interval) AS b(at)
    LEFT JOIN ${rollupsOf(all)} ON r.span = ${span} AND r.at = b.at
      AND r.at >= ${period.from}::timestamp AND r.at < ${addDays(period.to, 1)}::timestamp
      AND (r.party = ANY(${into.deposit[0]}) OR r.party = ANY(${into.withdraw[0]}))
    GROUP BY b.at ORDER BY b.at`;
};

/**
 * The parties a dashboard adds up, as SQL over the statement's merchants (`m`): every merchant's
 * own totals (the all-merchants parties, whose rows include pending ones), or the merchants chosen.
 */
interface Merchants {
  all: boolean;
  /** The WITH item naming the merchants: m(id). */
  chosen: SQL;
  money: SQL;
  funnel: SQL;
  speeds: SQL;
}

/** The ledger accounts (and rollup parties) of the statement's merchants `m`. */
const MERCHANT_KEYS = sql`SELECT 'merchant:' || id FROM m`;
const MERCHANT_ACCOUNTS = sql`ARRAY(${MERCHANT_KEYS})`;

/** The merchants a dashboard adds up: those asked for that the caller may see, with those of their sub-merchants it may see if asked. */
const merchantsFor = async (
  db: DbOrTx,
  user: SessionUser,
  q: { merchantCode?: string[]; includeSubMerchants?: boolean },
): Promise<Merchants> => {
  const allowed = scopeMerchantCodes(await dataScope(db, user));
  const codes = narrowCodes(q.merchantCode, allowed);
  if (codes === null)
    return {
      all: true,
      chosen: sql`m AS (SELECT id FROM merchants)`,
      money: keys([ALL_MERCHANTS]),
      funnel: keys([ALL_PAYINS]),
      speeds: sql`ARRAY[${ALL_MERCHANTS_ID}::uuid]`,
    };
  return {
    all: false,
    chosen: sql`c AS (SELECT id FROM merchants WHERE code = ANY(${sql.param(codes)}::text[])),
      m AS (SELECT id FROM c UNION SELECT s.id FROM merchants s JOIN c ON s.parent_id = c.id
        WHERE ${q.includeSubMerchants ?? false}::boolean AND ${subMerchantsWithin(allowed, sql`s.code`)})`,
    money: MERCHANT_ACCOUNTS,
    funnel: sql`ARRAY(SELECT ${sql.raw(`'${payinsParty('')}'`)} || id FROM m)`,
    speeds: sql`ARRAY(SELECT id FROM m)`,
  };
};

// Each bin of the histograms added up by PostgreSQL: two rows of SPEED_BOUNDS.length sums, not a
// few thousand arrays for the server to parse (every merchant's month was 6,000 rows, 20 ms).
const BIN_SUMS = sql.raw(SPEED_BOUNDS.map((_, bin) => `coalesce(sum(counts[${bin + 1}]), 0) AS b${bin}`).join(', '));

/** Each period's histogram bins added up: a row per period (current or not). */
const mediansQuery = (merchants: Merchants, now: Period, before: Period) => {
  const inDays = sql`day BETWEEN ${before.from}::date AND ${now.to}::date`;
  // The all-merchants histogram has its pending successes as (day, bin, n) rows.
  const speeds = merchants.all
    ? sql`(SELECT day, counts FROM payin_speeds WHERE merchant_id = ${ALL_MERCHANTS_ID}::uuid AND ${inDays}
        UNION ALL SELECT day, array_agg(coalesce(n, 0) ORDER BY b.bin) FROM (SELECT DISTINCT day FROM speed_pending WHERE ${inDays}) d
          CROSS JOIN generate_series(0, ${SPEED_BOUNDS.length - 1}) AS b(bin)
          LEFT JOIN (SELECT day AS d2, bin, sum(n)::int AS n FROM speed_pending GROUP BY 1, 2) p ON p.d2 = d.day AND p.bin = b.bin
          GROUP BY day) s`
    : sql`(SELECT day, counts FROM payin_speeds WHERE merchant_id = ANY(${merchants.speeds}) AND ${inDays}) s`;
  return sql`SELECT day >= ${now.from}::date AS current, ${BIN_SUMS} FROM ${speeds} GROUP BY 1`;
};

/** The median time to SUCCESS of each period, from its histogram. */
const mediansOf = (rows: (Record<string, number> & { current: boolean })[]) => {
  const histogram = (current: boolean) => {
    const row = rows.find((r) => r.current === current);
    return new Map(SPEED_BOUNDS.map((_, bin) => [bin, Number(row?.[`b${bin}`] ?? 0)]));
  };
  return { current: medianSeconds(histogram(true)), previous: medianSeconds(histogram(false)) };
};

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
  const { rows } = await db.execute<{
    totals: (Record<string, number> & { current: boolean })[] | null;
    days: [string, number, number][];
    net: string;
    hours: { at: string; deposit: number; withdraw: number }[] | null;
    medians: (Record<string, number> & { current: boolean })[];
  }>(sql`
    WITH ${merchants.chosen}, days AS (${daysQuery(merchants, period, before)})
    SELECT ${periodsQuery(period)},
      (SELECT coalesce(sum(balance), 0)::text FROM ledger_accounts WHERE key IN (${MERCHANT_KEYS})) AS net,
      ${
        oneDay
          ? sql`(SELECT json_agg(h) FROM (${seriesQuery(
              period,
              { deposit: [merchants.money, 'payinAmount'], withdraw: [merchants.money, 'payoutAmount'] },
              merchants.all,
            )}) h)`
          : sql`NULL::json`
      } AS hours,
      (SELECT coalesce(json_agg(s), '[]') FROM (${mediansQuery(merchants, period, before)}) s) AS medians`);
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
