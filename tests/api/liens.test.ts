import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { payoutKit } from '../support/payouts';
import { resetEntryByTwo } from '../support/roles';
import { orderId, payoutProblems } from '../support/deposits';

/**
 * Issue 12, item 3: chargebacks. Recorded by staff on a merchant's successful pay-in of that
 * customer, at most its confirmed amount, one per pay-in; the merchant's balance pays at once.
 */
const demo = demoServerPerFile({ merchantApiRateLimitPerMinute: 100_000, payPageRateLimitPerMinute: 100_000 });
const { fundEntry, balanceOf } = payoutKit(demo);

const today = new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);
const lien = (token: string, body: Record<string, unknown>) => demo.s.call('POST', '/v1/liens', { token, body });
/** A successful pay-in of `code` (customer cust-1), funded through a bank entry: its order id, key and entry. */
const paidPayin = async (code: string, rupees: number) => {
  const funded = await fundEntry(code, rupees);
  const [row] = (
    await demo.s.db.execute<{ merchant_order_id: string }>(
      sql`SELECT merchant_order_id FROM payins WHERE id = ${funded.payinId}`,
    )
  ).rows;
  return { ...funded, merchantOrderId: row.merchant_order_id };
};
const body = (code: string, merchantOrderId: string, extra: Record<string, unknown> = {}) => ({
  merchantCode: code,
  merchantOrderId,
  customerId: 'cust-1',
  amount: 100,
  receivedAt: today,
  reason: 'Customer disputed the debit with the bank',
  ...extra,
});
const lienCount = async () =>
  (await demo.s.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM liens`)).rows[0].n;

describe('chargebacks', () => {
  it('debits the merchant at once with its journal, and the list and CSV show it', async () => {
    const p = await paidPayin('BOLT', 1_000);
    const before = await balanceOf(p.key);
    const res = await lien(demo.t.transactions, body('BOLT', p.merchantOrderId, { amount: 400.25 }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      merchantCode: 'BOLT',
      amount: 400.25,
      receivedAt: today,
      payinId: p.payinId,
    });
    expect(await balanceOf(p.key)).toEqual({
      balance: before.balance - 400.25,
      held: before.held,
      available: before.available - 400.25,
    });
    const shown = await demo.s.call('GET', `/v1/liens/${res.body.data.id}`, { token: demo.t.admin });
    expect(shown.body.data.journal.map((j: { kind: string }) => j.kind)).toEqual(['lien', 'lien']);
    const listed = await demo.s.call('GET', `/v1/liens?merchantOrderId=${p.merchantOrderId}`, { token: demo.t.admin });
    expect(listed.body.data).toHaveLength(1);
    const csv = await demo.s.call('GET', '/v1/liens/export?merchantCode=BOLT', { token: demo.t.admin });
    expect(String(csv.body)).toContain(p.merchantOrderId);
    expect(await payoutProblems(demo.s)).toEqual([]);
  });

  it('refuses, naming the field and writing nothing: unknown order, another merchant, customer, amount, future day, a DROPPED pay-in', async () => {
    const p = await paidPayin('ACME', 500);
    const before = await lienCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [body('ACME', orderId('none')), 400, 'merchantOrderId'],
      [body('BOLT', p.merchantOrderId), 400, 'merchantOrderId'],
      [body('ACME', p.merchantOrderId, { customerId: 'cust-2' }), 400, 'customerId'],
      [body('ACME', p.merchantOrderId, { amount: 500.01 }), 400, 'amount'],
      [body('ACME', p.merchantOrderId, { amount: 0 }), 400, 'amount'],
      [body('ACME', p.merchantOrderId, { amount: 1.001 }), 400, 'amount'],
      [body('ACME', p.merchantOrderId, { receivedAt: '2999-01-01' }), 400, 'receivedAt'],
      [body('ACME', p.merchantOrderId, { reason: '  ' }), 400, 'reason'],
    ];
    for (const [b, status, field] of cases) {
      const res = await lien(demo.t.admin, b);
      expect(res.status, JSON.stringify(b)).toBe(status);
      if (field !== 'reason') expect(res.body.error.field, JSON.stringify(b)).toBe(field);
    }
    expect((await lien(demo.t.admin, body('NOPE', p.merchantOrderId))).status).toBe(404);
    expect(await lienCount()).toBe(before);
  });

  it('one per pay-in: a second gets 409, and two at once leave one', async () => {
    const p = await paidPayin('CRISP', 800);
    expect((await lien(demo.t.admin, body('CRISP', p.merchantOrderId))).status).toBe(201);
    const second = await lien(demo.t.admin, body('CRISP', p.merchantOrderId));
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('LIEN_EXISTS');

    const q = await paidPayin('CRISP', 800);
    const both = await Promise.all([0, 1].map(() => lien(demo.t.admin, body('CRISP', q.merchantOrderId))));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await demo.s.db.execute(sql`SELECT 1 FROM liens WHERE merchant_order_id = ${q.merchantOrderId}`);
    expect(rows.rows).toHaveLength(1);
  });

  it("a charged-back pay-in's bank entry cannot be freed (its money would be taken twice)", async () => {
    const p = await paidPayin('BOLT', 600);
    await lien(demo.t.admin, body('BOLT', p.merchantOrderId));
    const reset = await resetEntryByTwo(demo.s, demo.t, p.entryId);
    expect(reset.status).toBe(409);
    expect(reset.body.error.code).toBe('HAS_CHARGEBACK');
  });

  it('merchants read their own chargebacks; only staff record them', async () => {
    const own = await demo.s.call('GET', '/v1/liens?pageSize=100', { token: demo.t.merchant });
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBeGreaterThan(0);
    expect(own.body.data.every((r: { merchantCode: string }) => r.merchantCode === 'BOLT')).toBe(true);
    const p = await paidPayin('BOLT', 300);
    expect((await lien(demo.t.merchant, body('BOLT', p.merchantOrderId))).status).toBe(403);
    for (const role of ['operations', 'vendor', 'merchant-operations'] as const)
      expect((await demo.s.call('GET', '/v1/liens', { token: demo.t[role] })).status).toBe(403);
  });
});
