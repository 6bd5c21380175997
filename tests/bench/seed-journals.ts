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

/** Every line of the generated journals: (journal id, line number, account key, amount, time). */
const LINES = `
  SELECT j.id AS journal_id, x.n, x.account, x.amount, p.completed_at AS at
  FROM ledger_journals j JOIN payins p ON p.id = j.entity_id
  JOIN bank_accounts b ON b.id = p.bank_account_id LEFT JOIN vendors v ON v.id = b.vendor_id
  CROSS JOIN LATERAL (SELECT ${feeSql('p.confirmed_amount', 'coalesce(v.payin_commission_bps, 0)')} AS c) k
  CROSS JOIN LATERAL (VALUES
    (1, 'bank:' || p.bank_account_id, p.confirmed_amount),
    (2, 'merchant:' || p.merchant_id, -(p.confirmed_amount - p.fee)),
    (3, 'income:payin-fees', -p.fee),
    (4, 'income:vendor-commissions', k.c),
    (5, 'vendor:' || v.id, -k.c)
  ) AS x(n, account, amount)
  WHERE j.kind = 'payin.success' AND j.id > $1 AND x.amount <> 0
  UNION ALL
  SELECT j.id, x.n, x.account, CASE WHEN j.kind = 'payout.reversal' THEN -x.amount ELSE x.amount END,
    CASE WHEN j.kind = 'payout.reversal' THEN o.updated_at ELSE o.completed_at END
  FROM ledger_journals j JOIN payouts o ON o.id = j.entity_id
  LEFT JOIN bank_accounts b ON b.id = o.bank_account_id AND o.method = 'manual' LEFT JOIN vendors v ON v.id = b.vendor_id
  CROSS JOIN LATERAL (SELECT ${feeSql('o.amount', 'coalesce(v.payout_commission_bps, 0)')} AS c) k
  CROSS JOIN LATERAL (VALUES
    (1, 'merchant:' || o.merchant_id, o.amount + o.fee),
    (2, coalesce('bank:' || b.id, 'provider:eko'), -o.amount),
    (3, 'income:payout-fees', -o.fee),
    (4, 'income:vendor-commissions', k.c),
    (5, 'vendor:' || v.id, -k.c)
  ) AS x(n, account, amount)
  WHERE j.kind IN ('payout.success', 'payout.reversal') AND j.id > $1 AND x.amount <> 0`;

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
    await client.query(`SET work_mem = '256MB'`);
    for (const d of defs) await client.query(`DROP INDEX ${d.name}`);
    await client.query(`INSERT INTO ledger_accounts (key, caches_balance)
      SELECT 'merchant:' || id, true FROM merchants UNION ALL SELECT 'bank:' || id, true FROM bank_accounts
      UNION ALL SELECT 'vendor:' || id, true FROM vendors
      UNION ALL SELECT k, false FROM unnest(ARRAY['income:payin-fees', 'income:payout-fees', 'income:vendor-commissions',
        'provider:eko']) AS k
      ON CONFLICT (key) DO NOTHING`);
    // In time order, as they were posted; the reversals after (each names the journal it reverses).
    await client.query(`INSERT INTO ledger_journals (key, kind, entity, entity_id, created_at)
      SELECT key, kind, entity, entity_id, at FROM (
        SELECT 'payin:' || id || ':success:' || version AS key, 'payin.success' AS kind, 'payins' AS entity, id AS entity_id,
          completed_at AS at FROM payins WHERE status = 'SUCCESS' AND NOT test
        UNION ALL
        SELECT 'payout:' || id || ':success:' || CASE status WHEN 'REVERSED' THEN version - 1 ELSE version END, 'payout.success',
          'payouts', id, completed_at FROM payouts WHERE status IN ('SUCCESS', 'REVERSED') AND NOT test) x
      ORDER BY at`);
    await client.query(`INSERT INTO ledger_journals (key, kind, entity, entity_id, reverses_id, created_at)
      SELECT 'payout:' || o.id || ':reversal:' || o.version, 'payout.reversal', 'payouts', o.id, j.id, o.updated_at
      FROM payouts o JOIN ledger_journals j ON j.key = 'payout:' || o.id || ':success:' || (o.version - 1)
      WHERE o.status = 'REVERSED' AND NOT o.test ORDER BY o.updated_at`);
    const journalsMs = since(t0);
    const t1 = performance.now();
    await client.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount, balance_after, created_at)
       SELECT l.journal_id, a.id, l.amount,
         CASE WHEN a.caches_balance THEN a.balance + sum(l.amount) OVER (PARTITION BY a.id ORDER BY l.journal_id, l.n) END,
         l.at
       FROM (${LINES}) l JOIN ledger_accounts a ON a.key = l.account
       ORDER BY l.journal_id, l.n`,
      [before],
    );
    await client.query(
      `UPDATE ledger_accounts a SET balance = a.balance + e.sum, version = a.version + e.journals
       FROM (SELECT e.account_id, sum(e.amount) AS sum, count(DISTINCT e.journal_id) AS journals
             FROM ledger_entries e WHERE e.journal_id > $1 GROUP BY 1) e
       WHERE a.id = e.account_id AND a.caches_balance`,
      [before],
    );
    const entriesMs = since(t1);
    const t2 = performance.now();
    await client.query(`SET maintenance_work_mem = '512MB'`);
    for (const d of defs) await client.query(d.def);
    const indexesMs = since(t2);
    await client.query('RESET session_replication_role; RESET work_mem; RESET maintenance_work_mem');
    await client.query('VACUUM (ANALYZE) ledger_accounts, ledger_journals, ledger_entries');
    const { rows } = await client.query<{ journals: string; entries: string; unbalanced: string; total: string }>(
      `SELECT count(DISTINCT journal_id) AS journals, count(*) AS entries, sum(amount)::text AS total,
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
    client.release();
  }
};
