import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { assignedBank, assignedPayin, createPayin, merchantKey, orderId, utrOf } from '../support/deposits';

/**
 * Issue 31, item 4: what needs attention, counted for the caller's role and scope, each count
 * equal to what its linked list shows (the same filter, server-side).
 */
const demo = demoServerPerFile();

type Counts = Record<string, number>;
const counts = async (token: string): Promise<{ data: Counts; total: number }> => {
  const res = await demo.s.call('GET', '/v1/attention', { token });
  expect(res.status).toBe(200);
  return {
    data: Object.fromEntries(res.body.data.map((i: { key: string; count: number }) => [i.key, i.count])),
    total: res.body.total,
  };
};
const ids = async (token: string, path: string) => {
  const res = await demo.s.call('GET', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((r: { id: string }) => r.id) as string[];
};

describe('what needs attention', () => {
  it('names the items of each role: staff all seven, merchants theirs, vendors theirs', async () => {
    const { t } = demo;
    expect(Object.keys((await counts(t.admin)).data)).toEqual([
      'pending_long',
      'img_pending',
      'dispute',
      'duplicate',
      'payouts_awaiting_checker',
      'unused_credits',
      'callbacks_failing',
    ]);
    expect(Object.keys((await counts(t.merchant)).data)).toEqual(['pending_long', 'callbacks_failing']);
    expect(Object.keys((await counts(t.vendor)).data)).toEqual(['pending_long']);
    const all = await counts(t.operations);
    expect(all.total).toBe(Object.values(all.data).reduce((a, b) => a + b, 0));
  });

  it('counts a PENDING pay-in left 20 minutes, a failed callback and an unused credit, as their lists do', async () => {
    const { s, t } = demo;
    const key = await merchantKey(s, 'BOLT');
    const before = { ops: await counts(t.operations), merchant: await counts(t.merchant) };
    // A customer's UTR that no credit matched, left PENDING for 20 minutes.
    const payin = await assignedPayin(s, key);
    expect((await s.call('POST', `/v1/pay/${payin.id}/utr`, { body: { utr: utrOf(41) } })).status).toBe(200);
    await s.db.execute(sql`UPDATE payins SET updated_at = now() - interval '20 minutes' WHERE id = ${payin.id}`);
    // A pay-in whose latest callback failed for good.
    const created = await createPayin(s, key, { merchantOrderId: orderId(), customerId: 'cust-att', amount: 300 });
    const failed = created.body.data.id as string;
    const [{ merchant_id }] = (
      await s.db.execute<{ merchant_id: string }>(sql`SELECT merchant_id FROM payins WHERE id = ${failed}`)
    ).rows;
    await s.db.execute(sql`INSERT INTO callbacks (merchant_id, type, entity, entity_id, url, body, state, attempts)
      VALUES (${merchant_id}, 'payin.status', 'payins', ${failed}, 'https://bolt.example/cb', '{}', 'FAILED', 12)`);
    // A credit on the pay-in's account nobody matched for two hours.
    const entry = await s.call('POST', '/v1/bank-entries', {
      token: t.operations,
      body: { bankAccountId: await assignedBank(s, payin.id), utr: utrOf(42), amount: 777.77 },
    });
    expect(entry.status).toBe(201);
    const entryId = entry.body.data.entry.id as string;
    await s.db.execute(sql`UPDATE bank_entries SET created_at = now() - interval '2 hours' WHERE id = ${entryId}`);

    const after = { ops: await counts(t.operations), merchant: await counts(t.merchant) };
    expect(after.ops.data.pending_long).toBe(before.ops.data.pending_long + 1);
    expect(after.ops.data.callbacks_failing).toBe(before.ops.data.callbacks_failing + 1);
    expect(after.ops.data.unused_credits).toBe(before.ops.data.unused_credits + 1);
    expect(after.ops.total).toBe(before.ops.total + 3);
    expect(after.merchant.data.callbacks_failing).toBe(before.merchant.data.callbacks_failing + 1);
    // The lists the counts link to show them.
    expect(await ids(t.operations, '/v1/payins?status=PENDING&staleMinutes=15&pageSize=100')).toContain(payin.id);
    expect(await ids(t.operations, '/v1/payins?status=PENDING&staleMinutes=30&pageSize=100')).not.toContain(payin.id);
    expect(await ids(t.merchant, '/v1/payins?callback=FAILED&pageSize=100')).toContain(failed);
    expect(await ids(t.operations, '/v1/bank-entries?used=UnUsed&staleMinutes=60&pageSize=100')).toContain(entryId);
    // A newer delivered callback clears the red bell.
    await s.db.execute(sql`INSERT INTO callbacks (merchant_id, type, entity, entity_id, url, body, state, created_at)
      VALUES (${merchant_id}, 'payin.status', 'payins', ${failed}, 'https://bolt.example/cb', '{}', 'DELIVERED',
        now() + interval '1 second')`);
    expect((await counts(t.operations)).data.callbacks_failing).toBe(before.ops.data.callbacks_failing);
    expect(await ids(t.merchant, '/v1/payins?callback=FAILED&pageSize=100')).not.toContain(failed);
  });
});
