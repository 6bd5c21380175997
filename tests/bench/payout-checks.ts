import type pg from 'pg';

/**
 * What the pay-out creation runs must leave behind, checked in SQL after each run: every 201 wrote
 * exactly one pay-out (INITIATED, the answered id and order id), one PENDING hold of its amount
 * and fee and one audit event, and nothing else was written; and the ledger as
 * tests/support/deposits.ts payoutProblems states it for holds (the generated history has no
 * journals, so its success and fee-income rules are not checked here).
 */
export interface RunCheck {
  /** Pay-outs of the run's order ids in the database. */
  rows: number;
  /** 201 answers whose pay-out is missing or differs, and rows no 201 answered. */
  missing: number;
  extra: number;
  /** Rows without exactly one PENDING hold of amount + fee, or without exactly one audit event. */
  badHolds: number;
  badAudits: number;
  /** Transactions that wrote the run's pay-outs (those of one share its clock). */
  transactions: number;
  perMerchant: { code: string; created: number; available: number }[];
  expectedEach?: number;
  problems: string[];
}

export interface LedgerCheck {
  /** Merchants whose balance less held is below zero, or held below zero. */
  overdrawn: number;
  /** Accounts whose held is not their PENDING holds' sum. */
  heldVsHolds: number;
  /** Merchant accounts whose held is not their INITIATED real pay-outs' amount and fee. */
  heldVsWaiting: number;
  unbalancedJournals: number;
  /** Accounts that cache a balance whose balance is not the sum of their entries. */
  balanceVsEntries: number;
  problems: string[];
}

const n = (v: unknown) => Number(v);

export const checkRun = async (
  pool: pg.Pool,
  prefix: string,
  created: [string, string][],
  codes: string[],
): Promise<RunCheck> => {
  const { rows } = await pool.query<Record<string, string>>(
    `WITH c AS (SELECT * FROM unnest($1::text[], $2::uuid[]) AS c(order_id, id)),
     r AS (SELECT p.id, p.merchant_order_id, p.status,
             (SELECT count(*) FROM ledger_holds h WHERE h.entity = 'payouts' AND h.entity_id = p.id) AS holds,
             (SELECT count(*) FROM ledger_holds h WHERE h.entity = 'payouts' AND h.entity_id = p.id AND h.state = 'PENDING'
                AND h.amount = p.amount + p.fee AND h.key = 'payout:' || p.id || ':hold:1') AS good,
             (SELECT count(*) FROM audit_events e WHERE e.entity = 'payouts' AND e.entity_id = p.id::text) AS audits
           FROM payouts p WHERE p.merchant_order_id LIKE $3 || '%')
     SELECT (SELECT count(*) FROM r) AS rows,
       (SELECT count(*) FROM c LEFT JOIN r ON r.id = c.id AND r.merchant_order_id = c.order_id AND r.status = 'INITIATED'
         WHERE r.id IS NULL) AS missing,
       (SELECT count(*) FROM r LEFT JOIN c ON c.id = r.id WHERE c.id IS NULL) AS extra,
       (SELECT count(*) FROM r WHERE holds <> 1 OR good <> 1) AS bad_holds,
       (SELECT count(*) FROM r WHERE audits <> 1) AS bad_audits,
       (SELECT count(DISTINCT created_at) FROM payouts WHERE merchant_order_id LIKE $3 || '%') AS transactions`,
    [created.map((c) => c[0]), created.map((c) => c[1]), prefix],
  );
  const { rows: merchants } = await pool.query<{ code: string; created: string; available: string }>(
    `SELECT m.code, (SELECT count(*) FROM payouts p WHERE p.merchant_id = m.id AND p.merchant_order_id LIKE $2 || '%') AS created,
       -a.balance - a.held AS available
     FROM merchants m JOIN ledger_accounts a ON a.key = 'merchant:' || m.id WHERE m.code = ANY($1) ORDER BY m.code`,
    [codes, prefix],
  );
  const r = rows[0];
  const check: RunCheck = {
    rows: n(r.rows),
    missing: n(r.missing),
    extra: n(r.extra),
    badHolds: n(r.bad_holds),
    badAudits: n(r.bad_audits),
    transactions: n(r.transactions),
    perMerchant: merchants.map((m) => ({ code: m.code, created: n(m.created), available: n(m.available) })),
    problems: [],
  };
  if (check.rows !== created.length || check.missing + check.extra + check.badHolds + check.badAudits > 0)
    check.problems.push(
      `${created.length} answered 201, ${check.rows} pay-outs written: ${check.missing} missing, ${check.extra} unanswered, ${check.badHolds} without exactly one hold, ${check.badAudits} without exactly one audit event`,
    );
  return check;
};

export const ledgerProblems = async (pool: pg.Pool): Promise<LedgerCheck> => {
  const { rows } = await pool.query<Record<string, string>>(`
    WITH pending AS (SELECT account_id, sum(amount) AS amount FROM ledger_holds WHERE state = 'PENDING' GROUP BY account_id),
    waiting AS (SELECT 'merchant:' || merchant_id AS key, sum(amount + fee) AS held FROM payouts
      WHERE status = 'INITIATED' AND NOT test GROUP BY merchant_id),
    entries AS (SELECT account_id, sum(amount) AS amount FROM ledger_entries GROUP BY account_id)
    SELECT
      (SELECT count(*) FROM ledger_accounts WHERE key LIKE 'merchant:%' AND (held < 0 OR -balance - held < 0)) AS overdrawn,
      (SELECT count(*) FROM ledger_accounts a LEFT JOIN pending p ON p.account_id = a.id
        WHERE a.held <> coalesce(p.amount, 0)) AS held_vs_holds,
      (SELECT count(*) FROM ledger_accounts a LEFT JOIN waiting w ON w.key = a.key
        WHERE a.key LIKE 'merchant:%' AND a.held <> coalesce(w.held, 0)) AS held_vs_waiting,
      (SELECT count(*) FROM (SELECT journal_id FROM ledger_entries GROUP BY journal_id HAVING sum(amount) <> 0) x) AS unbalanced,
      (SELECT count(*) FROM ledger_accounts a LEFT JOIN entries e ON e.account_id = a.id
        WHERE a.caches_balance AND a.balance <> coalesce(e.amount, 0)) AS balance_vs_entries`);
  const r = rows[0];
  const check: LedgerCheck = {
    overdrawn: n(r.overdrawn),
    heldVsHolds: n(r.held_vs_holds),
    heldVsWaiting: n(r.held_vs_waiting),
    unbalancedJournals: n(r.unbalanced),
    balanceVsEntries: n(r.balance_vs_entries),
    problems: [],
  };
  const bad = Object.entries(check).filter(([k, v]) => k !== 'problems' && v !== 0);
  if (bad.length > 0) check.problems.push(`ledger: ${bad.map(([k, v]) => `${k} ${v}`).join(', ')}`);
  return check;
};
