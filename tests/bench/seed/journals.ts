/**
 * The ledger of a generated history (issue 15, item 1): the journal each finished pay-in and
 * pay-out would have posted, written by PostgreSQL itself, with the lines of domain/ledger.ts:
 *   - a SUCCESS pay-in (`payin:<id>:success:<version>`, at its completion): its bank account
 *     debited the amount, the merchant credited it less the fee, `income:payin-fees` the fee, and
 *     the account's vendor its commission (payinSuccess);
 *   - a SUCCESS or REVERSED pay-out (`payout:<id>:success:<version>`): the merchant debited amount
 *     and fee, the paying account (its bank account by hand, `provider:eko` otherwise) credited the
 *     amount, `income:payout-fees` the fee, the vendor of a hand-paid one its commission
 *     (payoutSuccess); a REVERSED one then its reversal (`payout:<id>:reversal:<version>`, the same
 *     lines negated, at its last change).
 * Entries carry the running balance of the accounts that cache one (cachesBalance), each account's
 * balance and version are moved by them, and the indexes are built after the load. The load runs
 * with triggers off (session_replication_role): the deferred balance check of each journal would
 * cost 35M row triggers; `check` proves the same of the whole load in one pass instead.
 *
 * At ten million pay-ins (about 47M lines) the shape of the load decides minutes against hours:
 * each journal is planned once, with its id and the ids of its accounts (one sort of the finished
 * rows, joins only with the few hundred accounts), so the lines are read from that plan with no
 * join back to the journals nor to the pay-ins; only the lines of accounts that cache a balance
 * are sorted (by account, for the running balance), the income accounts' are copied as they come;
 * entries land grouped by account, so within an account their ids still follow posting order.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

export interface JournalSeed {
  journals: number;
  entries: number;
  /** Journals whose entries do not sum to zero, and the sum of every entry (both 0 when right). */
  unbalanced: number;
  total: string;
  ms: { journals: number; entries: number; indexes: number; total: number };
}

const feeSql = (amount: string, bps: string) => `(${amount} * ${bps} * 2 + 10000) / 20000`;

/**
 * The journals to write, one row each with what its lines need, in posting order: the successes
 * by completion, then the reversals by their last change. Ids are given here (the sequence is
 * moved past them), so nothing joins back to the journals.
 */
const PLAN = `
  CREATE TEMP TABLE seed_j AS
  SELECT $1::bigint + row_number() OVER (ORDER BY phase, at, entity_id) AS id, * FROM (
    SELECT 0 AS phase, 'payin.success' AS kind, 'payins' AS entity, p.id AS entity_id,
      'payin:' || p.id || ':success:' || p.version AS key, p.completed_at AS at,
      ma.id AS merchant_acc, ba.id AS bank_acc, va.id AS vendor_acc, p.confirmed_amount AS amount, p.fee,
      ${feeSql('p.confirmed_amount', 'coalesce(v.payin_commission_bps, 0)')} AS commission
    FROM payins p JOIN seed_acc ma ON ma.key = 'merchant:' || p.merchant_id
    JOIN bank_accounts b ON b.id = p.bank_account_id JOIN seed_acc ba ON ba.key = 'bank:' || b.id
    LEFT JOIN vendors v ON v.id = b.vendor_id LEFT JOIN seed_acc va ON va.key = 'vendor:' || v.id
    WHERE p.status = 'SUCCESS' AND NOT p.test
    UNION ALL
    SELECT s.phase, CASE s.phase WHEN 0 THEN 'payout.success' ELSE 'payout.reversal' END, 'payouts', o.id,
      'payout:' || o.id || CASE WHEN s.phase = 1 THEN ':reversal:' || o.version
        WHEN o.status = 'REVERSED' THEN ':success:' || (o.version - 1) ELSE ':success:' || o.version END,
      CASE s.phase WHEN 0 THEN o.completed_at ELSE o.updated_at END,
      ma.id, coalesce(ba.id, $2::bigint), va.id, o.amount, o.fee,
      ${feeSql('o.amount', 'coalesce(v.payout_commission_bps, 0)')}
    FROM payouts o JOIN seed_acc ma ON ma.key = 'merchant:' || o.merchant_id
    LEFT JOIN bank_accounts b ON b.id = o.bank_account_id AND o.method = 'manual'
    LEFT JOIN seed_acc ba ON ba.key = 'bank:' || b.id
    LEFT JOIN vendors v ON v.id = b.vendor_id LEFT JOIN seed_acc va ON va.key = 'vendor:' || v.id
    JOIN (VALUES (0), (1)) AS s(phase) ON s.phase = 0 OR o.status = 'REVERSED'
    WHERE o.status IN ('SUCCESS', 'REVERSED') AND NOT o.test
  ) x`;

interface Fixed {
  payinFees: number;
  payoutFees: number;
  commissions: number;
}

/** Every line of the planned journals: payinSuccess, payoutSuccess and its reversal (domain/ledger.ts). */
const lines = (f: Fixed) => `
  SELECT j.id AS journal_id, x.n, x.account_id,
    CASE j.kind WHEN 'payout.reversal' THEN -x.amount ELSE x.amount END AS amount, j.at
  FROM seed_j j CROSS JOIN LATERAL (VALUES
    (1, CASE j.entity WHEN 'payins' THEN j.bank_acc ELSE j.merchant_acc END,
        CASE j.entity WHEN 'payins' THEN j.amount ELSE j.amount + j.fee END),
    (2, CASE j.entity WHEN 'payins' THEN j.merchant_acc ELSE j.bank_acc END,
        CASE j.entity WHEN 'payins' THEN -(j.amount - j.fee) ELSE -j.amount END),
    (3, CASE j.entity WHEN 'payins' THEN ${f.payinFees} ELSE ${f.payoutFees} END, -j.fee),
    (4, ${f.commissions}, j.commission),
    (5, j.vendor_acc, -j.commission)
  ) AS x(n, account_id, amount)
  WHERE x.amount <> 0`;

const INDEXED = ['ledger_journals', 'ledger_entries'];

/** Writes the journals of every finished generated pay-in and pay-out (see the header). */
export const seedJournals = async (pool: pg.Pool): Promise<JournalSeed> => {
  const t0 = performance.now();
  const since = (t: number) => Math.round(performance.now() - t);
  const client = await pool.connect();
  try {
    const { rows: defs } = await client.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes
       WHERE tablename = ANY($1) AND indexname NOT LIKE '%_pkey' AND indexdef NOT LIKE '%UNIQUE%'`,
      [INDEXED],
    );
    const before = Number((await client.query('SELECT coalesce(max(id), 0) AS id FROM ledger_journals')).rows[0].id);
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET work_mem = '1GB'`);
    for (const d of defs) await client.query(`DROP INDEX ${d.name}`);
    await client.query(`INSERT INTO ledger_accounts (key, caches_balance)
      SELECT 'merchant:' || id, true FROM merchants UNION ALL SELECT 'bank:' || id, true FROM bank_accounts
      UNION ALL SELECT 'vendor:' || id, true FROM vendors
      UNION ALL SELECT k, false FROM unnest(ARRAY['income:payin-fees', 'income:payout-fees', 'income:vendor-commissions',
        'provider:eko']) AS k
      ON CONFLICT (key) DO NOTHING`);
    await client.query(`CREATE TEMP TABLE seed_acc AS SELECT id, key, caches_balance, balance FROM ledger_accounts`);
    const { rows: fixedRows } = await client.query<{ key: string; id: string }>(
      `SELECT key, id FROM seed_acc WHERE NOT caches_balance`,
    );
    const idOf = (key: string) => Number(fixedRows.find((r) => r.key === key)!.id);
    const fixed: Fixed = {
      payinFees: idOf('income:payin-fees'),
      payoutFees: idOf('income:payout-fees'),
      commissions: idOf('income:vendor-commissions'),
    };
    await client.query(PLAN, [before, idOf('provider:eko')]);
    await client.query(`INSERT INTO ledger_journals (id, key, kind, entity, entity_id, created_at)
      SELECT id, key, kind, entity, entity_id, at FROM seed_j WHERE phase = 0`);
    await client.query(`INSERT INTO ledger_journals (id, key, kind, entity, entity_id, reverses_id, created_at)
      SELECT r.id, r.key, r.kind, r.entity, r.entity_id, s.id, r.at
      FROM seed_j r JOIN seed_j s ON s.entity_id = r.entity_id AND s.phase = 0 WHERE r.phase = 1 ORDER BY r.id`);
    await client.query(
      `SELECT setval(pg_get_serial_sequence('ledger_journals', 'id'), (SELECT max(id) FROM ledger_journals))`,
    );
    const journalsMs = since(t0);
    const t1 = performance.now();
    await client.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount, balance_after, created_at)
       SELECT l.journal_id, l.account_id, l.amount,
         a.balance + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.journal_id, l.n), l.at
       FROM (${lines(fixed)}) l JOIN seed_acc a ON a.id = l.account_id AND a.caches_balance`,
    );
    await client.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount, created_at)
       SELECT l.journal_id, l.account_id, l.amount, l.at
       FROM (${lines(fixed)}) l WHERE l.account_id IN (${fixed.payinFees}, ${fixed.payoutFees}, ${fixed.commissions}, ${idOf('provider:eko')})`,
    );
    // Each journal has one line at most per account: its lines are its journals.
    await client.query(
      `UPDATE ledger_accounts a SET balance = a.balance + e.sum, version = a.version + e.n
       FROM (SELECT account_id, sum(amount) AS sum, count(*) AS n FROM ledger_entries WHERE journal_id > $1 GROUP BY 1) e
       WHERE a.id = e.account_id AND a.caches_balance`,
      [before],
    );
    const entriesMs = since(t1);
    const t2 = performance.now();
    await client.query(`SET maintenance_work_mem = '1GB'`);
    for (const d of defs) await client.query(d.def);
    const indexesMs = since(t2);
    await client.query('RESET session_replication_role; DROP TABLE seed_j, seed_acc');
    await client.query('VACUUM (ANALYZE) ledger_accounts, ledger_journals, ledger_entries');
    const { rows } = await client.query<{ journals: string; entries: string; unbalanced: string; total: string }>(
      `SELECT (SELECT count(*) FROM ledger_journals WHERE id > $1) AS journals, count(*) AS entries,
         sum(amount)::text AS total,
         (SELECT count(*) FROM (SELECT 1 FROM ledger_entries WHERE journal_id > $1 GROUP BY journal_id
            HAVING sum(amount) <> 0) u) AS unbalanced
       FROM ledger_entries WHERE journal_id > $1`,
      [before],
    );
    return {
      journals: Number(rows[0].journals),
      entries: Number(rows[0].entries),
      unbalanced: Number(rows[0].unbalanced),
      total: rows[0].total ?? '0',
      ms: { journals: journalsMs, entries: entriesMs, indexes: indexesMs, total: since(t0) },
    };
  } finally {
    await client.query('RESET ALL').catch(() => undefined);
    await client.query('DROP TABLE IF EXISTS seed_j, seed_acc').catch(() => undefined);
    client.release();
  }
};
