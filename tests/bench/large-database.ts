import pg from 'pg';
import type { Database } from '../../server/db';
import { openDatabase } from '../../server/database';
import { seedDemo } from '../../server/demo/seed';
import { foldPending } from '../../server/services/ledger/rollup-folds';
import { DEFAULT_HASH_COST, setPasswordHashCost } from '../../server/services/identity/passwords';
import { onCleanup } from './cleanup';
import type { LargeResult } from './large';
import { seedBoards } from './seed/boards';
import { poolOf } from './seed/scale';
import type { Settings } from './settings';
import { openBenchDatabase, postgresReachable } from './targets';

/**
 * The large bench's database: the one of LARGE_DATABASE_URL, seeded before and used as it is
 * (ANALYZE only), once its seed has finished; or a throwaway one seeded here.
 */
/** A positive whole number from the environment (LARGE_*), or its fallback. */
export const knob = (name: string, fallback: number) => {
  const v = Number(process.env[name] || fallback);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} must be a positive whole number`);
  return v;
};
export const LARGE_PAYINS = knob('LARGE_PAYINS', 10_000_000);
export const LARGE_PAYOUTS = knob('LARGE_PAYOUTS', 2_000_000);
export const LARGE_SHAPE = { merchants: 500, bankAccounts: 100, days: 180 };
export const LARGE_VENDORS = 20;
/** The demo merchant user's merchant: a mid-sized generated one. */
export const MID_MERCHANT = 'M010';

export interface Opened {
  database: Database;
  url: string;
  where: string;
  version: string;
  seeded: boolean;
  close: () => Promise<void>;
}

/** Rows of the big tables as the planner estimates them (counting takes long), of the small ones counted. */
const estimate = async (pool: pg.Pool) => {
  const { rows } = await pool.query<{ name: string; n: string }>(
    `SELECT relname AS name, reltuples::bigint AS n FROM pg_class WHERE relkind = 'r' AND relname IN
       ('payins', 'payouts', 'ledger_journals', 'ledger_entries', 'money_rollups', 'payin_speeds')
     UNION ALL SELECT 'merchants', count(*) FROM merchants UNION ALL SELECT 'vendors', count(*) FROM vendors`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
};

/**
 * Why the database of LARGE_DATABASE_URL cannot be used yet, or null: its seed still running (any
 * other busy session on it), no journals, no rollups or pay-in speeds (the seed's last step), or
 * its rollups waiting for a rebuild (opening it would start one).
 */
const notReady = async (url: string): Promise<string | null> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      busy: number;
      entries: string;
      payins: string;
      rollups: string;
      speeds: string;
      asked: number;
    }>(
      `SELECT (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
                 AND state <> 'idle') AS busy,
         (SELECT reltuples::bigint FROM pg_class WHERE relname = 'ledger_entries' AND relkind = 'r') AS entries,
         (SELECT reltuples::bigint FROM pg_class WHERE relname = 'payins' AND relkind = 'r') AS payins,
         (SELECT count(*) FROM (SELECT 1 FROM money_rollups LIMIT 1000) x) AS rollups,
         (SELECT count(*) FROM (SELECT 1 FROM payin_speeds LIMIT 1) x) AS speeds,
         (SELECT count(*)::int FROM rollup_state WHERE rebuild_after IS NOT NULL) AS asked`,
    );
    const r = rows[0];
    if (r.busy > 0) return `${r.busy} other sessions busy on it (still being generated?)`;
    // A finished pay-in posts three to five entries: fewer entries than pay-ins is a seed still writing them.
    if (Number(r.entries) < Math.max(1, Number(r.payins)))
      return `about ${r.entries} ledger entries for ${r.payins} pay-ins: not seeded yet`;
    if (Number(r.rollups) < 1_000 || Number(r.speeds) < 1) return 'its rollups are not filled yet';
    if (r.asked > 0) return 'its rollups wait for a rebuild';
    return null;
  } finally {
    await client.end();
  }
};

/**
 * Folds the all-merchants totals appended as pending rows, and vacuums the pending tables: they
 * are queues (rows appended, folded and deleted every second), which autovacuum keeps small on a
 * server with it on; this machine's test server has it off, and a pending table holding 264,000
 * dead rows took 6.6 ms of the all-merchants Dashboard's 9 ms to scan.
 */
export const foldAndVacuum = async (database: Database) => {
  await foldPending(database.db);
  await poolOf(database).query('VACUUM rollup_pending, speed_pending');
};

/** The seeded database of LARGE_DATABASE_URL (checked, analyzed), or a throwaway one seeded here. */
export const openLarge = async (
  settings: Settings,
  log: (line: string) => void,
  out: LargeResult,
): Promise<Opened | null> => {
  const given = process.env.LARGE_DATABASE_URL;
  const url = given || settings.postgresUrl;
  const reason = await postgresReachable(url);
  if (reason) {
    out.skipped = `PostgreSQL not reachable: ${reason}`;
    return null;
  }
  if (given) {
    const unready = await notReady(given);
    if (unready) {
      out.skipped = `LARGE_DATABASE_URL: ${unready}`;
      return null;
    }
    const database = await openDatabase(given);
    const close = onCleanup('large database pool', () => database.close());
    const pool = poolOf(database);
    log('large: ANALYZE of the given database');
    // Totals a run before left unfolded would be read as pending rows by the all-merchants board.
    await foldAndVacuum(database);
    await pool.query('ANALYZE');
    out.counts = await estimate(pool);
    const { rows } = await pool.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    const name = new URL(given).pathname.slice(1);
    const version = rows[0].v.replace(/\s*\(.*\)\s*$/, '');
    return { database, url: given, where: `seeded database ${name}`, version, seeded: false, close };
  }
  const opened = await openBenchDatabase('postgres', settings.postgresUrl);
  await seedLarge(opened.database, log, out);
  return { ...opened, url: opened.url!, seeded: true };
};

/**
 * Seeds the large bench's data into an open, migrated database: the demo, LARGE_PAYINS pay-ins and
 * LARGE_PAYOUTS pay-outs with journals and rollups, the demo merchant and vendor users pointed at
 * generated ones. Used by openLarge and by large-seed.ts (a database kept for LARGE_DATABASE_URL).
 */
export const seedLarge = async (
  database: Database,
  log: (line: string) => void,
  out: Pick<LargeResult, 'seed' | 'problems' | 'counts'>,
) => {
  // The sign-in figures are at production's cost: the demo users' hashes are made at it.
  setPasswordHashCost(DEFAULT_HASH_COST);
  await seedDemo(database.db);
  const pool = poolOf(database);
  const n = (v: number) => v.toLocaleString('en-US');
  log(`large: generating ${n(LARGE_PAYINS)} pay-ins, ${n(LARGE_PAYOUTS)} pay-outs, their journals and rollups`);
  out.seed = await seedBoards(database.db, pool, LARGE_PAYINS, LARGE_PAYOUTS, {
    shape: LARGE_SHAPE,
    vendors: LARGE_VENDORS,
    journals: true,
  });
  out.problems.push(...out.seed.disagreements);
  await pool.query(`UPDATE users SET merchant_codes = ARRAY['${MID_MERCHANT}'] WHERE user_name = 'merchant'`);
  // The vendor owning the most generated pay-in accounts.
  await pool.query(`UPDATE users SET vendor_code = (SELECT v.code FROM vendors v JOIN bank_accounts b ON b.vendor_id = v.id
      WHERE b.nickname LIKE 'DEP-%' AND b.used_for = 'PAYIN' GROUP BY v.code ORDER BY count(*) DESC, v.code LIMIT 1)
    WHERE user_name = 'vendor'`);
  out.counts = await estimate(pool);
};
