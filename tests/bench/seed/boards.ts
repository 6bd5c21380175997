/**
 * The history of the boards bench: the deposits bench's pay-ins and the pay-outs bench's pay-outs
 * (their generators, deposits.ts and payouts.ts) on the same 100 merchants M001…M100,
 * then the rollups of that history filled in SQL.
 *
 * Both generators create the merchants M001…M100; the pay-outs' one runs second, with a trigger
 * that skips merchants whose code is already there, so its pay-outs land on the deposits'
 * merchants (given the pay-out fees of the pay-outs bench first), funded as that bench funds them.
 *
 * Those benches keep their history out of the ledger, so nothing wrote its rollups: fillRollups
 * fills what the services would have written for it (domain/rollups.ts, services/ledger/rollups.ts),
 * grouped by party, IST hour and IST day straight from the generated rows:
 *   - SUCCESS pay-ins, on their completion: `merchant:` pay-ins, amounts, fees and balance (amount
 *     less fee), `bank:` of the account pay-ins, amounts and balance, `vendor:` of the account's
 *     vendor its pay-in commission (balance less it), `collected:` of the account the bank entry
 *     (DISPUTE ones too: their entry was recorded, with another amount);
 *   - SUCCESS and REVERSED pay-outs (both were paid), on their completion: `merchant:` pay-outs,
 *     amounts, fees, balance less amount and fee; paid by hand, `bank:` of the paying account and
 *     `vendor:` of its vendor the pay-out commission; the REVERSED ones, on their last change, the
 *     same back as reversals;
 *   - `payins:<merchant>`: every pay-in created and those that succeeded, on their creation's hour;
 *   - payin_speeds: each SUCCESS pay-in's seconds from creation to completion in the bins of
 *     SPEED_BOUNDS (width_bucket on the same bounds is speedBinOf), on its IST day of success.
 * Every party and bucket with activity gets its 'hour' row and its 'day' row, as addRollups writes.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { foldAllFromParties } from '../../../server/services/ledger/rollup-folds';
import type { Db } from '../../../server/db';
import { ALL_MERCHANTS_ID, SPEED_BOUNDS, speedBinOf } from '../../../domain/rollups';
import { spendOf } from '../payout-creation';
import { DEPOSITS_SHAPE, seedDeposits, type DepositSeed, type Shape } from './deposits';
import { seedJournals, type JournalSeed } from './journals';
import { seedPayouts, type PayoutSeed } from './payouts';

export interface BoardsSeed {
  deposits: DepositSeed;
  payouts: PayoutSeed;
  rollups: { hourRows: number; dayRows: number; parties: number; speedRows: number; mb: number };
  /** Totals of the rollups checked against the generated rows: what disagrees (none expected). */
  disagreements: string[];
  /** The finished history's journals, when asked for. */
  journals?: JournalSeed;
  ms: { payins: number; payouts: number; journals?: number; rollups: number; total: number };
}

export interface BoardsShape {
  shape?: Shape;
  /** Vendors in all (the demo's and generated ones), over whom the pay-in accounts are spread. */
  vendors?: number;
  /** Write the journals of the finished history (journals.ts). */
  journals?: boolean;
}

/** Generated vendors VEN-G01… with commissions, up to `total` vendors in all. */
const addVendors = (pool: pg.Pool, total: number) =>
  pool.query(
    `INSERT INTO vendors (code, name, payin_commission_bps, payout_commission_bps, created_at, updated_at)
     SELECT 'VEN-G' || lpad(i::text, 2, '0'), 'Generated Vendor ' || i, 20 + (i % 4) * 10, 10 + (i % 3) * 10,
       now() - interval '300 days', now() - interval '300 days'
     FROM generate_series(1, greatest(0, $1 - (SELECT count(*) FROM vendors))) AS i`,
    [total],
  );

/** An IST hour lies inside one IST day: the hour rows first, the day rows summed from them. */
const insertRollups = (pool: pg.Pool, columns: string[], events: string, params: unknown[] = []) => {
  const list = columns.join(', ');
  const sums = columns.map((c) => `sum(${c})`).join(', ');
  return pool.query(
    `WITH e AS (${events}),
      h AS (SELECT party, date_trunc('hour', at AT TIME ZONE 'Asia/Kolkata') AS at, ${columns.map((c) => `sum(${c}) AS ${c}`).join(', ')}
            FROM e GROUP BY 1, 2)
    INSERT INTO money_rollups (party, span, at, ${list})
    SELECT party, 'hour', at, ${list} FROM h
    UNION ALL SELECT party, 'day', date_trunc('day', at), ${sums} FROM h GROUP BY party, date_trunc('day', at)
    ON CONFLICT (party, span, at) DO UPDATE SET ${columns.map((c) => `${c} = money_rollups.${c} + excluded.${c}`).join(', ')}`,
    params,
  );
};

/** feeOf (domain/money.ts) in SQL: basis points of an amount, half up to the paisa. */
const feeSql = (amount: string, bps: string) => `(${amount} * ${bps} * 2 + 10000) / 20000`;

const PAYIN_EVENTS = `
  SELECT x.party, p.completed_at AS at, x.payin_count, x.payin_amount, x.payin_fee, x.commission, x.balance,
    x.collected_count, x.collected_amount, 0 AS created_count, 0 AS succeeded_count
  FROM payins p JOIN bank_accounts b ON b.id = p.bank_account_id LEFT JOIN vendors v ON v.id = b.vendor_id
  CROSS JOIN LATERAL (SELECT ${feeSql('p.confirmed_amount', 'coalesce(v.payin_commission_bps, 0)')} AS c) k
  CROSS JOIN LATERAL (VALUES
    ('merchant:' || p.merchant_id, 1, p.confirmed_amount, p.fee, 0::bigint, p.confirmed_amount - p.fee, 0, 0::bigint),
    ('bank:' || p.bank_account_id, 1, p.confirmed_amount, 0, 0, p.confirmed_amount, 0, 0),
    (CASE WHEN k.c > 0 THEN 'vendor:' || v.id END, 0, 0, 0, k.c, -k.c, 0, 0),
    ('collected:' || p.bank_account_id, 0, 0, 0, 0, 0, 1, p.confirmed_amount)
  ) AS x(party, payin_count, payin_amount, payin_fee, commission, balance, collected_count, collected_amount)
  WHERE p.status = 'SUCCESS' AND NOT p.test AND x.party IS NOT NULL
  UNION ALL
  SELECT 'collected:' || bank_account_id, updated_at, 0, 0, 0, 0, 0, 1, confirmed_amount, 0, 0
  FROM payins WHERE status = 'DISPUTE' AND NOT test AND bank_account_id IS NOT NULL
  UNION ALL
  SELECT 'payins:' || merchant_id, created_at, 0, 0, 0, 0, 0, 0, 0, 1, (status = 'SUCCESS')::int
  FROM payins WHERE NOT test`;
const PAYIN_COLUMNS = [
  'payin_count',
  'payin_amount',
  'payin_fee',
  'commission',
  'balance',
  'collected_count',
  'collected_amount',
  'created_count',
  'succeeded_count',
];

const PAYOUT_EVENTS = `
  SELECT x.party, x.at, x.payout_count, x.payout_amount, x.payout_fee, x.reversed_count, x.reversed_amount,
    x.reversed_fee, x.commission, x.balance
  FROM payouts o LEFT JOIN bank_accounts b ON b.id = o.bank_account_id AND o.method = 'manual'
  LEFT JOIN vendors v ON v.id = b.vendor_id
  CROSS JOIN LATERAL (SELECT ${feeSql('o.amount', 'coalesce(v.payout_commission_bps, 0)')} AS c,
    o.status = 'REVERSED' AS back) k
  CROSS JOIN LATERAL (VALUES
    ('merchant:' || o.merchant_id, o.completed_at, 1, o.amount, o.fee, 0, 0::bigint, 0::bigint, 0::bigint, -(o.amount + o.fee)),
    ('bank:' || b.id, o.completed_at, 1, o.amount, 0, 0, 0, 0, 0, -o.amount),
    (CASE WHEN k.c > 0 THEN 'vendor:' || v.id END, o.completed_at, 0, 0, 0, 0, 0, 0, k.c, -k.c),
    (CASE WHEN k.back THEN 'merchant:' || o.merchant_id END, o.updated_at, 0, 0, 0, 1, o.amount, o.fee, 0, o.amount + o.fee),
    (CASE WHEN k.back THEN 'bank:' || b.id END, o.updated_at, 0, 0, 0, 1, o.amount, 0, 0, o.amount),
    (CASE WHEN k.back AND k.c > 0 THEN 'vendor:' || v.id END, o.updated_at, 0, 0, 0, 0, 0, 0, -k.c, k.c)
  ) AS x(party, at, payout_count, payout_amount, payout_fee, reversed_count, reversed_amount, reversed_fee, commission, balance)
  WHERE o.status IN ('SUCCESS', 'REVERSED') AND NOT o.test AND x.party IS NOT NULL`;
const PAYOUT_COLUMNS = [
  'payout_count',
  'payout_amount',
  'payout_fee',
  'reversed_count',
  'reversed_amount',
  'reversed_fee',
  'commission',
  'balance',
];

const SPEEDS = `
  WITH c AS (
    SELECT merchant_id, (completed_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
      width_bucket(greatest(0, extract(epoch FROM completed_at - created_at))::float8, $1::float8[]) - 1 AS bin,
      count(*)::int AS n
    FROM payins WHERE status = 'SUCCESS' AND NOT test GROUP BY 1, 2, 3)
  INSERT INTO payin_speeds (merchant_id, day, counts)
  SELECT k.merchant_id, k.day, array_agg(coalesce(c.n, 0) ORDER BY b.bin)
  FROM (SELECT DISTINCT merchant_id, day FROM c) k
  CROSS JOIN generate_series(0, array_length($1::float8[], 1) - 1) AS b(bin)
  LEFT JOIN c ON c.merchant_id = k.merchant_id AND c.day = k.day AND c.bin = b.bin
  GROUP BY 1, 2 ORDER BY 1, 2`;

/** Fills money_rollups and payin_speeds for the generated history (see the header). */
export const fillRollups = async (pool: pg.Pool) => {
  await insertRollups(pool, PAYIN_COLUMNS, PAYIN_EVENTS);
  await insertRollups(pool, PAYOUT_COLUMNS, PAYOUT_EVENTS);
  await pool.query(SPEEDS, [[...SPEED_BOUNDS]]);
  // The all-merchants totals, as the fold job would have kept them (services/ledger/rollup-folds.ts).
  await foldAllFromParties(drizzle(pool));
  await pool.query('VACUUM (ANALYZE) money_rollups, payin_speeds');
};

const one = async (pool: pg.Pool, text: string) => Number((await pool.query<{ n: string }>(text)).rows[0].n);

/** The rollups' totals against the generated rows, and speedBinOf against the SQL bins on a sample. */
const check = async (pool: pg.Pool): Promise<string[]> => {
  const out: string[] = [];
  const sum = (column: string, prefix: string, span: string) =>
    `SELECT coalesce(sum(${column}), 0) AS n FROM money_rollups WHERE party LIKE '${prefix}:%' AND span = '${span}'`;
  const expected: [string, string, string][] = [
    ['payin_amount', 'merchant', `SELECT sum(confirmed_amount) AS n FROM payins WHERE status = 'SUCCESS' AND NOT test`],
    ['created_count', 'payins', 'SELECT count(*) AS n FROM payins WHERE NOT test'],
    [
      'payout_count',
      'merchant',
      `SELECT count(*) AS n FROM payouts WHERE status IN ('SUCCESS', 'REVERSED') AND NOT test`,
    ],
    ['reversed_amount', 'merchant', `SELECT sum(amount) AS n FROM payouts WHERE status = 'REVERSED' AND NOT test`],
  ];
  for (const [column, prefix, truth] of expected) {
    const want = await one(pool, truth);
    for (const span of ['hour', 'day']) {
      const got = await one(pool, sum(column, prefix, span));
      if (got !== want) out.push(`${prefix}: ${column} of the ${span} rows ${got}, the rows say ${want}`);
    }
  }
  for (const span of ['hour', 'day']) {
    const every = await one(pool, sum('payin_amount', 'merchant', span));
    const all = await one(pool, sum('payin_amount', 'all', span).replace("LIKE 'all:%'", "= 'all:merchants'"));
    if (every !== all) out.push(`all:merchants payin_amount of the ${span} rows ${all}, the merchants' ${every}`);
  }
  // Every merchant's own histograms: the all-merchants one (ALL_MERCHANTS_ID) is their sum again.
  const speeds = await one(
    pool,
    `SELECT sum(n) AS n FROM payin_speeds, unnest(counts) AS n WHERE merchant_id <> '${ALL_MERCHANTS_ID}'`,
  );
  const allSpeeds = await one(
    pool,
    `SELECT coalesce(sum(n), 0) AS n FROM payin_speeds, unnest(counts) AS n WHERE merchant_id = '${ALL_MERCHANTS_ID}'`,
  );
  if (allSpeeds !== speeds) out.push(`all-merchants histogram count ${allSpeeds}, the merchants' ${speeds}`);
  const successes = await one(pool, `SELECT count(*) AS n FROM payins WHERE status = 'SUCCESS' AND NOT test`);
  if (speeds !== successes) out.push(`payin_speeds count ${speeds}, SUCCESS pay-ins ${successes}`);
  const { rows } = await pool.query<{ created: Date; completed: Date; bin: number }>(
    `SELECT created_at AS created, completed_at AS completed,
       width_bucket(greatest(0, extract(epoch FROM completed_at - created_at))::float8, $1::float8[]) - 1 AS bin
     FROM payins WHERE status = 'SUCCESS' LIMIT 2000`,
    [[...SPEED_BOUNDS]],
  );
  const off = rows.filter(
    (r) => speedBinOf(Math.max(0, (r.completed.getTime() - r.created.getTime()) / 1000)) !== r.bin,
  ).length;
  if (off > 0) out.push(`${off} of ${rows.length} sampled pay-ins in another bin than speedBinOf's`);
  return out;
};

const SKIP_KNOWN = `CREATE FUNCTION bench_skip_known_merchant() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN IF EXISTS (SELECT 1 FROM merchants WHERE code = NEW.code) THEN RETURN NULL; END IF; RETURN NEW; END $$;
  CREATE TRIGGER bench_skip_known_merchant BEFORE INSERT ON merchants FOR EACH ROW EXECUTE FUNCTION bench_skip_known_merchant()`;

/** The pay-ins, the pay-outs, then their rollups, on a migrated database that has the demo data. */
export const seedBoards = async (
  db: Db,
  pool: pg.Pool,
  payins: number,
  payouts: number,
  wide: BoardsShape = {},
): Promise<BoardsSeed> => {
  const t0 = performance.now();
  const since = (t: number) => Math.round(performance.now() - t);
  const shape = wide.shape ?? DEPOSITS_SHAPE;
  if (wide.vendors) await addVendors(pool, wide.vendors);
  const deposits = await seedDeposits(pool, payins, shape);
  const payinsMs = since(t0);
  const t1 = performance.now();
  // The pay-out fees the pay-outs bench gives its merchants (its generator reads them).
  await pool.query(
    `UPDATE merchants SET payout_fee_bps = 100 + (substr(code, 2)::int % 5) * 25 WHERE code ~ '^M[0-9]{3}$'`,
  );
  await pool.query(SKIP_KNOWN);
  let payoutSeed: PayoutSeed;
  try {
    payoutSeed = await seedPayouts(db, pool, payouts, spendOf, shape);
  } finally {
    await pool.query('DROP TRIGGER bench_skip_known_merchant ON merchants; DROP FUNCTION bench_skip_known_merchant()');
  }
  const payoutsMs = since(t1);
  const journals = wide.journals ? await seedJournals(pool) : undefined;
  const t2 = performance.now();
  await fillRollups(pool);
  const rollupsMs = since(t2);
  const { rows } = await pool.query<{ hour: string; day: string; parties: string; mb: number }>(
    `SELECT count(*) FILTER (WHERE span = 'hour') AS hour, count(*) FILTER (WHERE span = 'day') AS day,
       count(DISTINCT party) AS parties, pg_total_relation_size('money_rollups') / 1048576.0 AS mb FROM money_rollups`,
  );
  const speedRows = await one(pool, 'SELECT count(*) AS n FROM payin_speeds');
  return {
    deposits,
    payouts: payoutSeed,
    rollups: {
      hourRows: Number(rows[0].hour),
      dayRows: Number(rows[0].day),
      parties: Number(rows[0].parties),
      speedRows,
      mb: Math.round(Number(rows[0].mb) * 10) / 10,
    },
    disagreements: await check(pool),
    journals,
    ms: { payins: payinsMs, payouts: payoutsMs, journals: journals?.ms.total, rollups: rollupsMs, total: since(t0) },
  };
};
