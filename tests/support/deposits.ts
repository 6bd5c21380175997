import { eq, sql } from 'drizzle-orm';
import { bankAccounts, merchants } from '../../server/db/schema';
import { hashApiKey } from '../../server/services/keys';
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

/** A UTR of 12 digits, unique across a test file. */
let utrs = 0;
export const utrOf = (seed = 0) => String(100_000_000_000 + seed * 1000 + (utrs += 1)).padStart(12, '0');

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
      SELECT merchant_id, -(amount + fee) FROM payouts WHERE status = 'SUCCESS' AND NOT test),
    expected AS (SELECT merchant_id, sum(owed) AS owed FROM moves GROUP BY merchant_id),
    ledger AS (
      SELECT substring(key from 10)::uuid AS merchant_id, -balance AS owed FROM ledger_accounts WHERE key LIKE 'merchant:%')
    SELECT coalesce(e.merchant_id, l.merchant_id) AS merchant_id, e.owed AS expected, l.owed AS ledger
    FROM expected e FULL JOIN ledger l ON l.merchant_id = e.merchant_id
    WHERE coalesce(e.owed, 0) <> coalesce(l.owed, 0)`);
  return { unbalanced: unbalanced.rows, mismatched: mismatched.rows };
};
