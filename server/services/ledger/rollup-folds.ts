import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { repeatEvery } from '../common/jobs';
import { ALL_MERCHANTS, ALL_MERCHANTS_ID, ALL_PAYINS, columnOf, MEASURES, SPEED_BOUNDS } from '../../../domain/rollups';

/**
 * The all-merchants totals (domain/rollups.ts ALL_MERCHANTS, ALL_PAYINS and the histogram of
 * ALL_MERCHANTS_ID): the transactions that move money append what they add to pending rows
 * (services/ledger/rollups.ts), and this folds those rows in, each in one statement that deletes what it
 * adds, so the folded rows plus the pending ones are the exact totals in every snapshot. Only this
 * writes those parties' rows: no transaction that moves money ever waits on them.
 */
/** The measures' columns, their sums and their upsert's additions: fixed text, each one piece. */
export const MEASURE_COLUMNS = sql.raw(MEASURES.map(columnOf).join(', '));
export const MEASURE_SUMS = sql.raw(MEASURES.map((m) => `sum(${columnOf(m)})`).join(', '));
/** Each measure's sum over rollup rows `r`, named by the measure (0 when there are none). */
export const MEASURE_SUMS_BY_NAME = sql.raw(
  MEASURES.map((m) => `coalesce(sum(r.${columnOf(m)}), 0)::bigint AS "${m}"`).join(', '),
);
export const ADD_MEASURES = sql.raw(
  MEASURES.map((m) => `${columnOf(m)} = money_rollups.${columnOf(m)} + excluded.${columnOf(m)}`).join(', '),
);

/** Two histograms added bin by bin, in an upsert of payin_speeds. */
export const ADD_COUNTS = sql.raw(`(SELECT array_agg(u.a + u.b ORDER BY u.i)
  FROM unnest(payin_speeds.counts, excluded.counts) WITH ORDINALITY AS u(a, b, i))`);

/** The histogram rows of ALL_MERCHANTS_ID for the (day, bin, n) rows of `counted`, a CTE the caller defines. */
const speedRows = (counted: SQL) => sql`
  WITH counted AS (${counted}), per AS (SELECT day, bin, sum(n)::int AS n FROM counted GROUP BY 1, 2)
  INSERT INTO payin_speeds (merchant_id, day, counts)
  SELECT ${ALL_MERCHANTS_ID}::uuid, d.day, array_agg(coalesce(p.n, 0) ORDER BY b.bin)
  FROM (SELECT DISTINCT day FROM per) d CROSS JOIN generate_series(0, ${SPEED_BOUNDS.length - 1}) AS b(bin)
  LEFT JOIN per p ON p.day = d.day AND p.bin = b.bin
  GROUP BY d.day ORDER BY d.day
  ON CONFLICT (merchant_id, day) DO UPDATE SET counts = ${ADD_COUNTS}`;

/** Folds the pending rows in; one server at a time (the others skip the turn). Returns the rows folded. */
export const foldPending = (db: Db): Promise<number> =>
  db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ got: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(hashtextextended('rollups:fold', 0)) AS got`,
    );
    if (!rows[0].got) return 0;
    const folded = await tx.execute(sql`
      WITH moved AS (DELETE FROM rollup_pending RETURNING *)
      INSERT INTO money_rollups (party, span, at, ${MEASURE_COLUMNS})
      SELECT party, span, at, ${MEASURE_SUMS} FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (party, span, at) DO UPDATE SET ${ADD_MEASURES}`);
    await tx.execute(speedRows(sql`DELETE FROM speed_pending RETURNING day, bin, n`));
    return folded.rowCount ?? 0;
  });

/**
 * The all-merchants rows built from every merchant's (after a rebuild, or history written around
 * the services): what the pending rows would have folded into.
 */
export const foldAllFromParties = async (tx: DbOrTx) => {
  await tx.execute(sql`DELETE FROM money_rollups WHERE party IN (${ALL_MERCHANTS}, ${ALL_PAYINS})`);
  await tx.execute(sql`DELETE FROM payin_speeds WHERE merchant_id = ${ALL_MERCHANTS_ID}::uuid`);
  await tx.execute(sql`TRUNCATE rollup_pending, speed_pending`);
  await tx.execute(sql`
    INSERT INTO money_rollups (party, span, at, ${MEASURE_COLUMNS})
    SELECT CASE WHEN party LIKE 'merchant:%' THEN ${ALL_MERCHANTS} ELSE ${ALL_PAYINS} END, span, at, ${MEASURE_SUMS}
    FROM money_rollups WHERE party LIKE 'merchant:%' OR party LIKE 'payins:%' GROUP BY 1, 2, 3`);
  await tx.execute(
    speedRows(sql`SELECT day, u.i - 1 AS bin, u.c AS n FROM payin_speeds, unnest(counts) WITH ORDINALITY AS u(c, i)`),
  );
};

/** Folds every second (or as configured) until stopped; a failed turn is logged and the next tries again. */
export const startFoldJob = (db: Db, log: { warn: (o: object, m: string) => void }, intervalMs = 1000) =>
  repeatEvery(
    'folds',
    intervalMs,
    () => foldPending(db),
    (error) => log.warn({ err: error }, 'folding rollups failed'),
  );
