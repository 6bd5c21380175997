/**
 * Generated pay-outs for the pay-outs bench, written by PostgreSQL itself (INSERT … SELECT
 * generate_series), on top of the demo data:
 *   - 100 merchants M001…M100 (API key `payout-key-<n>`) with a skewed share of the traffic (M001
 *     about a fifth, the ten biggest about half: random()³ picks them), fees of 1–2 %;
 *   - pay-outs over the last 90 days (a day's traffic grows threefold from the oldest day to today,
 *     70 % of it in IST business hours): 86 % SUCCESS, 8 % REJECTED (SPEC §8's reasons), 4.5 %
 *     DROPPED, 1.5 % REVERSED, and 0.8 % (at most 4,000) INITIATED of the last two days, a third of
 *     them given to a vendor; most finished ones processed by VEN-ALPHA or VEN-BETA, by hand from
 *     their pay-out account with a UTR or through Eko; 90 % to bank accounts, 10 % to UPI ids.
 * The ledger: each merchant is funded by one balanced journal through the ledger service
 * (postJournals; a pay-in bank account debited, the merchant credited) with what its INITIATED
 * pay-outs hold plus what the bench gives it to spend; each INITIATED pay-out has its PENDING hold
 * and the account's `held` is their sum. The finished history stays out of the ledger (no
 * journals, holds, audit events or callbacks), as the deposits bench keeps its pay-ins out.
 * The secondary indexes of payouts are dropped for the load and built again after it.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { Db } from '../../../server/db';
import { postJournals } from '../../../server/services/ledger/ledger';
import { bankAccount, merchantAccount } from '../../../domain/ledger';
import type { Shape } from './deposits';

export const MERCHANTS = 100;
export const BIG_MERCHANT = 'M001';
export const merchantCode = (n: number) => `M${String(n).padStart(3, '0')}`;
export const apiKeyOf = (n: number) => `payout-key-${n}`;
/** The pay-outs bench's history: 100 merchants over 90 days (bank accounts: the demo's pay-out ones). */
const PAYOUTS_SHAPE: Pick<Shape, 'merchants' | 'days'> = { merchants: MERCHANTS, days: 90 };

export interface PayoutSeed {
  payouts: number;
  byStatus: Record<string, number>;
  share: { top1: number; top10: number };
  /** Held on the merchants' accounts by the INITIATED pay-outs (paise). */
  held: number;
  ms: { setup: number; payouts: number; indexes: number; ledger: number; vacuumAnalyze: number; total: number };
}

const setup = (pool: pg.Pool, adminId: string, merchants: number) =>
  pool.query(
    `INSERT INTO merchants (code, name, site_url, return_url, payin_callback_url, payout_callback_url, api_key_hash, api_key_prefix,
       signing_secret, min_payin, max_payin, min_payout, max_payout, payin_fee_bps, payout_fee_bps, created_by, created_at, updated_at)
     SELECT 'M' || lpad(i::text, 3, '0'), 'Payout Merchant ' || i, 'https://m' || i || '.example', 'https://m' || i || '.example/return',
       NULL, 'https://m' || i || '.example/callbacks/payout', encode(sha256(('payout-key-' || i)::bytea), 'hex'),
       'payout-key-' || i, 'whsec_' || encode(sha256(('payout-secret-' || i)::bytea), 'base64'),
       10000, 5000000, 50000, 20000000, 200, 100 + (i % 5) * 25, $1::uuid, now() - interval '200 days', now() - interval '200 days'
     FROM generate_series(1, ${merchants}) AS i`,
    [adminId],
  );

const ARRAYS = `m AS (SELECT array_agg(id ORDER BY code) AS ids, array_agg(code ORDER BY code) AS codes,
    array_agg(payout_fee_bps ORDER BY code) AS bps FROM merchants WHERE code ~ '^M[0-9]{3}$'),
  b AS (SELECT (SELECT id FROM bank_accounts WHERE nickname = 'ALPHA-SBI-PAYOUT') AS alpha,
    (SELECT id FROM bank_accounts WHERE nickname = 'BETA-KOTAK-PAYOUT') AS beta)`;

const COLUMNS = `merchant_id, merchant_code, merchant_order_id, customer_id, amount, fee, status, reason, account_holder,
  account_number, ifsc, bank_name, upi_id, vendor_code, method, bank_account_id, utr, version, provider_ref, provider_tid,
  completed_at, created_at, updated_at`;

const HOLDERS = `ARRAY['Rahul Sharma', 'Priya Nair', 'Sneha Iyer', 'Arjun Mehta', 'Kavya Reddy', 'Imran Khan', 'Neha Gupta', 'Vikas Joshi']`;
const BANKS = `ARRAY['HDFC Bank', 'ICICI Bank', 'State Bank of India', 'Axis Bank', 'Kotak Mahindra Bank']`;
const IFSCS = `ARRAY['HDFC0000123', 'ICIC0000456', 'SBIN0004567', 'UTIB0000789', 'KKBK0000321']`;

/** The beneficiary columns of customer c: a bank account, or a UPI id for one customer in ten. */
const beneficiary = (c: string) => `CASE WHEN ${c} % 10 <> 0 THEN (${HOLDERS})[1 + ${c} % 8] END,
  CASE WHEN ${c} % 10 <> 0 THEN (10000000000 + (${c}::bigint * 7919) % 90000000000)::text END,
  CASE WHEN ${c} % 10 <> 0 THEN (${IFSCS})[1 + ${c} % 5] END, CASE WHEN ${c} % 10 <> 0 THEN (${BANKS})[1 + ${c} % 5] END,
  CASE WHEN ${c} % 10 = 0 THEN 'cust' || ${c} || '@okaxis' END`;

const fee = `(amount * m.bps[mi] * 2 + 10000) / 20000`;
const amountOf = `(CASE WHEN rr < 0.4 THEN greatest(500, round(rupees / 1000.0) * 1000) ELSE rupees END)::bigint * 100`;

/** Finished pay-outs 1…n: merchant, IST day and hour, fate, vendor and method drawn as the header says. */
const insertFinished = (pool: pg.PoolClient, n: number, shape: Pick<Shape, 'merchants' | 'days'>) =>
  pool.query(`WITH ${ARRAYS},
    g AS (SELECT i, 1 + floor(${shape.merchants} * random() ^ 3)::int AS mi,
            floor(${shape.days} * (1 - (sqrt(1 + 8 * random()) - 1) / 2))::int AS age,
            CASE WHEN random() < 0.7 THEN 9.5 + random() * 11.5 ELSE random() * 24 END AS hour,
            random() AS rs, random() AS rv, random() AS rm, random() AS rj, 500 + floor(99500 * random() ^ 2.5)::bigint AS rupees,
            random() AS rr, floor(random() * 200000)::int AS customer, 120 + random() * 3600 AS took
          FROM generate_series(1, ${n}) AS i),
    t AS (SELECT g.*, CASE WHEN rs < 0.86 THEN 'SUCCESS' WHEN rs < 0.94 THEN 'REJECTED' WHEN rs < 0.985 THEN 'DROPPED' ELSE 'REVERSED' END AS status,
            ${amountOf} AS amount,
            ((date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') - make_interval(days => age) + make_interval(secs => hour * 3600))
              AT TIME ZONE 'Asia/Kolkata') AS at0
          FROM g),
    u AS (SELECT t.*, CASE WHEN at0 > now() - interval '2 hours' THEN at0 - make_interval(days => 1 + i % ${shape.days - 1}) ELSE at0 END AS at,
            CASE WHEN status = 'DROPPED' OR rv >= 0.7 THEN NULL WHEN rv < 0.45 THEN 'VEN-ALPHA' ELSE 'VEN-BETA' END AS vendor,
            CASE WHEN status IN ('SUCCESS', 'REVERSED') THEN CASE WHEN rm < 0.75 THEN 'manual' ELSE 'eko' END END AS method FROM t)
    INSERT INTO payouts (${COLUMNS})
    SELECT m.ids[mi], m.codes[mi], 'po-' || i, 'cust-' || customer, amount, ${fee}, status,
      CASE status WHEN 'REJECTED' THEN CASE WHEN rj < 0.5 THEN 'Insufficient Fund' WHEN rj < 0.85 THEN 'Invalid Bank Details'
          ELSE 'Other: Beneficiary name does not match the account' END
        WHEN 'DROPPED' THEN 'Dropped by staff' WHEN 'REVERSED' THEN 'Returned by the bank' END,
      ${beneficiary('customer')}, vendor, method,
      CASE WHEN method = 'manual' THEN CASE WHEN vendor = 'VEN-BETA' OR (vendor IS NULL AND rm < 0.4) THEN b.beta ELSE b.alpha END END,
      CASE WHEN method IS NOT NULL THEN lpad((400000000000 + i)::text, 12, '0') END,
      CASE status WHEN 'REVERSED' THEN 3 ELSE 2 END + CASE WHEN vendor IS NULL THEN 0 ELSE 1 END,
      CASE WHEN method = 'eko' THEN 'B' || i END, CASE WHEN method = 'eko' THEN (700000000 + i)::text END,
      CASE WHEN method IS NOT NULL THEN at + make_interval(secs => took) END,
      at, at + make_interval(secs => took * CASE status WHEN 'REVERSED' THEN 20 ELSE 1 END)
    FROM u, m, b`);

/** Waiting pay-outs of the last two days (newer ones more likely), a third given to a vendor. */
const insertWaiting = (pool: pg.PoolClient, n: number, merchants: number) =>
  pool.query(`WITH ${ARRAYS},
    g AS (SELECT j, 1 + floor(${merchants} * random() ^ 3)::int AS mi, random() AS rv, random() AS rt,
            500 + floor(99500 * random() ^ 2.5)::bigint AS rupees, random() AS rr, floor(random() * 200000)::int AS customer
          FROM generate_series(1, ${n}) AS j),
    t AS (SELECT g.*, ${amountOf} AS amount, now() - make_interval(secs => rt * rt * 2 * 86400) AS at,
            CASE WHEN rv < 0.2 THEN 'VEN-ALPHA' WHEN rv < 0.33 THEN 'VEN-BETA' END AS vendor FROM g)
    INSERT INTO payouts (${COLUMNS})
    SELECT m.ids[mi], m.codes[mi], 'wait-' || j, 'cust-' || customer, amount, ${fee}, 'INITIATED', NULL, ${beneficiary('customer')},
      vendor, NULL, NULL, NULL, CASE WHEN vendor IS NULL THEN 1 ELSE 2 END, NULL, NULL, NULL, at,
      at + CASE WHEN vendor IS NULL THEN interval '0' ELSE interval '5 minutes' END
    FROM t, m, b`);

/**
 * Funds every generated merchant with one balanced journal (its waiting pay-outs' holds plus
 * `spend(code, payoutFeeBps)` paise), then places the waiting pay-outs' holds as createPayout does.
 */
const fund = async (db: Db, pool: pg.Pool, spend: (code: string, bps: number) => number) => {
  const { rows } = await pool.query<{ id: string; code: string; bps: number; held: string }>(
    `SELECT m.id, m.code, m.payout_fee_bps AS bps, coalesce(sum(p.amount + p.fee), 0) AS held
     FROM merchants m LEFT JOIN payouts p ON p.merchant_id = m.id AND p.status = 'INITIATED'
     WHERE m.code ~ '^M[0-9]{3}$' GROUP BY m.id ORDER BY m.code`,
  );
  const { rows: banks } = await pool.query<{ id: string }>(
    `SELECT id FROM bank_accounts WHERE nickname = 'ALPHA-HDFC-01'`,
  );
  await db.transaction((tx) =>
    postJournals(
      tx,
      rows.map((m) => {
        const amount = Number(m.held) + spend(m.code, m.bps);
        return {
          key: `bench:funding:${m.code}`,
          kind: 'bench.funding',
          entity: 'merchants',
          entityId: m.id,
          lines: [
            { account: bankAccount(banks[0].id), amount },
            { account: merchantAccount(m.id), amount: -amount },
          ],
        };
      }),
    ),
  );
  await pool.query(`INSERT INTO ledger_holds (key, account_id, amount, entity, entity_id, created_at)
    SELECT 'payout:' || p.id || ':hold:1', a.id, p.amount + p.fee, 'payouts', p.id, p.created_at
    FROM payouts p JOIN ledger_accounts a ON a.key = 'merchant:' || p.merchant_id WHERE p.status = 'INITIATED'`);
  await pool.query(`UPDATE ledger_accounts a SET held = h.held
    FROM (SELECT account_id, sum(amount) AS held FROM ledger_holds WHERE state = 'PENDING' GROUP BY account_id) h
    WHERE a.id = h.account_id`);
  return rows.reduce((s, m) => s + Number(m.held), 0);
};

/** Waiting pay-outs among `total`. */
export const waitingOf = (total: number) => Math.min(4000, Math.ceil(total * 0.008));

/** Generates the pay-outs and the ledger (see the header) on a migrated database that has the demo data. */
export const seedPayouts = async (
  db: Db,
  pool: pg.Pool,
  total: number,
  spend: (code: string, bps: number) => number,
  shape: Pick<Shape, 'merchants' | 'days'> = PAYOUTS_SHAPE,
): Promise<PayoutSeed> => {
  const t0 = performance.now();
  const since = (t: number) => Math.round(performance.now() - t);
  const { rows: admins } = await pool.query<{ id: string }>(`SELECT id FROM users WHERE user_name = 'admin'`);
  if (!admins[0]) throw new Error('seed the demo data first: the generated rows are created by its admin');
  await setup(pool, admins[0].id, shape.merchants);
  const setupMs = since(t0);
  const { rows: defs } = await pool.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'payouts' AND indexname <> 'payouts_pkey'`,
  );
  for (const d of defs) await pool.query(`DROP INDEX ${d.name}`);
  const t1 = performance.now();
  const client = await pool.connect();
  let payoutsMs: number;
  let indexesMs: number;
  try {
    // setseed makes the draws the same on every run; the SET holds for the index builds.
    await client.query('SELECT setseed(0.11)');
    const waiting = waitingOf(total);
    await insertFinished(client, total - waiting, shape);
    await insertWaiting(client, waiting, shape.merchants);
    payoutsMs = since(t1);
    const t2 = performance.now();
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const d of defs) await client.query(d.def);
    indexesMs = since(t2);
    await client.query('RESET maintenance_work_mem');
  } finally {
    client.release();
  }
  const t3 = performance.now();
  const held = await fund(db, pool, spend);
  const ledgerMs = since(t3);
  const t4 = performance.now();
  await pool.query(
    'VACUUM (ANALYZE) payouts, merchants, bank_accounts, users, ledger_accounts, ledger_holds, ledger_journals, ledger_entries',
  );
  const vacuumAnalyzeMs = since(t4);
  const { rows } = await pool.query<{ status: string; n: string }>(
    'SELECT status, count(*) AS n FROM payouts GROUP BY 1',
  );
  const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const { rows: shares } = await pool.query<{ top1: number; top10: number }>(
    `SELECT (max(n) FILTER (WHERE rk = 1))::float8 / sum(n) AS top1, (sum(n) FILTER (WHERE rk <= 10))::float8 / sum(n) AS top10
     FROM (SELECT count(*) AS n, rank() OVER (ORDER BY count(*) DESC) AS rk FROM payouts GROUP BY merchant_code) x`,
  );
  return {
    payouts: Object.values(byStatus).reduce((s, n) => s + n, 0),
    byStatus,
    share: shares[0],
    held,
    ms: {
      setup: setupMs,
      payouts: payoutsMs,
      indexes: indexesMs,
      ledger: ledgerMs,
      vacuumAnalyze: vacuumAnalyzeMs,
      total: since(t0),
    },
  };
};
