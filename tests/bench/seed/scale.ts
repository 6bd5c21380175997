/**
 * Generated data for the lists-at-scale bench, written by PostgreSQL itself (INSERT … SELECT
 * generate_series): row-by-row inserts through the ORM cost seconds per 100k rows.
 * On top of the demo data (seedDemo), up to the totals asked for:
 *   - merchants coded M10001… (60 %, so the filter code=M1 keeps that share) and M26001… (the rest);
 *     every tenth one is a sub-merchant of the one before it;
 *   - vendors VEN-S01… beside the two demo vendors;
 *   - bank accounts BA-000001… spread evenly over all vendors (the demo vendor VEN-ALPHA included),
 *     each linked to 1–3 merchants.
 *
 * Also a script: node --import tsx tests/bench/seed/scale.ts postgres://postgres@127.0.0.1:5432/<database>
 * migrates that (existing, local) database and seeds it with the defaults.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Database } from '../../../server/db';
import { openDatabase } from '../../../server/database';
import { seedDemo } from '../../../server/demo/seed';

export interface ScaleTargets {
  merchants: number;
  bankAccounts: number;
  vendors: number;
}

export interface SeedResult {
  /** Totals in the database afterwards. */
  merchants: number;
  subMerchants: number;
  /** Merchants the filter code=M1 keeps. */
  codeM1: number;
  vendors: number;
  bankAccounts: number;
  links: number;
  /** Accounts of each vendor: fewest and most. */
  accountsPerVendor: { min: number; max: number };
  /** Milliseconds per step and in all (demo data included). */
  ms: {
    demo: number;
    vendors: number;
    merchants: number;
    bankAccounts: number;
    links: number;
    analyze: number;
    total: number;
  };
}

/** Share of generated merchants whose code starts with M1. */
const M1_SHARE = 0.6;
/** Every n-th generated merchant is a sub-merchant of the one generated just before it. */
const SUB_EVERY = 10;

/** Made-up banks and IFSC prefixes (four letters, as the API's pattern wants). */
const BANKS = [
  'Alder Bank',
  'Birch Bank',
  'Cedar Bank',
  'Deodar Bank',
  'Elm Bank',
  'Fir Bank',
  'Gulmohar Bank',
  'Hazel Bank',
];
const IFSC = ['ALDR', 'BRCH', 'CEDR', 'DEOD', 'ELMB', 'FIRB', 'GULM', 'HAZL'];
const textArray = (items: string[]) => `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

type Query = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;

/** Code of the i-th generated merchant (SQL, i an integer expression); m1 of them start with M1. */
const codeOf = (i: string, m1: number) =>
  `(CASE WHEN ${i} <= ${m1} THEN 'M' || (10000 + ${i}) ELSE 'M' || (20000 + ${i}) END)`;

const merchantColumns = `code, name, site_url, return_url, payin_callback_url, payout_callback_url, api_key_hash, api_key_prefix, signing_secret,
  min_payin, max_payin, min_payout, max_payout, payin_fee_bps, payout_fee_bps, test_mode, enabled, parent_id, created_by, created_at, updated_at`;
const merchantValues = (
  m1: number,
  parent: string,
) => `${codeOf('i', m1)}, 'Merchant ' || i, 'https://m' || i || '.example', 'https://m' || i || '.example/return',
  'https://m' || i || '.example/callbacks/payin', 'https://m' || i || '.example/callbacks/payout',
  encode(sha256(('bench-key-' || i)::bytea), 'hex'), 'pg_live_' || substr(md5(i::text), 1, 4), md5('bench-secret-' || i),
  10000, 10000000, 50000, 20000000, 150 + i % 200, 100 + i % 100, i % 25 = 0, i % 40 <> 0, ${parent}, $1::uuid,
  now() - make_interval(secs => i * 3000), now() - make_interval(secs => i * 3000)`;

/** Adds generated rows until the totals are reached (an already larger table is left alone). */
export const seedScale = async (
  query: Query,
  targets: ScaleTargets,
): Promise<Omit<SeedResult, 'ms'> & { ms: Omit<SeedResult['ms'], 'demo' | 'total'> }> => {
  const one = async <T>(text: string, values?: unknown[]) => (await query(text, values)).rows[0] as T;
  const count = async (table: string) => Number((await one<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).n);
  const timed = async (work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    return Math.round(performance.now() - t0);
  };
  const { id: adminId } = await one<{ id: string }>(`SELECT id FROM users WHERE user_name = 'admin'`);
  if (!adminId) throw new Error('seed the demo data first: the generated rows are created by its admin');

  const extraVendors = Math.max(0, targets.vendors - (await count('vendors')));
  const vendorsMs = await timed(() =>
    query(
      `INSERT INTO vendors (code, name, payin_commission_bps, payout_commission_bps, created_by, created_at, updated_at)
       SELECT 'VEN-S' || lpad(i::text, 2, '0'), 'Scale Vendor ' || i, 100 + i * 5, 80 + i * 5, $1::uuid, now() - make_interval(days => i), now() - make_interval(days => i)
       FROM generate_series(1, $2::int) AS i`,
      [adminId, extraVendors],
    ),
  );

  const n = Math.max(0, targets.merchants - (await count('merchants')));
  const m1 = Math.round(n * M1_SHARE);
  const merchantsMs = await timed(async () => {
    await query(
      `INSERT INTO merchants (${merchantColumns}) SELECT ${merchantValues(m1, 'NULL')} FROM generate_series(1, $2::int) AS i WHERE i % ${SUB_EVERY} <> 0`,
      [adminId, n],
    );
    await query(
      `INSERT INTO merchants (${merchantColumns})
       SELECT ${merchantValues(m1, 'p.id')} FROM generate_series(1, $2::int) AS i JOIN merchants p ON p.code = ${codeOf('i - 1', m1)} WHERE i % ${SUB_EVERY} = 0`,
      [adminId, n],
    );
  });

  const b = Math.max(0, targets.bankAccounts - (await count('bank_accounts')));
  const bankAccountsMs = await timed(() =>
    query(
      `WITH v AS (SELECT array_agg(id ORDER BY code) AS ids FROM vendors)
       INSERT INTO bank_accounts (nickname, bank_name, holder_name, account_number, ifsc, upi_id, used_for, show_qr, show_bank_details,
         min_payin, max_payin, daily_limit, enabled, vendor_id, created_by, created_at, updated_at)
       SELECT 'BA-' || lpad(i::text, 6, '0'), (${textArray(BANKS)})[1 + i % ${BANKS.length}], 'Holder ' || i, (100000000000 + i)::text,
         (${textArray(IFSC)})[1 + i % ${IFSC.length}] || '0' || lpad((i % 1000000)::text, 6, '0'),
         CASE WHEN i % 4 = 0 THEN NULL ELSE 'acct' || i || '@upi' END, CASE WHEN i % 4 = 0 THEN 'PAYOUT' ELSE 'PAYIN' END,
         i % 3 <> 0, true, 10000, 10000000, 1000000000, i % 50 <> 0,
         v.ids[1 + i % cardinality(v.ids)], $1::uuid, now() - make_interval(secs => i * 600), now() - make_interval(secs => i * 600)
       FROM generate_series(1, $2::int) AS i, v`,
      [adminId, b],
    ),
  );

  // Each generated account: 1 + (its number mod 3) merchants, picked by stepping through them.
  const linksMs = await timed(() =>
    query(
      `WITH m AS (SELECT id, row_number() OVER (ORDER BY code) AS rn FROM merchants),
            mc AS (SELECT count(*) AS n FROM merchants),
            b AS (SELECT id, row_number() OVER (ORDER BY nickname) AS rn FROM bank_accounts WHERE nickname LIKE 'BA-%')
       INSERT INTO merchant_bank_accounts (merchant_id, bank_account_id)
       SELECT m.id, b.id FROM b CROSS JOIN generate_series(0, 2) AS g(k) CROSS JOIN mc JOIN m ON m.rn = 1 + (b.rn * 7 + g.k * 3331) % mc.n
       WHERE g.k <= b.rn % 3
       ON CONFLICT DO NOTHING`,
    ),
  );

  const analyzeMs = await timed(() =>
    query('ANALYZE vendors, merchants, bank_accounts, merchant_bank_accounts, users'),
  );

  const perVendor = await one<{ min: string; max: string }>(
    `SELECT min(n) AS min, max(n) AS max FROM (SELECT count(b.id) AS n FROM vendors v LEFT JOIN bank_accounts b ON b.vendor_id = v.id GROUP BY v.id) x`,
  );
  return {
    merchants: await count('merchants'),
    subMerchants: Number(
      (await one<{ n: string }>('SELECT count(*) AS n FROM merchants WHERE parent_id IS NOT NULL')).n,
    ),
    codeM1: Number((await one<{ n: string }>(`SELECT count(*) AS n FROM merchants WHERE code ILIKE '%M1%'`)).n),
    vendors: await count('vendors'),
    bankAccounts: await count('bank_accounts'),
    links: await count('merchant_bank_accounts'),
    accountsPerVendor: { min: Number(perVendor.min), max: Number(perVendor.max) },
    ms: {
      vendors: vendorsMs,
      merchants: merchantsMs,
      bankAccounts: bankAccountsMs,
      links: linksMs,
      analyze: analyzeMs,
    },
  };
};

/** The pool under a database opened with openDatabase. */
export const poolOf = (database: Database) => (database.db as unknown as { $client: pg.Pool }).$client;

/** Demo data, then the generated rows, on a migrated database. */
export const seedAll = async (database: Database, targets: ScaleTargets): Promise<SeedResult> => {
  const t0 = performance.now();
  await seedDemo(database.db);
  const demo = Math.round(performance.now() - t0);
  const pool = poolOf(database);
  const result = await seedScale((text, values) => pool.query(text, values), targets);
  return { ...result, ms: { demo, ...result.ms, total: Math.round(performance.now() - t0) } };
};

const main = async () => {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url)
    throw new Error('usage: node --import tsx tests/bench/seed/scale.ts postgres://postgres@127.0.0.1:5432/<database>');
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host))
    throw new Error(`only a local PostgreSQL server is seeded (got host ${host})`);
  const database = await openDatabase(url);
  try {
    const result = await seedAll(database, { merchants: 10_000, bankAccounts: 50_000, vendors: 20 });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await database.close();
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
