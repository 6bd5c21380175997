import { sql } from 'drizzle-orm';
import type { TestServer } from './server';

/**
 * Each money event has exactly the journals and holds its status says, after each run of the money
 * property test: one open success journal while SUCCESS (and real) and none otherwise, for pay-ins,
 * pay-outs, settlements and vendor settlements; one journal per chargeback, never reversed; every
 * reversal reverses a success of the same record; one PENDING hold while a pay-out (real) or a
 * settlement is INITIATED; a bank entry used by one pay-in or one internal transfer at most, each
 * pointing back at it; a SUCCESS internal transfer has its entry, any other vendor settlement none.
 */
export const structureProblems = async (s: TestServer) =>
  (
    await s.db.execute<{ problem: string; id: string; detail: string }>(sql`
    WITH events AS (
      SELECT 'payins' AS entity, id, 'payin.success' AS kind, status = 'SUCCESS' AND NOT test AS posted,
        false AS held, status FROM payins
      UNION ALL
      SELECT 'payouts', id, 'payout.success', status = 'SUCCESS' AND NOT test, status = 'INITIATED' AND NOT test, status
        FROM payouts
      UNION ALL
      SELECT 'settlements', id, 'settlement.success', status = 'SUCCESS', status = 'INITIATED', status FROM settlements
      UNION ALL
      SELECT 'vendor-settlements', id, 'vendor-settlement.success', status = 'SUCCESS', false, status
        FROM vendor_settlements
      UNION ALL
      SELECT 'liens', id, 'lien', true, false, 'RECORDED' FROM liens),
    open_journals AS (
      SELECT j.entity, j.entity_id, j.kind, count(*) AS n FROM ledger_journals j
      WHERE NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.reverses_id = j.id) AND j.reverses_id IS NULL
      GROUP BY j.entity, j.entity_id, j.kind),
    pending AS (
      SELECT entity, entity_id, count(*) AS n FROM ledger_holds WHERE state = 'PENDING' GROUP BY entity, entity_id)
    SELECT 'open journals' AS problem, e.entity || ' ' || e.id AS id, e.status || ' open=' || coalesce(o.n, 0) AS detail
      FROM events e LEFT JOIN open_journals o ON o.entity = e.entity AND o.entity_id = e.id AND o.kind = e.kind
      WHERE coalesce(o.n, 0) <> CASE WHEN e.posted THEN 1 ELSE 0 END
    UNION ALL
    SELECT 'pending holds', e.entity || ' ' || e.id, e.status || ' holds=' || coalesce(p.n, 0)
      FROM events e LEFT JOIN pending p ON p.entity = e.entity AND p.entity_id = e.id
      WHERE coalesce(p.n, 0) <> CASE WHEN e.held THEN 1 ELSE 0 END
    UNION ALL
    SELECT 'stray journal', j.entity || ' ' || j.entity_id, j.kind FROM ledger_journals j
      WHERE j.reverses_id IS NULL AND NOT EXISTS (
        SELECT 1 FROM events e WHERE e.entity = j.entity AND e.id = j.entity_id AND e.kind = j.kind)
    UNION ALL
    SELECT 'reversal', j.id::text, j.kind FROM ledger_journals j JOIN ledger_journals t ON t.id = j.reverses_id
      WHERE j.kind <> replace(t.kind, '.success', '.reversal') OR t.entity_id <> j.entity_id OR t.kind = 'lien'
    UNION ALL
    SELECT 'entry used twice', e.id::text, e.utr FROM bank_entries e
      WHERE e.payin_id IS NOT NULL AND e.vendor_settlement_id IS NOT NULL
    UNION ALL
    SELECT 'transfer entry', s.id::text, s.status || ' ' || s.method || ' entry=' || coalesce(s.bank_entry_id::text, 'none')
        || ' points at ' || coalesce(e.vendor_settlement_id::text, 'none')
      FROM vendor_settlements s LEFT JOIN bank_entries e ON e.id = s.bank_entry_id
      WHERE (s.bank_entry_id IS NOT NULL) <> (s.status = 'SUCCESS' AND s.method LIKE 'INTERNAL%')
        OR (s.bank_entry_id IS NOT NULL AND e.vendor_settlement_id IS DISTINCT FROM s.id)
    UNION ALL
    SELECT 'entry taken by', e.id::text, coalesce(s.status, 'no transfer') FROM bank_entries e
      LEFT JOIN vendor_settlements s ON s.id = e.vendor_settlement_id
      WHERE e.vendor_settlement_id IS NOT NULL AND s.bank_entry_id IS DISTINCT FROM e.id
    UNION ALL
    SELECT 'entry link', e.id::text, coalesce(p.status, 'no pay-in') FROM bank_entries e LEFT JOIN payins p ON p.id = e.payin_id
      WHERE e.payin_id IS NOT NULL AND (p.bank_entry_id IS DISTINCT FROM e.id OR p.status NOT IN ('SUCCESS', 'DISPUTE'))
    UNION ALL
    SELECT 'charged back', l.id::text, p.status || ' test=' || p.test FROM liens l JOIN payins p ON p.id = l.payin_id
      WHERE p.status <> 'SUCCESS' OR p.test OR l.amount > p.confirmed_amount OR l.merchant_id <> p.merchant_id`)
  ).rows;

/**
 * Issue 29: money credited to merchants comes from the bank or from a recorded checker decision.
 * Every real SUCCESS pay-in paid into our banks is either confirmed at most at its entry's amount,
 * or, without an entry, at exactly the amount its checker approved; and no UTR is used twice.
 * Answers each pay-in that breaks it, and the sums: credited ≤ bank entries + decisions.
 */
export const bankProblems = async (s: TestServer) => {
  const { rows } = await s.db.execute<{ problem: string; id: string; detail: string }>(sql`
    WITH real AS (
      SELECT p.* FROM payins p WHERE p.status = 'SUCCESS' AND NOT p.test AND p.source = 'Manual'),
    decided AS (
      SELECT DISTINCT ON (entity_id) entity_id, (after->>'confirmedAmount')::numeric AS rupees
        FROM audit_events WHERE entity = 'payins' AND action = 'approve' ORDER BY entity_id, at DESC)
    SELECT 'above its entry' AS problem, p.id::text AS id, p.confirmed_amount || ' > ' || e.amount AS detail
      FROM real p JOIN bank_entries e ON e.id = p.bank_entry_id WHERE p.confirmed_amount > e.amount
    UNION ALL
    SELECT 'no entry, no decision', p.id::text, coalesce(d.rupees::text, 'none') || ' vs ' || p.confirmed_amount
      FROM real p LEFT JOIN decided d ON d.entity_id = p.id::text
      WHERE p.bank_entry_id IS NULL AND (d.rupees IS NULL OR d.rupees * 100 <> p.confirmed_amount)
    UNION ALL
    SELECT 'UTR used twice', utr, count(*)::text FROM (
      SELECT coalesce(utr, submitted_utr) AS utr FROM real
      UNION ALL SELECT utr FROM payouts WHERE status IN ('SUCCESS', 'REVERSED') AND NOT test AND utr IS NOT NULL
      UNION ALL SELECT reference FROM settlements WHERE status = 'SUCCESS' AND method = 'BANK'
      UNION ALL SELECT reference FROM vendor_settlements WHERE status = 'SUCCESS'
        AND method IN ('BANK', 'INTERNAL_BANK_TRANSFER', 'INTERNAL_QR_TRANSFER')) used
      WHERE utr IS NOT NULL GROUP BY utr HAVING count(*) > 1`);
  return rows;
};

/** The records the reconciliation's bank side lists as an entry-amount difference. */
export const bankListed = async (s: TestServer, adminToken: string) => {
  const res = await s.call('GET', '/v1/reconciliation', { token: adminToken });
  if (res.status !== 200) throw new Error(`reconciliation answered ${res.status}`);
  const differences = res.body.data.bank.differences as { kind: string; records: { id: string }[] }[];
  return new Set(differences.filter((d) => d.kind === 'entry-amount').flatMap((d) => d.records.map((r) => r.id)));
};
