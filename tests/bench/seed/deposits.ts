/**
 * Generated pay-ins for the deposits bench, written by PostgreSQL itself (INSERT … SELECT
 * generate_series), on top of the demo data:
 *   - 100 merchants M001…M100 with a skewed share of the traffic (M001 about a fifth, the ten
 *     biggest about half, random()³ picks them), each linked to 3 of 36 pay-in accounts DEP-01…;
 *   - pay-ins over the last 90 days (a day's traffic grows threefold from the oldest day to today,
 *     70 % of it in IST business hours 09:30–21:00): 80 % SUCCESS, 18.5 % DROPPED, 0.9 % DISPUTE,
 *     0.6 % DUPLICATE, and 0.4 % (at most 4,000) still open — INITIATED and ASSIGNED of the last
 *     15 minutes, PENDING and IMG_PENDING of the last 3 days;
 *   - amounts ₹100–₹50,000 (most small, 40 % round to ₹500), UTRs on the finished ones, short codes
 *     unique among the open ones (the partial unique index), the fee at the merchant's rate.
 * Only the pay-ins are at scale: the history has no bank entries, journals, audit events or callbacks.
 * The secondary indexes of payins are dropped for the load and built again after it (as the
 * migrations define them): a sorted build is several times quicker than 1M inserts into 12 indexes.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

type Queryable = pg.Pool | pg.PoolClient;

/** The merchant API key of the n-th generated merchant (M001 is 1); its hash is what setup stores. */
const KEY_PREFIX = 'deposit-key-';
export const generatedApiKey = (n: number) => `${KEY_PREFIX}${n}`;

export const MERCHANTS = 100;
export const BANK_ACCOUNTS = 36;
export const BIG_MERCHANT = 'M001';

/** How wide and how long a generated history is: the deposits bench's by default, wider for issue 15's. */
export interface Shape {
  merchants: number;
  bankAccounts: number;
  days: number;
}
export const DEPOSITS_SHAPE: Shape = { merchants: MERCHANTS, bankAccounts: BANK_ACCOUNTS, days: 90 };

export interface DepositSeed {
  payins: number;
  byStatus: Record<string, number>;
  /** Share of the pay-ins of the biggest merchant, and of the ten biggest. */
  share: { top1: number; top10: number };
  ms: { setup: number; payins: number; indexes: number; vacuumAnalyze: number; total: number };
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Five characters of the short-code alphabet spelling the integer expression v (0 … 32⁵−1). */
const shortCode = (v: string) =>
  [20, 15, 10, 5, 0].map((s) => `substr('${ALPHABET}', (1 + (((${v}) >> ${s}) & 31))::int, 1)`).join(' || ');
/** Distinct open pay-ins get distinct codes: an odd multiplier is a bijection modulo 2²⁵. */
export const openCode = (j: string) => shortCode(`((${j})::bigint * 104729) % 33554432`);

const utr = (base: number, i: string) => `lpad((${base}::bigint + ${i})::text, 12, '0')`;

/** The bank account a merchant (its index mi, 1…100) uses, k = 0…2. */
const bankOf = (mi: string, k: string, shape: Shape) =>
  `b.ids[1 + ((${mi}) * 5 + (${k}) * 12) % ${shape.bankAccounts}]`;

const PAYIN_COLUMNS = `merchant_id, merchant_code, merchant_order_id, customer_id, amount, amount_fixed, confirmed_amount, fee,
  status, reason, short_code, bank_account_id, submitted_utr, utr, screenshot_path, screenshot_type, source, expires_at, version,
  assigned_at, submitted_at, completed_at, created_at, updated_at`;

const setup = async (pool: Queryable, adminId: string, shape: Shape) => {
  await pool.query(
    `INSERT INTO merchants (code, name, site_url, return_url, payin_callback_url, payout_callback_url, api_key_hash, api_key_prefix,
       signing_secret, min_payin, max_payin, min_payout, max_payout, payin_fee_bps, payout_fee_bps, created_by, created_at, updated_at)
     SELECT 'M' || lpad(i::text, 3, '0'), 'Deposit Merchant ' || i, 'https://m' || i || '.example', 'https://m' || i || '.example/return',
       'https://m' || i || '.example/callbacks/payin', NULL, encode(sha256(('${KEY_PREFIX}' || i)::bytea), 'hex'),
       'pg_live_' || substr(md5(i::text), 1, 4), 'whsec_' || encode(sha256(('deposit-secret-' || i)::bytea), 'base64'),
       10000, 5000000, 50000, 20000000, 150 + (i % 8) * 25, 100, $1::uuid, now() - interval '200 days', now() - interval '200 days'
     FROM generate_series(1, ${shape.merchants}) AS i`,
    [adminId],
  );
  await pool.query(
    `WITH v AS (SELECT array_agg(id ORDER BY code) AS ids FROM vendors)
     INSERT INTO bank_accounts (nickname, bank_name, holder_name, account_number, ifsc, upi_id, used_for, min_payin, max_payin,
       daily_limit, vendor_id, created_by, approved_by, approved_at, created_at, updated_at)
     SELECT 'DEP-' || lpad(i::text, ${Math.max(2, String(shape.bankAccounts).length)}, '0'), 'Deposit Bank', 'Collections ' || i, (500000000000 + i)::text,
       'DEPO0' || lpad(i::text, 6, '0'), 'dep' || i || '@upi', 'PAYIN', 10000, 5000000, 100000000000,
       v.ids[1 + i % cardinality(v.ids)], $1::uuid, $1::uuid, now(), now() - interval '150 days', now() - interval '150 days'
     FROM generate_series(1, ${shape.bankAccounts}) AS i, v`,
    [adminId],
  );
  await pool.query(
    `WITH m AS (SELECT id, row_number() OVER (ORDER BY code) AS mi FROM merchants WHERE code ~ '^M[0-9]{3}$'),
          b AS (SELECT array_agg(id ORDER BY nickname) AS ids FROM bank_accounts WHERE nickname LIKE 'DEP-%')
     INSERT INTO merchant_bank_accounts (merchant_id, bank_account_id)
     SELECT m.id, ${bankOf('m.mi', 'k', shape)} FROM m, b, generate_series(0, 2) AS k ON CONFLICT DO NOTHING`,
  );
};

/** The merchants and bank accounts, as arrays the pay-in generators index (mi and k as above). */
const ARRAYS = `m AS (SELECT array_agg(id ORDER BY code) AS ids, array_agg(code ORDER BY code) AS codes,
    array_agg(payin_fee_bps ORDER BY code) AS bps FROM merchants WHERE code ~ '^M[0-9]{3}$'),
  b AS (SELECT array_agg(id ORDER BY nickname) AS ids FROM bank_accounts WHERE nickname LIKE 'DEP-%')`;

/** Finished pay-ins 1…n: merchant, IST day and hour, status and amount drawn as the header says. */
const insertFinished = (pool: Queryable, n: number, shape: Shape) =>
  pool.query(`WITH ${ARRAYS},
    g AS (SELECT i, 1 + floor(${shape.merchants} * random() ^ 3)::int AS mi,
            floor(${shape.days} * (1 - (sqrt(1 + 8 * random()) - 1) / 2))::int AS age,
            CASE WHEN random() < 0.7 THEN 9.5 + random() * 11.5 ELSE random() * 24 END AS hour,
            random() AS rs, 100 + floor(49900 * random() ^ 2.5)::bigint AS rupees, random() AS rr, floor(random() * 3)::int AS k,
            floor(random() * 200000)::int AS customer, random() * 600 AS took
          FROM generate_series(1, ${n}) AS i),
    t AS (SELECT g.*, CASE WHEN rs < 0.80 THEN 'SUCCESS' WHEN rs < 0.985 THEN 'DROPPED' WHEN rs < 0.994 THEN 'DISPUTE' ELSE 'DUPLICATE' END AS status,
            (CASE WHEN rr < 0.4 THEN greatest(100, round(rupees / 500.0) * 500) ELSE rupees END)::bigint * 100 AS amount,
            ((date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') - make_interval(days => age) + make_interval(secs => hour * 3600))
              AT TIME ZONE 'Asia/Kolkata') AS at0
          FROM g),
    u AS (SELECT t.*, CASE WHEN at0 > now() - interval '30 minutes' THEN at0 - make_interval(days => 1 + i % ${shape.days - 1}) ELSE at0 END AS at,
            status <> 'DROPPED' OR rs < 0.93 AS assigned FROM t)
    INSERT INTO payins (${PAYIN_COLUMNS})
    SELECT m.ids[mi], m.codes[mi], 'ord-' || i, 'cust-' || customer, amount, true,
      CASE status WHEN 'SUCCESS' THEN amount WHEN 'DISPUTE' THEN amount - amount / 10 END,
      CASE WHEN status = 'SUCCESS' THEN (amount * m.bps[mi] * 2 + 10000) / 20000 END,
      status, CASE status WHEN 'DROPPED' THEN 'Link expired' WHEN 'DISPUTE' THEN 'Another amount received'
        WHEN 'DUPLICATE' THEN 'This UTR was already used for another payment' END,
      ${shortCode('(i::bigint * 7919) % 33554432')}, CASE WHEN assigned THEN ${bankOf('mi', 'k', shape)} END,
      CASE WHEN status = 'DUPLICATE' THEN ${utr(100_000_000_000, 'i - 1')} WHEN status <> 'DROPPED' THEN ${utr(100_000_000_000, 'i')} END,
      CASE WHEN status IN ('SUCCESS', 'DISPUTE') THEN ${utr(100_000_000_000, 'i')} END, NULL, NULL, 'Manual',
      at + interval '10 minutes', CASE WHEN status = 'DROPPED' THEN CASE WHEN assigned THEN 3 ELSE 2 END ELSE 4 END,
      CASE WHEN assigned THEN at + interval '20 seconds' END,
      CASE WHEN status <> 'DROPPED' THEN at + make_interval(secs => 30 + took / 4) END,
      CASE WHEN status = 'SUCCESS' THEN at + make_interval(secs => 60 + took) END,
      at, at + make_interval(secs => 60 + took)
    FROM u, m, b`);

/** Open pay-ins: j numbers them among all open ones (their short codes are unique). */
const insertOpen = (pool: Queryable, n: number, from: number, shape: Shape) =>
  pool.query(`WITH ${ARRAYS},
    g AS (SELECT j, 1 + floor(${shape.merchants} * random() ^ 3)::int AS mi, random() AS rs, random() AS rt,
            (100 + floor(49900 * random() ^ 2.5)::bigint) * 100 AS amount, floor(random() * 3)::int AS k,
            floor(random() * 200000)::int AS customer
          FROM generate_series(${from + 1}, ${from + n}) AS j),
    t AS (SELECT g.*, CASE WHEN rs < 0.2 THEN 'INITIATED' WHEN rs < 0.5 THEN 'ASSIGNED' WHEN rs < 0.875 THEN 'PENDING' ELSE 'IMG_PENDING' END AS status FROM g),
    u AS (SELECT t.*, CASE WHEN status IN ('INITIATED', 'ASSIGNED') THEN now() - make_interval(secs => rt * 900)
            ELSE now() - make_interval(secs => rt * rt * 3 * 86400) END AS at FROM t)
    INSERT INTO payins (${PAYIN_COLUMNS})
    SELECT m.ids[mi], m.codes[mi], 'open-' || j, 'cust-' || customer, amount, true, NULL, NULL, status,
      CASE status WHEN 'PENDING' THEN 'Waiting for the bank credit' END, ${openCode('j')},
      CASE WHEN status <> 'INITIATED' THEN ${bankOf('mi', 'k', shape)} END,
      CASE WHEN status = 'PENDING' THEN ${utr(200_000_000_000, 'j')} END, NULL,
      CASE WHEN status = 'IMG_PENDING' THEN 'shot-' || j || '.png' END, CASE WHEN status = 'IMG_PENDING' THEN 'image/png' END, 'Manual',
      CASE WHEN status IN ('INITIATED', 'ASSIGNED') THEN now() + interval '1 hour' ELSE at + interval '10 minutes' END,
      CASE status WHEN 'INITIATED' THEN 1 WHEN 'ASSIGNED' THEN 2 ELSE 3 END,
      CASE WHEN status <> 'INITIATED' THEN at + interval '20 seconds' END,
      CASE WHEN status IN ('PENDING', 'IMG_PENDING') THEN at + interval '3 minutes' END, NULL, at, at + interval '3 minutes'
    FROM u, m, b`);

export interface Waiting {
  payinId: string;
  utr: string;
  bankAccountId: string;
  /** Rupees, as the API takes them. */
  amount: number;
}

/**
 * n PENDING pay-ins of the last hour, each waiting on its own UTR (the customer submitted it, the
 * bank credit has not been recorded yet): what a bank entry then matches. Open numbers from+1….
 */
export const addWaiting = async (
  pool: pg.Pool,
  n: number,
  from: number,
  shape: Shape = DEPOSITS_SHAPE,
): Promise<Waiting[]> => {
  const { rows } = await pool.query<{ id: string; utr: string; bank: string; amount: string }>(`WITH ${ARRAYS},
    g AS (SELECT j, 1 + floor(${shape.merchants} * random() ^ 3)::int AS mi, floor(random() * 3)::int AS k,
            (100 + floor(49900 * random() ^ 2.5)::bigint) * 100 AS amount, now() - make_interval(secs => random() * 3600) AS at
          FROM generate_series(${from + 1}, ${from + n}) AS j)
    INSERT INTO payins (${PAYIN_COLUMNS})
    SELECT m.ids[mi], m.codes[mi], 'wait-' || j, 'cust-w' || j, amount, true, NULL, NULL, 'PENDING', 'Waiting for the bank credit',
      ${openCode('j')}, ${bankOf('mi', 'k', shape)}, ${utr(300_000_000_000, 'j')}, NULL, NULL, NULL, 'Manual', at + interval '10 minutes', 3,
      at + interval '20 seconds', at + interval '3 minutes', NULL, at, at + interval '3 minutes'
    FROM g, m, b
    RETURNING id, submitted_utr AS utr, bank_account_id AS bank, amount`);
  return rows.map((r) => ({ payinId: r.id, utr: r.utr, bankAccountId: r.bank, amount: Number(r.amount) / 100 }));
};

const PRIMARY = 'payins_pkey';

/** Open pay-ins generated by seedDeposits for a total: addWaiting numbers its own after them. */
export const openOf = (total: number) => Math.min(4000, Math.ceil(total * 0.004));

/** Generates the pay-ins (see the header) on a migrated database that has the demo data. */
export const seedDeposits = async (
  pool: pg.Pool,
  total: number,
  shape: Shape = DEPOSITS_SHAPE,
): Promise<DepositSeed> => {
  const t0 = performance.now();
  const since = (t: number) => Math.round(performance.now() - t);
  const { rows: admins } = await pool.query<{ id: string }>(`SELECT id FROM users WHERE user_name = 'admin'`);
  if (!admins[0]) throw new Error('seed the demo data first: the generated rows are created by its admin');
  await setup(pool, admins[0].id, shape);
  const setupMs = since(t0);

  const { rows: defs } = await pool.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'payins' AND indexname <> $1`,
    [PRIMARY],
  );
  for (const d of defs) await pool.query(`DROP INDEX ${d.name}`);
  const t1 = performance.now();
  const open = openOf(total);
  // One session for all: setseed makes the draws the same on every run, the SET holds for the builds.
  const client = await pool.connect();
  let payinsMs: number;
  let indexesMs: number;
  try {
    await client.query('SELECT setseed(0.42)');
    await insertFinished(client, total - open, shape);
    await insertOpen(client, open, 0, shape);
    payinsMs = since(t1);
    const t2 = performance.now();
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const d of defs) await client.query(d.def);
    indexesMs = since(t2);
    await client.query('RESET maintenance_work_mem');
  } finally {
    client.release();
  }
  const t3 = performance.now();
  // VACUUM too: it sets the visibility map as autovacuum would have on a table in use for months
  // (index-only scans), and keeps autovacuum from starting on the fresh rows in mid-measurement.
  await pool.query('VACUUM (ANALYZE) payins, merchants, bank_accounts, merchant_bank_accounts, users');
  const vacuumAnalyzeMs = since(t3);

  const { rows } = await pool.query<{ status: string; n: string }>(
    'SELECT status, count(*) AS n FROM payins GROUP BY status',
  );
  const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const { rows: shares } = await pool.query<{ top1: number; top10: number }>(
    `SELECT (max(n) FILTER (WHERE rk = 1))::float8 / sum(n) AS top1, (sum(n) FILTER (WHERE rk <= 10))::float8 / sum(n) AS top10
     FROM (SELECT count(*) AS n, rank() OVER (ORDER BY count(*) DESC) AS rk FROM payins GROUP BY merchant_code) x`,
  );
  return {
    payins: Object.values(byStatus).reduce((s, n) => s + n, 0),
    byStatus,
    share: shares[0],
    ms: { setup: setupMs, payins: payinsMs, indexes: indexesMs, vacuumAnalyze: vacuumAnalyzeMs, total: since(t0) },
  };
};
