import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from './server';

/**
 * The money property test's cheap checks, run after every move (tests/support/money-property.ts;
 * the formulas over all rows run after each run: money-formulas.ts): what a refused operation
 * must leave alone, and the ledger's own arithmetic in one statement.
 */

/**
 * Everything an operation could change; a refused one must leave it exactly as it was. Rows are
 * counted, versions summed and the newest change noted per table; the ledger by its accounts'
 * versions (every posting and hold bumps one) and its newest journal, entry and hold.
 */
export const fingerprint = async (s: TestServer) =>
  (
    await s.db.execute(sql`SELECT
      (SELECT count(*) || '/' || coalesce(sum(version), 0) || '/' || coalesce(max(updated_at)::text, '') FROM payins) AS payins,
      (SELECT count(*) || '/' || count(payin_id) || '/' || count(vendor_settlement_id) FROM bank_entries) AS entries,
      (SELECT count(*) || '/' || coalesce(sum(version), 0) || '/' || coalesce(max(updated_at)::text, '') FROM payouts) AS payouts,
      (SELECT count(*) || '/' || coalesce(sum(version), 0) || '/' || coalesce(max(updated_at)::text, '') FROM settlements) AS settlements,
      (SELECT count(*) || '/' || coalesce(sum(version), 0) || '/' || coalesce(max(updated_at)::text, '') FROM vendor_settlements) AS vendor_settlements,
      (SELECT count(*) FROM liens) AS liens,
      (SELECT count(*) FROM callbacks) AS callbacks,
      (SELECT coalesce(sum(version), 0) || '/' || coalesce(sum(held), 0) || '/' || coalesce(sum(balance), 0) FROM ledger_accounts)
        AS accounts,
      coalesce((SELECT max(id) FROM ledger_journals), 0) || '/' || coalesce((SELECT max(id) FROM ledger_entries), 0)
        || '/' || coalesce((SELECT max(id) FROM ledger_holds), 0) AS ledger,
      (SELECT max(id) FROM audit_events
        WHERE entity IN ('payins', 'bank-entries', 'payouts', 'settlements', 'vendor-settlements', 'liens')) AS audits`)
  ).rows[0];

type MerchantMoney = {
  key: string;
  balance: string;
  held: string;
  pending: string;
  liens: string;
  unbalanced: string;
  last: string | null;
};

/**
 * The ledger after each move, cheaply: the journals posted since the last look each sum to zero; a
 * merchant's held is its PENDING holds' sum; and nobody is overdrawn but by chargebacks: a
 * merchant's available money (balance − held) falls below zero, or further below it, only by the
 * chargebacks recorded meanwhile (the bank took that money already; every other event that takes
 * money needs it available, or only gives money back).
 */
export const ledgerWatch = (demo: { s: TestServer }) => {
  let lastJournal = 0;
  /** Looks that found a merchant's available money below zero. */
  let belowZero = 0;
  const seen = new Map<string, { available: number; liens: number }>();
  const look = async () =>
    (
      await demo.s.db.execute<MerchantMoney>(sql`
      WITH pending AS (SELECT account_id, sum(amount) AS amount FROM ledger_holds WHERE state = 'PENDING' GROUP BY account_id),
      charged AS (SELECT 'merchant:' || merchant_id AS key, sum(amount) AS amount FROM liens GROUP BY merchant_id),
      fresh AS (SELECT journal_id, sum(amount) AS total FROM ledger_entries WHERE journal_id > ${lastJournal} GROUP BY journal_id),
      journals AS (SELECT count(*) FILTER (WHERE total <> 0) AS unbalanced, max(journal_id) AS last FROM fresh)
      SELECT a.key, -a.balance AS balance, a.held, coalesce(p.amount, 0) AS pending, coalesce(c.amount, 0) AS liens,
        j.unbalanced, j.last
      FROM ledger_accounts a LEFT JOIN pending p ON p.account_id = a.id LEFT JOIN charged c ON c.key = a.key
      CROSS JOIN journals j WHERE a.key LIKE 'merchant:%'`)
    ).rows;

  /** Remembers where every merchant stands (before the first move). */
  const start = async () => {
    for (const r of await look())
      seen.set(r.key, { available: Number(r.balance) - Number(r.held), liens: Number(r.liens) });
    await check();
  };

  const check = async () => {
    const rows = await look();
    const problems: string[] = [];
    for (const r of rows) {
      const available = Number(r.balance) - Number(r.held);
      const liens = Number(r.liens);
      const before = seen.get(r.key) ?? { available: 0, liens };
      if (r.held !== r.pending) problems.push(`${r.key}: held ${r.held} but PENDING holds ${r.pending}`);
      const floor = Math.min(0, before.available) - (liens - before.liens);
      if (available < floor)
        problems.push(
          `${r.key} overdrawn: available ${available} below ${floor} (was ${before.available}, chargebacks since ${liens - before.liens})`,
        );
      seen.set(r.key, { available, liens });
    }
    if (rows.some((r) => Number(r.balance) - Number(r.held) < 0)) belowZero += 1;
    const [first] = rows;
    if (first && Number(first.unbalanced) > 0)
      problems.push(`${first.unbalanced} journals after ${lastJournal} unbalanced`);
    if (first?.last) lastJournal = Number(first.last);
    expect(problems).toEqual([]);
  };

  return { start, check, belowZero: () => belowZero };
};
