import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import {
  ALL_MERCHANTS,
  ALL_MERCHANTS_ID,
  ALL_PAYINS,
  columnOf,
  MEASURES,
  payinsParty,
  SPEED_BOUNDS,
  type Measure,
} from '../../../domain/rollups';
import type { SessionUser } from '../common/session-user';
import { MEASURE_COLUMNS, MEASURE_SUMS_BY_NAME } from '../ledger/rollup-folds';
import { dataScope, narrowCodes, scopeMerchantCodes, subMerchantsWithin } from '../common/scope';
import { named } from '../common/list-statements';

/**
 * The Dashboard's one statement (issue 13), made per shape of merchants and of period with its
 * values as placeholders, kept and turned into text once (issue 33, part 3); and the series the
 * Vendor Board shares.
 */
/** A Dashboard's days as its kept statement takes them: the period, the day after it, the period before's first day. */
const DAY = {
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  toNext: sql.placeholder('toNext'),
  beforeFrom: sql.placeholder('beforeFrom'),
};

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
const daysQuery = (merchants: Pieces) => sql`
    SELECT at, ${MEASURE_SUMS_BY_NAME}
    FROM ${rollupsOf(merchants.all)} WHERE span = 'day' AND at < ${DAY.toNext}::date
      AND ((party = ANY(${merchants.money}) AND at >= ${DAY.from}::date)
        OR (party = ANY(${merchants.funnel}) AND at >= ${DAY.beforeFrom}::date))
    GROUP BY at`;

// The periods' sums as one piece of text (drizzle walks every piece on each request).
const PERIOD_SUMS = sql.raw(MEASURES.map((m) => `sum("${m}") AS "${m}"`).join(', '));

/**
 * From the day sums: each period's totals (a row for the period, one for the previous), and every
 * day of the period with the two measures the chart draws, its start in IST with its offset. The
 * database adds them up: 60 day rows of every measure read and added in the server took a quarter
 * of a millisecond per request.
 */
const PERIODS_QUERY = sql`
    (SELECT json_agg(t) FROM (SELECT at >= ${DAY.from}::date AS current, ${PERIOD_SUMS} FROM days GROUP BY 1) t) AS totals,
    (SELECT json_agg(json_build_array(to_char(g.at, 'YYYY-MM-DD"T"HH24:MI:SS') || '+05:30',
        coalesce(d."payinAmount", 0), coalesce(d."payoutAmount", 0)) ORDER BY g.at)
       FROM generate_series(${DAY.from}::timestamp, ${DAY.to}::timestamp, interval '1 day') AS g(at)
       LEFT JOIN days d ON d.at = g.at) AS days`;

/**
 * Two measures by hour (a one-day period) or by day, every bucket of the period present, each
 * bucket's start in IST with its offset. The parties are SQL text arrays, so a statement may
 * compute them itself.
 */
export const seriesQuery = (
  span: 'hour' | 'day',
  period: { from: unknown; toNext: unknown },
  into: { deposit: [SQL, Measure]; withdraw: [SQL, Measure] },
  all = false,
) => {
  return sql`
    SELECT to_char(b.at, 'YYYY-MM-DD"T"HH24:MI:SS') || '+05:30' AS at,
      coalesce(sum(r.${sql.raw(columnOf(into.deposit[1]))}) FILTER (WHERE r.party = ANY(${into.deposit[0]})), 0) AS deposit,
      coalesce(sum(r.${sql.raw(columnOf(into.withdraw[1]))}) FILTER (WHERE r.party = ANY(${into.withdraw[0]})), 0) AS withdraw
    FROM generate_series(${period.from}::timestamp, ${period.toNext}::timestamp - ${`1 ${span}`}::interval, ${`1 ${span}`}::interval) AS b(at)
    LEFT JOIN ${rollupsOf(all)} ON r.span = ${span} AND r.at = b.at
      AND r.at >= ${period.from}::timestamp AND r.at < ${period.toNext}::timestamp
      AND (r.party = ANY(${into.deposit[0]}) OR r.party = ANY(${into.withdraw[0]}))
    GROUP BY b.at ORDER BY b.at`;
};

/** The merchants a dashboard adds up, as its statement takes them. */
export interface Merchants {
  /** The shape of the statement these merchants make, and the values of its placeholders. */
  shape: Shape;
  values: Record<string, unknown>;
}
type Shape = 'all' | 'chosen' | 'chosen within';

/**
 * The SQL of one shape of merchants, over the statement's merchants (`m`): every merchant's own
 * totals (the all-merchants parties, whose rows include pending ones), or the merchants chosen.
 */
interface Pieces {
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

/** Chosen merchants, with those of their sub-merchants the caller may see if asked (`within`: the caller's codes as `allowed`). */
const chosenPieces = (within: boolean): Pieces => ({
  all: false,
  chosen: sql`c AS (SELECT id FROM merchants WHERE code = ANY(${sql.placeholder('codes')}::text[])),
      m AS (SELECT id FROM c UNION SELECT s.id FROM merchants s JOIN c ON s.parent_id = c.id
        WHERE ${sql.placeholder('subs')}::boolean AND ${subMerchantsWithin(within ? [] : null, sql`s.code`, named)})`,
  // (With `named`, the list given stands for the placeholder `allowed`: only null or not matters here.)
  money: MERCHANT_ACCOUNTS,
  funnel: sql`ARRAY(SELECT ${sql.raw(`'${payinsParty('')}'`)} || id FROM m)`,
  speeds: sql`ARRAY(SELECT id FROM m)`,
});

/** Each shape's SQL, made once: a request only works out its shape and values. */
const PIECES: Record<Shape, Pieces> = {
  all: {
    all: true,
    chosen: sql`m AS (SELECT id FROM merchants)`,
    money: keys([ALL_MERCHANTS]),
    funnel: keys([ALL_PAYINS]),
    speeds: sql`ARRAY[${ALL_MERCHANTS_ID}::uuid]`,
  },
  chosen: chosenPieces(false),
  'chosen within': chosenPieces(true),
};

/** The merchants a dashboard adds up: those asked for that the caller may see, with those of their sub-merchants it may see if asked. */
export const merchantsFor = async (
  db: DbOrTx,
  user: SessionUser,
  q: { merchantCode?: string[]; includeSubMerchants?: boolean },
): Promise<Merchants> => {
  const allowed = scopeMerchantCodes(await dataScope(db, user));
  const codes = narrowCodes(q.merchantCode, allowed);
  if (codes === null) return { shape: 'all', values: {} };
  return {
    shape: allowed === null ? 'chosen' : 'chosen within',
    values: { codes, subs: q.includeSubMerchants ?? false, ...(allowed === null ? {} : { allowed }) },
  };
};

// Each bin of the histograms added up by PostgreSQL: two rows of SPEED_BOUNDS.length sums, not a
// few thousand arrays for the server to parse (every merchant's month was 6,000 rows, 20 ms).
const BIN_SUMS = sql.raw(SPEED_BOUNDS.map((_, bin) => `coalesce(sum(counts[${bin + 1}]), 0) AS b${bin}`).join(', '));

/** Each period's histogram bins added up: a row per period (current or not). */
const mediansQuery = (merchants: Pieces) => {
  const inDays = sql`day BETWEEN ${DAY.beforeFrom}::date AND ${DAY.to}::date`;
  // The all-merchants histogram has its pending successes as (day, bin, n) rows.
  const speeds = merchants.all
    ? sql`(SELECT day, counts FROM payin_speeds WHERE merchant_id = ${ALL_MERCHANTS_ID}::uuid AND ${inDays}
        UNION ALL SELECT day, array_agg(coalesce(n, 0) ORDER BY b.bin) FROM (SELECT DISTINCT day FROM speed_pending WHERE ${inDays}) d
          CROSS JOIN generate_series(0, ${SPEED_BOUNDS.length - 1}) AS b(bin)
          LEFT JOIN (SELECT day AS d2, bin, sum(n)::int AS n FROM speed_pending GROUP BY 1, 2) p ON p.d2 = d.day AND p.bin = b.bin
          GROUP BY day) s`
    : sql`(SELECT day, counts FROM payin_speeds WHERE merchant_id = ANY(${merchants.speeds}) AND ${inDays}) s`;
  return sql`SELECT day >= ${DAY.from}::date AS current, ${BIN_SUMS} FROM ${speeds} GROUP BY 1`;
};

export type DashboardRow = {
  totals: (Record<string, number> & { current: boolean })[] | null;
  days: [string, number, number][];
  net: string;
  hours: { at: string; deposit: number; withdraw: number }[] | null;
  medians: (Record<string, number> & { current: boolean })[];
};

/** The Dashboard's statement for one shape of merchants and of period, its values placeholders. */
export const dashboardStatement = (shape: Shape, oneDay: boolean) => {
  const merchants = PIECES[shape];
  return sql`
    WITH ${merchants.chosen}, days AS (${daysQuery(merchants)})
    SELECT ${PERIODS_QUERY},
      (SELECT coalesce(sum(balance), 0)::text FROM ledger_accounts WHERE key IN (${MERCHANT_KEYS})) AS net,
      ${
        oneDay
          ? sql`(SELECT json_agg(h) FROM (${seriesQuery(
              'hour',
              DAY,
              { deposit: [merchants.money, 'payinAmount'], withdraw: [merchants.money, 'payoutAmount'] },
              merchants.all,
            )}) h)`
          : sql`NULL::json`
      } AS hours,
      (SELECT coalesce(json_agg(s), '[]') FROM (${mediansQuery(merchants)}) s) AS medians`;
};
