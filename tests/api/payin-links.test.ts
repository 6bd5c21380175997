import { describe, expect, it } from 'vitest';
import { assignedBank, assignedPayin, merchantKey, utrOf } from '../support/deposits';
import { demoServerPerFile } from '../support/server';

/** Issue 31, item 9: a pay-in's linked records, each for the roles that may open its screen. */
const demo = demoServerPerFile();

const linksOf = async (token: string, id: string) => {
  const res = await demo.s.call('GET', `/v1/payins/${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.links;
};

describe("a pay-in's linked records", () => {
  it('name the credit that paid it, its chargeback and the next settlement, per role', async () => {
    const { s, t } = demo;
    const key = await merchantKey(s, 'BOLT');
    const payin = await assignedPayin(s, key, 750);
    expect(await linksOf(t.admin, payin.id)).toEqual({ bankEntry: null, chargeback: null, nextSettlement: null });

    const utr = utrOf(77);
    expect((await s.call('POST', `/v1/pay/${payin.id}/utr`, { body: { utr } })).status).toBe(200);
    const entry = await s.call('POST', '/v1/bank-entries', {
      token: t.operations,
      body: { bankAccountId: await assignedBank(s, payin.id), utr, amount: 750 },
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const lien = await s.call('POST', '/v1/liens', {
      token: t.transactions,
      body: {
        merchantCode: 'BOLT',
        merchantOrderId: payin.merchantOrderId,
        customerId: 'cust-1',
        amount: 100,
        receivedAt: new Date().toISOString().slice(0, 10),
        reason: 'Disputed',
      },
    });
    expect(lien.status, JSON.stringify(lien.body)).toBe(201);
    const settlement = await s.call('POST', '/v1/settlements', {
      token: t.admin,
      body: { merchantCode: 'BOLT', amount: 10, method: 'CASH' },
    });
    expect(settlement.status, JSON.stringify(settlement.body)).toBe(201);

    const staff = await linksOf(t.admin, payin.id);
    expect(staff).toMatchObject({
      bankEntry: { id: expect.any(String), utr },
      chargeback: { id: lien.body.data.id, amount: 100 },
      nextSettlement: { id: settlement.body.data.id, status: 'INITIATED' },
    });
    // The merchant opens its chargebacks and settlements, not the bank's statement.
    const merchant = await linksOf(t.merchant, payin.id);
    expect(merchant.bankEntry).toBeNull();
    expect(merchant).toMatchObject({ chargeback: staff.chargeback, nextSettlement: staff.nextSettlement });
    // Operations match credits but neither settle nor record chargebacks.
    expect(await linksOf(t.operations, payin.id)).toEqual({
      bankEntry: staff.bankEntry,
      chargeback: null,
      nextSettlement: null,
    });
  });
});
