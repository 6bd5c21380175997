import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db';
import { bankAccounts, merchants } from '../../server/db/schema';
import type { Call } from './faults';

/**
 * The money flows the fault tests drive through the product's HTTP API: pay-ins created, opened
 * and given a UTR by their customers, matched by staff's bank entries; pay-outs created and
 * approved. Each answers what the test needs to check the rows afterwards.
 */

let serial = 0;
/** Unique within a run of the suite: a merchant order id and a 12-digit UTR. */
export const orderIdOf = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(serial += 1)}`;
const RUN = String(Date.now() % 100_000_000).padStart(8, '0');
export const utrFor = () => `9${RUN}${String((serial += 1) % 1000).padStart(3, '0')}`;

export const bankIdOf = async (db: Db, nickname: string) =>
  (await db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.nickname, nickname)))[0].id;

/** Every callback of a merchant goes to the receiver. */
export const callbacksTo = (db: Db, code: string, url: string) =>
  db.update(merchants).set({ payinCallbackUrl: url, payoutCallbackUrl: url }).where(eq(merchants.code, code));

const must = (what: string, res: { status: number; body: unknown }, status: number) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { data: Record<string, any> };
};

export const createPayin = (call: Call, key: string, amount: number) =>
  call('POST', '/v1/merchant-api/payins', {
    headers: { 'x-api-key': key },
    body: { merchantOrderId: orderIdOf('ord'), customerId: 'cust-faults', amount },
  });

/** A pay-in whose customer has paid and typed the UTR: PENDING until its bank entry arrives. */
export const pendingPayin = async (call: Call, db: Db, key: string, amount: number, utr: string) => {
  const id = must('create', await createPayin(call, key, amount), 201).data.id as string;
  must('assign', await call('POST', `/v1/pay/${id}/assign`, { body: {} }), 200);
  must('utr', await call('POST', `/v1/pay/${id}/utr`, { body: { utr } }), 200);
  const { rows } = await db.execute<{ bank: string }>(sql`SELECT bank_account_id AS bank FROM payins WHERE id = ${id}`);
  return { id, utr, amount, bankAccountId: rows[0].bank };
};
export type PendingPayin = Awaited<ReturnType<typeof pendingPayin>>;

/** Staff record the bank credit of a pending pay-in: it is matched at once. */
export const matchEntry = (call: Call, token: string, p: PendingPayin) =>
  call('POST', '/v1/bank-entries', { token, body: { bankAccountId: p.bankAccountId, utr: p.utr, amount: p.amount } });

/** A merchant funded by one pay-in of `rupees`, matched by its bank entry. */
export const fund = async (call: Call, db: Db, key: string, token: string, rupees: number, utr: string) => {
  const p = await pendingPayin(call, db, key, rupees, utr);
  must('fund', await matchEntry(call, token, p), 201);
};

const beneficiary = { accountHolder: 'Asha Rao', accountNumber: '001234567890', ifsc: 'HDFC0001234' };

export const createPayout = async (call: Call, key: string, amount: number) =>
  must(
    'payout',
    await call('POST', '/v1/merchant-api/payouts', {
      headers: { 'x-api-key': key },
      body: { merchantOrderId: orderIdOf('wd'), customerId: 'cust-faults', amount, beneficiary },
    }),
    201,
  ).data.id as string;

/** Approved by hand: paid from `bankAccountId` with the UTR staff read on the statement. */
export const approvePayout = (call: Call, token: string, id: string, bankAccountId: string, utr: string) =>
  call('POST', `/v1/payouts/${id}/approve`, { token, body: { method: 'manual', utr, bankAccountId } });

/**
 * Each pay-in is whole: SUCCESS with its bank entry, one success journal and one callback queued,
 * or still PENDING with no entry, no journal and no callback. Answers the pay-ins that are neither.
 */
export const halfMatched = async (db: Db, ids: string[]) =>
  (
    await db.execute<{ id: string; status: string; entries: number; journals: number; callbacks: number }>(sql`
    SELECT p.id, p.status,
      (SELECT count(*)::int FROM bank_entries e WHERE e.utr = p.submitted_utr) AS entries,
      (SELECT count(*)::int FROM ledger_journals j WHERE j.entity = 'payins' AND j.entity_id = p.id) AS journals,
      (SELECT count(*)::int FROM callbacks c WHERE c.entity_id = p.id
        AND (c.body::jsonb #>> '{data,status}') = 'SUCCESS') AS callbacks
    FROM payins p WHERE p.id = ANY(${sql.param(ids)}::uuid[])`)
  ).rows.filter((r) =>
    r.status === 'SUCCESS'
      ? !(r.entries === 1 && r.journals === 1 && r.callbacks === 1)
      : !(r.status === 'PENDING' && r.entries === 0 && r.journals === 0 && r.callbacks === 0),
  );

/** The statuses of some rows of a table, counted. */
export const statusCounts = async (db: Db, table: 'payins' | 'payouts', ids: string[]) =>
  Object.fromEntries(
    (
      await db.execute<{ status: string; n: number }>(
        sql`SELECT status, count(*)::int AS n FROM ${sql.raw(table)} WHERE id = ANY(${sql.param(ids)}::uuid[]) GROUP BY status`,
      )
    ).rows.map((r) => [r.status, r.n]),
  );
