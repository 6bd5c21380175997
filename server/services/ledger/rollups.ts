import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import {
  allPartyOf,
  collectedParty,
  MEASURES,
  mergeDeltas,
  payinsParty,
  rollupDeltas,
  speedBinOf,
  SPEED_BOUNDS,
  type Deltas,
} from '../../../domain/rollups';
import type { AccountKey, Line } from '../../../domain/ledger';
import { ADD_COUNTS, ADD_MEASURES, foldAllFromParties, MEASURE_COLUMNS, MEASURE_SUMS } from './rollup-folds';

/**
 * Keeps the rollups of domain/rollups.ts in the caller's transaction: one statement adds a batch's
 * deltas to the day and hour rows of each party. Every row is added to only under the lock its
 * party's money already takes (a merchant's, vendor's or bank's ledger account), or by the one
 * kind of write it counts (entries, pay-in creation): it adds no wait of its own.
 */
export interface RollupRow {
  party: string;
  /** When it happened; the transaction's time when left out. */
  at?: Date;
  deltas: Deltas;
}

// The statement's fixed text comes in few pieces (the measures' from rollup-folds.ts; the arrays'
// cast is their separator): drizzle walks every piece of a statement on each write, and the
// measures' names, sums and updates as pieces of their own were a tenth of the server's time
// creating a pay-in.
const AS_BIGINTS = sql.raw('::bigint[], ');

/** The arrays a batch of rollup rows is sent as, by name: the party, its all-merchants party, when, each measure. */
const rollupArrays = (rows: readonly RollupRow[]): Record<string, unknown[]> => ({
  party: rows.map((r) => r.party),
  allParty: rows.map((r) => allPartyOf(r.party)),
  at: rows.map((r) => r.at?.toISOString() ?? null),
  ...Object.fromEntries(MEASURES.map((m) => [m, rows.map((r) => r.deltas[m] ?? 0)])),
});
const ARRAY_NAMES = Object.keys(rollupArrays([]));

/** The values of rollupWritesPrepared's placeholders (`roll_<array>`) for some rows. */
export const rollupValues = (rows: readonly RollupRow[]): Record<string, unknown[]> =>
  Object.fromEntries(Object.entries(rollupArrays(rows)).map(([k, v]) => [`roll_${k}`, v]));

/**
 * The rollups' writes as the bodies of three common table expressions (`b` the rows, `pending`,
 * `rolled`), from the arrays of rollupArrays (each a parameter or a placeholder), only `when` it
 * holds: so that a statement writing what is counted writes its rollups too (payin-create.ts).
 */
const rollupWrites = (arrays: Record<string, SQLWrapper>, when?: SQL) => ({
  b: sql`SELECT v.*, s.span, date_trunc(s.span, coalesce(v.at, now()) AT TIME ZONE 'Asia/Kolkata') AS bucket
      FROM unnest(${arrays.party}::text[], ${arrays.allParty}::text[], ${arrays.at}::timestamptz[],
        ${sql.join(
          MEASURES.map((m) => arrays[m]),
          AS_BIGINTS,
        )}::bigint[]) AS v(party, all_party, at, ${MEASURE_COLUMNS})
      CROSS JOIN (VALUES ('day'), ('hour')) AS s(span)${when ? sql` WHERE ${when}` : sql``}`,
  // The all-merchants totals are appended as pending rows (folded every second, services/ledger/rollup-folds.ts):
  // added to here, their few rows would make every transaction that moves money wait on the others.
  pending: sql`INSERT INTO rollup_pending (party, span, at, ${MEASURE_COLUMNS})
      SELECT b.all_party, b.span, b.bucket, ${MEASURE_SUMS} FROM b WHERE b.all_party IS NOT NULL GROUP BY 1, 2, 3`,
  rolled: sql`INSERT INTO money_rollups (party, span, at, ${MEASURE_COLUMNS})
      SELECT b.party, b.span, b.bucket, ${MEASURE_SUMS} FROM b
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (party, span, at) DO UPDATE SET ${ADD_MEASURES}`,
});

/** rollupWrites with its arrays as placeholders (rollupValues), for a statement prepared once. */
export const rollupWritesPrepared = (when?: SQL) =>
  rollupWrites(Object.fromEntries(ARRAY_NAMES.map((k) => [k, sql.placeholder(`roll_${k}`)])), when);

export const addRollups = async (tx: DbOrTx, rows: readonly RollupRow[]) => {
  const kept = rows.filter((r) => Object.values(r.deltas).some((v) => v !== 0));
  if (kept.length === 0) return;
  const w = rollupWrites(Object.fromEntries(Object.entries(rollupArrays(kept)).map(([k, v]) => [k, sql.param(v)])));
  await tx.execute(sql`WITH b AS (${w.b}), pending AS (${w.pending}) ${w.rolled}`);
};

/** A journal as the rollups read it; `startedAt` is when the pay-in it pays was created. */
export interface RolledJournal {
  kind: string;
  lines: readonly Line[];
  at?: Date;
  startedAt?: Date | null;
}

/** The rows one pay-in's success (or its reversal) adds on its creation's hour. */
const funnelRows = (j: RolledJournal): RollupRow[] => {
  if (!j.startedAt || !j.kind.startsWith('payin.')) return [];
  const merchant = j.lines.find((l) => l.account.startsWith('merchant:'))?.account as AccountKey | undefined;
  if (!merchant) return [];
  const party = payinsParty(merchant.slice('merchant:'.length));
  return [{ party, at: j.startedAt, deltas: { succeededCount: j.kind === 'payin.reversal' ? -1 : 1 } }];
};

/** Adds the histogram rows of successes: how long each pay-in took, on the IST day it succeeded. */
const addSpeeds = async (tx: DbOrTx, journals: readonly RolledJournal[]) => {
  const timed = journals.filter((j) => j.kind === 'payin.success' && j.startedAt);
  if (timed.length === 0) return;
  // A journal written now is stamped with the transaction's clock, as a rebuild reads it: the
  // server's own clock would put a pay-in at a bin's edge in the next bin now and then.
  const now = timed.every((j) => j.at) ? null : (await tx.execute<{ now: Date }>(sql`SELECT now() AS now`)).rows[0].now;
  const rows = timed.flatMap((j) => {
    const merchant = j.lines.find((l) => l.account.startsWith('merchant:'))?.account;
    if (!merchant) return [];
    const at = j.at ?? new Date(now!);
    const seconds = Math.max(0, (at.getTime() - j.startedAt!.getTime()) / 1000);
    return [{ merchant: merchant.slice('merchant:'.length), at: j.at ?? null, bin: speedBinOf(seconds) }];
  });
  if (rows.length === 0) return;
  await tx.execute(sql`
    WITH v AS (
      SELECT v.merchant, (coalesce(v.at, now()) AT TIME ZONE 'Asia/Kolkata')::date AS day, v.bin
      FROM unnest(${sql.param(rows.map((r) => r.merchant))}::uuid[],
        ${sql.param(rows.map((r) => r.at?.toISOString() ?? null))}::timestamptz[],
        ${sql.param(rows.map((r) => r.bin))}::int[]) AS v(merchant, at, bin)),
    pending AS (INSERT INTO speed_pending (day, bin, n) SELECT day, bin, count(*) FROM v GROUP BY 1, 2)
    INSERT INTO payin_speeds (merchant_id, day, counts)
    SELECT merchant, day, array_agg(n ORDER BY bin) FROM (
      SELECT v.merchant, v.day, b.bin, (count(*) FILTER (WHERE v.bin = b.bin))::int AS n
      FROM v CROSS JOIN generate_series(0, ${SPEED_BOUNDS.length - 1}) AS b(bin)
      GROUP BY 1, 2, 3) x
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (merchant_id, day) DO UPDATE SET counts = ${ADD_COUNTS}`);
};

/** What posted journals add to the rollups, in the journals' transaction (services/ledger/ledger.ts). */
export const rollUpJournals = async (tx: DbOrTx, journals: readonly RolledJournal[]) => {
  const live = mergeDeltas(journals.filter((j) => !j.at).flatMap((j) => rollupDeltas(j.kind, j.lines)));
  const dated = journals
    .filter((j) => j.at)
    .flatMap((j) => rollupDeltas(j.kind, j.lines).map((d) => ({ ...d, at: j.at })));
  await addRollups(tx, [...live, ...dated, ...journals.flatMap(funnelRows)]);
  await addSpeeds(tx, journals);
};

/** Bank entries recorded: collected on their account's own party (never the account's ledger row). */
export const rollUpEntries = (
  tx: DbOrTx,
  entries: readonly { bankAccountId: string; amount: number; createdAt?: Date }[],
) =>
  addRollups(
    tx,
    entries.map((e) => ({
      party: collectedParty(e.bankAccountId),
      at: e.createdAt,
      deltas: { collectedCount: 1, collectedAmount: e.amount },
    })),
  );

/** A real pay-in created (services/payins/payin-create.ts): counted on its merchant's funnel for the success rate. */
export const createdRollup = (merchantId: string, at?: Date): RollupRow => ({
  party: payinsParty(merchantId),
  at,
  deltas: { createdCount: 1 },
});

const REBUILD_BATCH = 5000;

/**
 * Builds every rollup again from the ledger, the bank entries and the pay-ins (a new database, or
 * history written around the services, as the benches do), when rollup_state asks for it. Runs
 * in one transaction that keeps writers of money out meanwhile.
 */
export const rebuildRollupsIfAsked = async (db: Db) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('rollups:rebuild', 0))`);
    const { rows } = await tx.execute(sql`SELECT 1 FROM rollup_state WHERE rebuild_after IS NOT NULL`);
    if (rows.length === 0) return false;
    await tx.execute(sql`LOCK TABLE ledger_journals, bank_entries, payins IN SHARE MODE`);
    await tx.execute(sql`TRUNCATE money_rollups, payin_speeds`);
    for (let after = 0; ; ) {
      const batch = await tx.execute<{
        id: string;
        kind: string;
        at: Date;
        started_at: Date | null;
        lines: { account: AccountKey; amount: string }[];
      }>(sql`
        SELECT j.id, j.kind, j.created_at AS at,
          (SELECT p.created_at FROM payins p WHERE j.entity = 'payins' AND p.id = j.entity_id) AS started_at,
          (SELECT json_agg(json_build_object('account', a.key, 'amount', e.amount::text))
             FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.journal_id = j.id) AS lines
        FROM ledger_journals j WHERE j.id > ${after} ORDER BY j.id LIMIT ${REBUILD_BATCH}`);
      if (batch.rows.length === 0) break;
      await rollUpJournals(
        tx,
        batch.rows.map((r) => ({
          kind: r.kind,
          at: new Date(r.at),
          startedAt: r.started_at ? new Date(r.started_at) : null,
          lines: r.lines.map((l) => ({ account: l.account, amount: Number(l.amount) })),
        })),
      );
      after = Number(batch.rows[batch.rows.length - 1].id);
    }
    await tx.execute(sql`
      INSERT INTO money_rollups (party, span, at, collected_count, collected_amount)
      SELECT 'collected:' || bank_account_id, s.span, date_trunc(s.span, created_at AT TIME ZONE 'Asia/Kolkata'), count(*), sum(amount)
      FROM bank_entries CROSS JOIN (VALUES ('day'), ('hour')) AS s(span) GROUP BY 1, 2, 3
      ON CONFLICT (party, span, at) DO UPDATE SET collected_count = excluded.collected_count, collected_amount = excluded.collected_amount`);
    await tx.execute(sql`
      INSERT INTO money_rollups (party, span, at, created_count)
      SELECT 'payins:' || merchant_id, s.span, date_trunc(s.span, created_at AT TIME ZONE 'Asia/Kolkata'), count(*)
      FROM payins CROSS JOIN (VALUES ('day'), ('hour')) AS s(span) WHERE NOT test GROUP BY 1, 2, 3
      ON CONFLICT (party, span, at) DO UPDATE SET created_count = excluded.created_count`);
    await foldAllFromParties(tx);
    await tx.execute(sql`DELETE FROM rollup_state`);
    return true;
  });

/** Asks for a rebuild at the next start (history written around the services). */
export const askRollupRebuild = (db: DbOrTx) =>
  db.execute(sql`INSERT INTO rollup_state (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET rebuild_after = now()`);

/**
 * History written as of its own time (the demo's past days): each journal and its entries are
 * dated when their event happened — a success when it completed, anything else when its record
 * last changed, a chargeback when it was recorded — and the rollups are built again. Only the
 * times move (the ledger's guard allows nothing else, and only in a transaction that says so).
 */
export const dateJournalsAtTheirEvents = async (db: Db) => {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL ledger.import_history = 'on'`);
    for (const [entity, table] of [
      ['payins', 'payins'],
      ['payouts', 'payouts'],
      ['settlements', 'settlements'],
      ['vendor-settlements', 'vendor_settlements'],
    ] as const)
      await tx.execute(sql`
        UPDATE ledger_journals j SET created_at = CASE WHEN j.kind LIKE '%.success' THEN coalesce(t.completed_at, t.updated_at) ELSE t.updated_at END
        FROM ${sql.identifier(table)} t WHERE j.entity = ${entity} AND j.entity_id = t.id`);
    await tx.execute(sql`
      UPDATE ledger_journals j SET created_at = l.created_at FROM liens l WHERE j.entity = 'liens' AND j.entity_id = l.id`);
    await tx.execute(sql`
      UPDATE ledger_entries e SET created_at = j.created_at FROM ledger_journals j
      WHERE j.id = e.journal_id AND e.created_at <> j.created_at`);
  });
  await askRollupRebuild(db);
  await rebuildRollupsIfAsked(db);
};
