import { expect } from 'vitest';
import { assignedBank, assignedPayin, merchantKey, orderId, utrOf } from './deposits';
import type { TestServer } from './server';

/** Pay-out helpers for API tests: a merchant funded by a real pay-in, pay-outs through its API. */
export const payoutKit = (demo: { s: TestServer; t: Record<string, string> }) => {
  /** A merchant funded by a pay-in of `rupees`, matched by a bank entry (its id is answered too). */
  const fundEntry = async (code: string, rupees: number) => {
    const key = await merchantKey(demo.s, code);
    const payin = await assignedPayin(demo.s, key, rupees);
    const utr = utrOf(97);
    await demo.s.call('POST', `/v1/pay/${payin.id}/utr`, { body: { utr } });
    const bankAccountId = await assignedBank(demo.s, payin.id);
    const added = await demo.s.call('POST', '/v1/bank-entries', {
      token: demo.t.operations,
      body: { bankAccountId, utr, amount: rupees },
    });
    expect(added.body.data.matched.status).toBe('SUCCESS');
    return { key, entryId: added.body.data.entry.id as string, payinId: payin.id };
  };
  const fund = async (code: string, rupees: number) => (await fundEntry(code, rupees)).key;
  const bank = { accountHolder: 'Asha Rao', accountNumber: '001234567890', ifsc: 'HDFC0001234' };
  const newPayout = async (key: string, amount: number, beneficiary: Record<string, string> = bank) => {
    const res = await demo.s.call('POST', '/v1/merchant-api/payouts', {
      headers: { 'x-api-key': key },
      body: { merchantOrderId: orderId('wd'), customerId: 'cust-5', amount, beneficiary },
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const act = (token: string, id: string, action: string, body?: Record<string, unknown>) =>
    demo.s.call('POST', `/v1/payouts/${id}/${action}`, { token, body });
  const balanceOf = async (key: string) =>
    (await demo.s.call('GET', '/v1/merchant-api/balance', { headers: { 'x-api-key': key } })).body.data as {
      balance: number;
      held: number;
      available: number;
    };
  const show = async (id: string, token = demo.t.admin) =>
    (await demo.s.call('GET', `/v1/payouts/${id}`, { token })).body.data as Record<string, any>;
  return { fund, fundEntry, bank, newPayout, act, balanceOf, show };
};
