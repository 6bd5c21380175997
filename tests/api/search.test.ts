import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { assignedBank, assignedPayin, merchantKey, utrOf } from '../support/deposits';

/**
 * Issue 31, item 8: one search box finds a UTR, an order id, a short code, a customer or an id
 * across the kinds of records, only within the caller's scope.
 */
const demo = demoServerPerFile();

const find = async (token: string, q: string) => {
  const res = await demo.s.call('GET', `/v1/search?q=${encodeURIComponent(q)}`, { token });
  expect(res.status).toBe(200);
  return res.body.data as { kind: string; id: string; matched: string; path: string }[];
};

describe('global search', () => {
  it('finds a pay-in by its UTR, code, order id and id, and its bank credit, for staff and its merchant only', async () => {
    const { s, t } = demo;
    const key = await merchantKey(s, 'BOLT');
    const payin = await assignedPayin(s, key);
    const utr = utrOf(61);
    expect((await s.call('POST', `/v1/pay/${payin.id}/utr`, { body: { utr } })).status).toBe(200);
    const entry = await s.call('POST', '/v1/bank-entries', {
      token: t.operations,
      body: { bankAccountId: await assignedBank(s, payin.id), utr, amount: 1 },
    });
    expect(entry.status).toBe(201);

    const byUtr = await find(t.operations, ` ${utr} `);
    expect(byUtr.map((r) => [r.kind, r.id])).toEqual(
      expect.arrayContaining([
        ['payins', payin.id],
        ['bank-entries', entry.body.data.entry.id],
      ]),
    );
    expect(byUtr.find((r) => r.kind === 'payins')).toMatchObject({
      matched: 'utr',
      path: `/app/deposit/all/${payin.id}/show`,
    });
    for (const q of [payin.shortCode.toLowerCase(), payin.merchantOrderId, payin.id])
      expect((await find(t.transactions, q)).map((r) => r.id)).toContain(payin.id);
    // BOLT's user finds it; ACME's does not, nor a vendor's bank entry view beyond its own.
    expect((await find(t.merchant, payin.merchantOrderId)).map((r) => r.id)).toEqual([payin.id]);
    expect(await find(t['merchant-admin'], payin.merchantOrderId)).toEqual([]);
    expect((await demo.s.call('GET', '/v1/search?q=ab', { token: t.operations })).status).toBe(400);
  });
});
