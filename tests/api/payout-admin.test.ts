import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { confirm } from '../support/roles';
import { payoutKit } from '../support/payouts';
import { bankIdOf, ledgerHolds, utrOf } from '../support/deposits';

/**
 * Issue 11, items 7 and 8: staff create a pay-out for a merchant (New Payout) through the merchant
 * API's service, ADMIN corrects a paid pay-out's UTR behind the password, staff re-send callbacks.
 */
const demo = demoServerPerFile({ merchantApiRateLimitPerMinute: 100_000, payPageRateLimitPerMinute: 100_000 });
const { fund, balanceOf } = payoutKit(demo);

const body = (extra: Record<string, unknown> = {}) => ({
  merchantCode: 'CRISP',
  customerId: 'cust-7',
  amount: 1_000,
  bankName: 'HDFC Bank',
  accountNumber: '001234567890',
  accountHolder: 'Asha Rao',
  ifsc: 'hdfc0001234',
  ...extra,
});
const create = (token: string, b: Record<string, unknown>) => demo.s.call('POST', '/v1/payouts', { token, body: b });
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await demo.s.db.execute<T>(query)).rows;
/** What a refused create must leave untouched: pay-outs, holds and their audit events. */
const written = async () =>
  (
    await rows(sql`SELECT (SELECT count(*)::int FROM payouts) AS payouts,
      (SELECT count(*)::int FROM ledger_holds) AS holds,
      (SELECT count(*)::int FROM audit_events WHERE entity = 'payouts') AS audits`)
  )[0];
const paidPayout = async () => {
  const id = (await create(demo.t.operations, body({ amount: 600 }))).body.data.id as string;
  const utr = utrOf(72);
  const paid = await demo.s.call('POST', `/v1/payouts/${id}/approve`, {
    token: demo.t.operations,
    body: { method: 'manual', utr, bankAccountId: await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT') },
  });
  expect(paid.body.data.status).toBe('SUCCESS');
  return { id, utr };
};
const correctUtr = (token: string, id: string, utr: unknown, headers: Record<string, string> = {}) =>
  demo.s.call('POST', `/v1/payouts/${id}/utr`, { token, body: { utr }, headers });
const callbacksOf = (id: string) =>
  rows<{ body: string; state: string; attempts: number; due: boolean }>(
    sql`SELECT body, state, attempts, next_attempt_at <= now() AS due FROM callbacks
      WHERE entity = 'payouts' AND entity_id = ${id} ORDER BY created_at, id`,
  );

describe('staff create a pay-out for a merchant (POST /v1/payouts)', () => {
  it("holds the amount and fee as the merchant API would, records its creator, answers the list's row", async () => {
    const key = await fund('CRISP', 20_000);
    const before = await balanceOf(key);
    const made = await create(demo.t.operations, body());
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    expect(made.body.data).toMatchObject({
      merchantCode: 'CRISP',
      customerId: 'cust-7',
      status: 'INITIATED',
      amount: 1_000,
      fee: 15,
      accountHolder: 'Asha Rao',
      ifsc: 'HDFC0001234',
      bankName: 'HDFC Bank',
      callback: 'NONE',
    });
    expect(made.body.data.merchantOrderId).toMatch(/^staff-[0-9a-f-]{36}$/);
    expect(made.body.data).not.toHaveProperty('timeline');
    expect(await balanceOf(key)).toEqual({
      balance: before.balance,
      held: before.held + 1_015,
      available: before.available - 1_015,
    });
    expect(
      await rows(sql`SELECT u.user_name FROM payouts p JOIN users u ON u.id = p.created_by WHERE p.id = ${id}`),
    ).toEqual([{ user_name: 'operations' }]);
    expect(
      await rows(sql`SELECT action, actor_name FROM audit_events WHERE entity = 'payouts' AND entity_id = ${id}`),
    ).toEqual([{ action: 'create', actor_name: 'operations' }]);
    const shown = await demo.s.call('GET', `/v1/payouts/${id}`, { token: demo.t.admin });
    expect(shown.body.data).toMatchObject({ ...made.body.data, updatedAt: made.body.data.updatedAt });

    const merchantOrderId = 'desk-2001';
    const named = await create(demo.t.transactions, body({ merchantOrderId, amount: 700 }));
    expect(named.status).toBe(201);
    const status = await demo.s.call('GET', `/v1/merchant-api/payouts/${merchantOrderId}`, {
      headers: { 'x-api-key': key },
    });
    expect(status.body.data).toMatchObject({ id: named.body.data.id, status: 'INITIATED', amount: 700 });
    const again = await create(demo.t.transactions, body({ merchantOrderId, amount: 700 }));
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(named.body.data.id);
    const taken = await create(demo.t.transactions, body({ merchantOrderId, amount: 800 }));
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('ORDER_ID_TAKEN');
    expect((await balanceOf(key)).held).toBe(before.held + 1_015 + 710.5);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    await fund('CRISP', 5_000);
    const start = await written();
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [body({ accountNumber: '12345abc90' }), 400, /accountNumber/],
      [body({ accountHolder: 'Asha R4o' }), 400, /accountHolder/],
      [body({ ifsc: 'HDFC1001234' }), 400, /ifsc/],
      [body({ amount: 499 }), 400, 'amount must be between ₹500.00 and ₹2,00,000.00'],
      [body({ amount: 200_001 }), 400, 'amount must be between ₹500.00 and ₹2,00,000.00'],
      [body({ amount: 600.125 }), 400, /amount/],
      [body({ amount: -5 }), 400, /amount/],
      [body({ bankName: undefined }), 400, /bankName/],
      [body({ upiId: 'asha@okhdfc' }), 400, /upiId/],
      [body({ merchantCode: 'NOPE' }), 404, 'Merchant not found.'],
      [body({ merchantCode: 'ACME-KIDS' }), 409, /available balance|balance/i],
    ];
    for (const [b, status, message] of cases) {
      const res = await create(demo.t.admin, b);
      expect(`${JSON.stringify(b)} ${res.status}`).toBe(`${JSON.stringify(b)} ${status}`);
      expect(res.body.error.message).toMatch(message);
    }
    const poor = await create(demo.t.admin, body({ merchantCode: 'ACME-KIDS' }));
    expect(poor.body.error.code).toBe('INSUFFICIENT_BALANCE');

    await demo.s.db.execute(sql`UPDATE merchants SET enabled = false WHERE code = 'CRISP'`);
    const disabled = await create(demo.t.admin, body());
    await demo.s.db.execute(sql`UPDATE merchants SET enabled = true WHERE code = 'CRISP'`);
    expect(disabled.status).toBe(400);
    expect(disabled.body.error.message).toBe('This merchant is disabled: it cannot send pay-outs.');
    expect(await written()).toEqual(start);
  });

  it('is refused to vendors and merchant users (403), who write nothing', async () => {
    const start = await written();
    for (const user of ['vendor', 'vendor-operations', 'merchant', 'merchant-admin', 'merchant-operations'] as const) {
      const res = await create(demo.t[user], body({ merchantCode: user.startsWith('merchant') ? 'BOLT' : 'CRISP' }));
      expect(`${user} ${res.status}`).toBe(`${user} 403`);
    }
    expect(await written()).toEqual(start);
  });
});

describe("ADMIN corrects a paid pay-out's UTR (POST /v1/payouts/:id/utr)", () => {
  it('needs the password confirmation and ADMIN; changes the UTR only, audited, the merchant told', async () => {
    const key = await fund('CRISP', 5_000);
    const { id, utr } = await paidPayout();
    const before = await balanceOf(key);
    const fixed = utrOf(73);

    const bare = await correctUtr(demo.t.admin, id, fixed);
    expect(bare.status).toBe(403);
    expect(bare.body.error.code).toBe('CONFIRMATION_REQUIRED');
    const otherKind = await correctUtr(demo.t.admin, id, fixed, await confirm(demo.s, demo.t.admin, 'payin.confirm'));
    expect(otherKind.body.error.code).toBe('CONFIRMATION_REQUIRED');
    const ops = await correctUtr(demo.t.operations, id, fixed, await confirm(demo.s, demo.t.operations, 'payout.utr'));
    expect(ops.status).toBe(403);
    expect(ops.body.error.code).toBe('FORBIDDEN');
    expect(await rows(sql`SELECT utr FROM payouts WHERE id = ${id}`)).toEqual([{ utr }]);

    const confirmed = await confirm(demo.s, demo.t.admin, 'payout.utr');
    expect((await correctUtr(demo.t.admin, id, '12345', confirmed)).status).toBe(400);
    const done = await correctUtr(demo.t.admin, id, ` ${fixed} `, confirmed);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id, status: 'SUCCESS', utr: fixed, amount: 600, fee: 9 });
    expect(await balanceOf(key)).toEqual(before);
    expect(await rows(sql`SELECT kind FROM ledger_journals WHERE entity = 'payouts' AND entity_id = ${id}`)).toEqual([
      { kind: 'payout.success' },
    ]);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
    expect(
      await rows(sql`SELECT actor_name, before, after FROM audit_events
        WHERE entity = 'payouts' AND entity_id = ${id} AND action = 'update'`),
    ).toEqual([{ actor_name: 'admin', before: { utr }, after: { utr: fixed } }]);
    const callbacks = await callbacksOf(id);
    expect(callbacks).toHaveLength(2);
    expect(JSON.parse(callbacks[1].body)).toMatchObject({
      type: 'payout.status',
      data: { id, status: 'SUCCESS', utr: fixed },
    });

    expect((await correctUtr(demo.t.admin, id, fixed, confirmed)).body.error.code).toBe('CONFIRMATION_REQUIRED');
    const same = await correctUtr(demo.t.admin, id, fixed, await confirm(demo.s, demo.t.admin, 'payout.utr'));
    expect(same.status).toBe(409);
    expect(same.body.error.code).toBe('SAME_UTR');
    expect(await callbacksOf(id)).toHaveLength(2);
  });

  it('refuses a pay-out that is not SUCCESS (409) and one that does not exist (404)', async () => {
    await fund('CRISP', 3_000);
    const waiting = await create(demo.t.operations, body({ amount: 550 }));
    const confirmed = await confirm(demo.s, demo.t.admin, 'payout.utr');
    const refused = await correctUtr(demo.t.admin, waiting.body.data.id, utrOf(74), confirmed);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Only the UTR of a paid pay-out (SUCCESS) can be corrected; this one is INITIATED.',
    );
    expect(await rows(sql`SELECT utr FROM payouts WHERE id = ${waiting.body.data.id}`)).toEqual([{ utr: null }]);
    const again = await confirm(demo.s, demo.t.admin, 'payout.utr');
    const missing = await correctUtr(demo.t.admin, '00000000-0000-4000-8000-000000000000', utrOf(74), again);
    expect(missing.status).toBe(404);
  });
});

describe("staff re-send a pay-out's callback (POST /v1/payouts/:id/callbacks)", () => {
  it('puts the latest callback back in the queue, due now, audited; none yet is a 409', async () => {
    await fund('CRISP', 3_000);
    const { id } = await paidPayout();
    await demo.s.db.execute(sql`UPDATE callbacks SET state = 'FAILED', attempts = 8,
      next_attempt_at = now() + interval '1 day' WHERE entity = 'payouts' AND entity_id = ${id}`);
    const resend = (token: string, payout = id) => demo.s.call('POST', `/v1/payouts/${payout}/callbacks`, { token });

    expect((await resend(demo.t.vendor)).status).toBe(403);
    expect((await resend(demo.t.merchant)).status).toBe(403);
    const sent = await resend(demo.t.transactions);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ id, status: 'SUCCESS', callback: 'PENDING' });
    const [callback] = await callbacksOf(id);
    expect(callback).toMatchObject({ state: 'PENDING', attempts: 0, due: true });
    expect(JSON.parse(callback.body).data).toMatchObject({ id, status: 'SUCCESS' });
    expect(
      await rows(sql`SELECT actor_name FROM audit_events
        WHERE entity = 'payouts' AND entity_id = ${id} AND action = 'resend-callback'`),
    ).toEqual([{ actor_name: 'transactions' }]);

    const waiting = await create(demo.t.operations, body({ amount: 520 }));
    const none = await resend(demo.t.operations, waiting.body.data.id);
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('NO_CALLBACK');
  });
});
