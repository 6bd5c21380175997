import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { payoutKit } from '../support/payouts';
import { confirm } from '../support/roles';
import { payoutProblems } from '../support/deposits';

/**
 * Issue 12, item 1: merchant settlements. Held at creation like a pay-out, posted on SUCCESS,
 * released on REJECTED, reversed and held again on an ADMIN's reset; merchant users ask for their own.
 */
const demo = demoServerPerFile({ merchantApiRateLimitPerMinute: 100_000, payPageRateLimitPerMinute: 100_000 });
const { fund, balanceOf } = payoutKit(demo);

const bank = { accountHolder: 'Bolt Traders', accountNumber: '001234567890', ifsc: 'hdfc0001234' };
const create = (token: string, body: Record<string, unknown>) =>
  demo.s.call('POST', '/v1/settlements', { token, body });
/** An approval asks for the password (issue 29): typed here unless the test sends its own. */
const act = async (
  token: string,
  id: string,
  action: string,
  body?: Record<string, unknown>,
  headers?: Record<string, string>,
) =>
  demo.s.call('POST', `/v1/settlements/${id}/${action}`, {
    token,
    body,
    headers: headers ?? (action === 'approve' ? await confirm(demo.s, token, 'settlement.approve') : {}),
  });
const count = async () =>
  (await demo.s.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM settlements`)).rows[0].n;
const journals = async (id: string) =>
  (
    await demo.s.db.execute<{ kind: string }>(
      sql`SELECT kind FROM ledger_journals WHERE entity = 'settlements' AND entity_id = ${id} ORDER BY id`,
    )
  ).rows.map((r) => r.kind);

describe('merchant settlements', () => {
  it('holds at creation, posts on SUCCESS with the UTR, and the balance says so', async () => {
    const key = await fund('BOLT', 10_000);
    const before = await balanceOf(key);
    const created = await create(demo.t.admin, { merchantCode: 'BOLT', amount: 2_500.5, method: 'BANK', ...bank });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: 'INITIATED',
      amount: 2500.5,
      method: 'BANK',
      ifsc: 'HDFC0001234',
    });
    const id = created.body.data.id as string;
    expect(await balanceOf(key)).toEqual({
      ...before,
      held: before.held + 2500.5,
      available: before.available - 2500.5,
    });

    expect((await act(demo.t.admin, id, 'approve', {})).body.error.field).toBe('reference');
    const approved = await act(demo.t.transactions, id, 'approve', { reference: '4123 4567 8901' });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'SUCCESS', reference: '412345678901' });
    expect(await balanceOf(key)).toEqual({
      balance: before.balance - 2500.5,
      held: before.held,
      available: before.available - 2500.5,
    });
    expect(await journals(id)).toEqual(['settlement.success']);
    const again = await act(demo.t.admin, id, 'approve', { reference: '412345678901' });
    expect(again.status).toBe(409);
    expect(await payoutProblems(demo.s)).toEqual([]);
    const holds = await demo.s.db.execute(
      sql`SELECT state, amount::int AS amount FROM ledger_holds WHERE entity = 'settlements' AND entity_id = ${id}`,
    );
    expect(holds.rows).toEqual([{ state: 'POSTED', amount: 250050 }]);
  });

  it('refuses what the available balance does not cover, and writes nothing', async () => {
    const key = await fund('CRISP', 1_000);
    const { available } = await balanceOf(key);
    const before = await count();
    const res = await create(demo.t.admin, { merchantCode: 'CRISP', amount: available + 0.01, method: 'CASH' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(res.body.error.message).toContain('this settlement');
    expect(await count()).toBe(before);
  });

  it('checks the destination of each method and the amount, naming the field', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ method: 'BANK', accountHolder: 'A B', accountNumber: '001234567890' }, 'ifsc'],
      [{ method: 'CRYPTO', wallet: 'TRON' }, 'walletAddress'],
      [{ method: 'CASH', ...bank }, 'accountHolder'],
      [{ method: 'CASH', amount: 10.001 }, 'amount'],
      [{ method: 'CASH', amount: 0 }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const res = await create(demo.t.admin, { merchantCode: 'BOLT', amount: 10, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.field).toBe(field);
    }
    expect((await create(demo.t.admin, { merchantCode: 'BOLT', amount: -5, method: 'CASH' })).status).toBe(400);
    expect((await create(demo.t.admin, { merchantCode: 'NOPE', amount: 5, method: 'CASH' })).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('rejects with a reason, releasing the hold; ADMIN resets with the password, holding again', async () => {
    const key = await fund('ACME', 5_000);
    const start = await balanceOf(key);
    const id = (await create(demo.t.admin, { merchantCode: 'ACME', amount: 1_000, method: 'CASH' })).body.data.id;
    const rejected = await act(demo.t.transactions, id, 'reject', { reason: 'Invalid Bank Details' });
    expect(rejected.body.data).toMatchObject({ status: 'REJECTED', reason: 'Invalid Bank Details' });
    expect(await balanceOf(key)).toEqual(start);

    expect((await act(demo.t.admin, id, 'reset')).status).toBe(403);
    expect(
      (
        await act(
          demo.t.transactions,
          id,
          'reset',
          undefined,
          await confirm(demo.s, demo.t.transactions, 'settlement.reset'),
        )
      ).status,
    ).toBe(403);
    const reset = await act(
      demo.t.admin,
      id,
      'reset',
      undefined,
      await confirm(demo.s, demo.t.admin, 'settlement.reset'),
    );
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ status: 'INITIATED', reason: null });
    expect((await balanceOf(key)).held).toBe(start.held + 1000);

    await act(demo.t.transactions, id, 'approve', { reference: 'cash receipt 7' });
    expect((await balanceOf(key)).balance).toBe(start.balance - 1000);
    await act(demo.t.admin, id, 'reset', undefined, await confirm(demo.s, demo.t.admin, 'settlement.reset'));
    expect(await balanceOf(key)).toEqual({ ...start, held: start.held + 1000, available: start.available - 1000 });
    expect(await journals(id)).toEqual(['settlement.success', 'settlement.reversal']);
    expect(await payoutProblems(demo.s)).toEqual([]);
  });

  it('lets a merchant user ask for its own BANK settlement, which only staff approve', async () => {
    const key = await fund('BOLT', 3_000);
    const cash = await create(demo.t.merchant, { merchantCode: 'BOLT', amount: 100, method: 'CASH' });
    expect(cash.status).toBe(400);
    const other = await create(demo.t.merchant, { merchantCode: 'ACME', amount: 100, method: 'BANK', ...bank });
    expect(other.status).toBe(404);
    const asked = await create(demo.t.merchant, { merchantCode: 'BOLT', amount: 100, method: 'BANK', ...bank });
    expect(asked.status).toBe(201);
    expect(asked.body.data.createdByName).toBe('merchant');
    const id = asked.body.data.id;
    expect((await act(demo.t.merchant, id, 'approve', { reference: '412345678902' })).status).toBe(403);
    const mine = await demo.s.call('GET', '/v1/settlements?pageSize=100', { token: demo.t.merchant });
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((r: { merchantCode: string }) => r.merchantCode === 'BOLT')).toBe(true);
    const theirs = await demo.s.call('GET', '/v1/settlements?pageSize=100', { token: demo.t['merchant-admin'] });
    expect(theirs.body.data.every((r: { merchantCode: string }) => r.merchantCode !== 'BOLT')).toBe(true);
    expect((await demo.s.call('GET', `/v1/settlements/${id}`, { token: demo.t['merchant-admin'] })).status).toBe(404);
    for (const role of ['operations', 'vendor', 'merchant-operations'] as const)
      expect((await demo.s.call('GET', '/v1/settlements', { token: demo.t[role] })).status).toBe(403);
    expect((await balanceOf(key)).held).toBeGreaterThanOrEqual(100);
  });

  it('filters by status, method and merchant, and exports CSV', async () => {
    const list = await demo.s.call('GET', '/v1/settlements?status=SUCCESS,REJECTED&method=CASH', {
      token: demo.t.admin,
    });
    expect(list.status).toBe(200);
    expect(
      list.body.data.every((r: { status: string; method: string }) => r.method === 'CASH' && r.status !== 'INITIATED'),
    ).toBe(true);
    const csv = await demo.s.call('GET', '/v1/settlements/export?merchantCode=BOLT', { token: demo.t.admin });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Merchant');
  });
});

describe('the balances a settlement may take', () => {
  it("shows a merchant user its own, staff the merchants they name, and agrees with the merchant API's", async () => {
    const key = await fund('BOLT', 1_000);
    const api = await balanceOf(key);
    const own = await demo.s.call('GET', '/v1/settlements/balances', { token: demo.t.merchant });
    expect(own.body.data).toEqual([{ merchantCode: 'BOLT', ...api }]);
    const asked = await demo.s.call('GET', '/v1/settlements/balances?merchantCode=ACME', { token: demo.t.merchant });
    expect(asked.body.data).toEqual([]);
    const staff = await demo.s.call('GET', '/v1/settlements/balances?merchantCode=BOLT,CRISP', { token: demo.t.admin });
    expect(staff.body.data.map((r: { merchantCode: string }) => r.merchantCode)).toEqual(['BOLT', 'CRISP']);
    expect(staff.body.data[0]).toEqual({ merchantCode: 'BOLT', ...api });
    expect((await demo.s.call('GET', '/v1/settlements/balances', { token: demo.t.admin })).body.data).toEqual([]);
  });
});

describe('concurrency', () => {
  it('100 concurrent approvals leave one SUCCESS and one journal', async () => {
    await fund('ACME', 2_000);
    const id = (await create(demo.t.admin, { merchantCode: 'ACME', amount: 500, method: 'AED' })).body.data.id;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        act(i % 2 ? demo.t.admin : demo.t.transactions, id, 'approve', { reference: `receipt-${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    expect(await journals(id)).toEqual(['settlement.success']);
  });

  it('100 concurrent settlements that together exceed the balance never overdraw it', async () => {
    const key = await fund('CRISP', 5_000);
    const { available } = await balanceOf(key);
    const each = Math.floor((available / 40) * 100) / 100;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => create(demo.t.admin, { merchantCode: 'CRISP', amount: each, method: 'CASH' })),
    );
    const made = answers.filter((a) => a.status === 201).length;
    expect(made).toBe(Math.floor(available / each));
    expect(answers.filter((a) => a.status !== 201).every((a) => a.body.error.code === 'INSUFFICIENT_BALANCE')).toBe(
      true,
    );
    expect((await balanceOf(key)).available).toBeGreaterThanOrEqual(0);
    expect(await payoutProblems(demo.s)).toEqual([]);
  });
});
