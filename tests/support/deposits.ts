import { eq, sql } from 'drizzle-orm';
import { bankAccounts, merchants } from '../../server/db/schema';
import { hashApiKey } from '../../server/services/merchants/keys';
import type { TestServer } from './server';

/** Gives a demo merchant a known API key (the seed's are shown to nobody) and answers it. */
export const merchantKey = async (s: TestServer, code: string) => {
  const key = `pg_live_test_${code}_key_0123456789`;
  await s.db
    .update(merchants)
    .set({ apiKeyHash: hashApiKey(key) })
    .where(eq(merchants.code, code));
  return key;
};

export const bankIdOf = async (s: TestServer, nickname: string) =>
  (await s.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.nickname, nickname)))[0].id;

let order = 0;
/** A fresh merchant order id per call, unique across a test file. */
export const orderId = (prefix = 'ord') => `${prefix}-${Date.now().toString(36)}-${(order += 1)}`;

/**
 * A UTR of 12 digits, unique across a test file: the seed names a series, each ten million apart, so
 * that a long run's counter never reaches the next series (a thousand apart, the 10,000 operations
 * of the money property test made one UTR twice, which the UTR rule rightly refused).
 */
let utrs = 0;
export const utrOf = (seed = 0) => String(100_000_000_000 + seed * 10_000_000 + (utrs += 1)).padStart(12, '0');

export const createPayin = async (
  s: TestServer,
  key: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => s.call('POST', '/v1/merchant-api/payins', { body, headers: { 'x-api-key': key, ...headers } });

/** A pay-in created, opened by its customer and assigned a bank account: its id and short code. */
export const assignedPayin = async (s: TestServer, key: string, amount = 500) => {
  const created = await createPayin(s, key, { merchantOrderId: orderId(), customerId: 'cust-1', amount });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.data.id as string;
  const assigned = await s.call('POST', `/v1/pay/${id}/assign`, { body: {} });
  if (assigned.status !== 200) throw new Error(`assign: ${assigned.status} ${JSON.stringify(assigned.body)}`);
  return {
    id,
    shortCode: assigned.body.data.shortCode as string,
    merchantOrderId: created.body.data.merchantOrderId as string,
  };
};

/** The bank account a pay-in was assigned. */
export const assignedBank = async (s: TestServer, id: string) =>
  (await s.db.execute<{ bank_account_id: string }>(sql`SELECT bank_account_id FROM payins WHERE id = ${id}`)).rows[0]
    .bank_account_id;

/** Every journal sums to zero, and a merchant's ledger balance equals DESIGN §5 from its pay-ins and pay-outs. */
export const ledgerHolds = async (s: TestServer) => {
  const unbalanced = await s.db.execute(
    sql`SELECT journal_id FROM ledger_entries GROUP BY journal_id HAVING sum(amount) <> 0`,
  );
  const mismatched = await s.db.execute(sql`
    WITH moves AS (
      SELECT merchant_id, confirmed_amount - fee AS owed FROM payins WHERE status = 'SUCCESS' AND NOT test
      UNION ALL
      SELECT merchant_id, -(amount + fee) FROM payouts WHERE status = 'SUCCESS' AND NOT test
      UNION ALL
      SELECT merchant_id, -amount FROM settlements WHERE status = 'SUCCESS'
      UNION ALL
      SELECT merchant_id, -amount FROM liens),
    expected AS (SELECT merchant_id, sum(owed) AS owed FROM moves GROUP BY merchant_id),
    ledger AS (
      SELECT substring(key from 10)::uuid AS merchant_id, -balance AS owed FROM ledger_accounts WHERE key LIKE 'merchant:%')
    SELECT coalesce(e.merchant_id, l.merchant_id) AS merchant_id, e.owed AS expected, l.owed AS ledger
    FROM expected e FULL JOIN ledger l ON l.merchant_id = e.merchant_id
    WHERE coalesce(e.owed, 0) <> coalesce(l.owed, 0)`);
  return { unbalanced: unbalanced.rows, mismatched: mismatched.rows };
};

/**
 * The pay-outs' side of the ledger (issue 11): an account's `held` is its PENDING holds' sum, a
 * merchant's is its INITIATED real pay-outs' amount and fee; nothing is held below zero or beyond
 * the balance; a pay-out has at most one open hold (one exactly while INITIATED and real) and one
 * open success journal exactly while SUCCESS and real; the pay-out fee income is the fees of those.
 */
export const payoutProblems = async (s: TestServer) =>
  (
    await s.db.execute<{ problem: string; id: string; detail: string }>(sql`
    WITH pending AS (
      SELECT account_id, entity, entity_id, count(*) AS n, sum(amount) AS amount FROM ledger_holds
      WHERE state = 'PENDING' GROUP BY account_id, entity, entity_id),
    waiting AS (
      SELECT key, sum(held) AS held FROM (
        SELECT 'merchant:' || merchant_id AS key, amount + fee AS held FROM payouts WHERE status = 'INITIATED' AND NOT test
        UNION ALL
        SELECT 'merchant:' || merchant_id, amount FROM settlements WHERE status = 'INITIATED') w GROUP BY key),
    open_success AS (
      SELECT j.entity_id, count(*) AS n FROM ledger_journals j
      WHERE j.kind = 'payout.success' AND NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.reverses_id = j.id)
      GROUP BY j.entity_id)
    SELECT 'held vs holds' AS problem, a.key AS id, a.held || ' vs ' || coalesce(sum(p.amount), 0) AS detail
      FROM ledger_accounts a LEFT JOIN pending p ON p.account_id = a.id
      GROUP BY a.id HAVING a.held <> coalesce(sum(p.amount), 0)
    UNION ALL
    SELECT 'held vs waiting pay-outs and settlements', a.key, a.held || ' vs ' || coalesce(w.held, 0)
      FROM ledger_accounts a LEFT JOIN waiting w ON w.key = a.key
      WHERE a.key LIKE 'merchant:%' AND a.held <> coalesce(w.held, 0)
    UNION ALL
    SELECT 'overdrawn', a.key, 'balance ' || -a.balance || ' held ' || a.held
      FROM ledger_accounts a
      WHERE a.key LIKE 'merchant:%' AND (a.held < 0 OR -a.balance - a.held < 0)
    UNION ALL
    SELECT 'open holds', o.id::text, o.status || ' test=' || o.test || ' holds=' || coalesce(sum(p.n), 0)
      FROM payouts o LEFT JOIN pending p ON p.entity = 'payouts' AND p.entity_id = o.id GROUP BY o.id
      HAVING coalesce(sum(p.n), 0) <> CASE WHEN o.status = 'INITIATED' AND NOT o.test THEN 1 ELSE 0 END
    UNION ALL
    SELECT 'open success journals', o.id::text, o.status || ' test=' || o.test || ' open=' || coalesce(j.n, 0)
      FROM payouts o LEFT JOIN open_success j ON j.entity_id = o.id
      WHERE coalesce(j.n, 0) <> CASE WHEN o.status = 'SUCCESS' AND NOT o.test THEN 1 ELSE 0 END
    UNION ALL
    SELECT 'payout fee income', '', f.fees || ' vs ledger ' || i.income
      FROM (SELECT coalesce(sum(fee), 0) AS fees FROM payouts WHERE status = 'SUCCESS' AND NOT test) f,
        (SELECT coalesce(-sum(e.amount), 0) AS income FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.key = 'income:payout-fees') i
      WHERE f.fees <> i.income`)
  ).rows;
