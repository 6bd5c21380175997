import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantAccount } from '../../domain/ledger';
import { placeHold, voidHold } from '../../server/services/ledger/holds';
import { demoServerPerFile } from '../support/server';
import { payoutKit } from '../support/payouts';
import { confirm } from '../support/roles';
import { ledgerHolds, merchantKey, orderId, payoutProblems } from '../support/deposits';

/**
 * Issue 11, item 1: the merchant's pay-out API. A pay-out holds its amount and fee on the
 * merchant's balance at creation; nothing takes the available balance below zero.
 */
const demo = demoServerPerFile({ merchantApiRateLimitPerMinute: 100_000, payPageRateLimitPerMinute: 100_000 });

const { fund, fundEntry, act, balanceOf } = payoutKit(demo);

const post = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  demo.s.call('POST', '/v1/merchant-api/payouts', { body, headers: { 'x-api-key': key, ...headers } });
const bank = { accountHolder: 'Asha Rao', accountNumber: '001234567890', ifsc: 'hdfc0001234', bankName: 'HDFC' };
const payoutsOf = async (code: string) =>
  (await demo.s.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM payouts WHERE merchant_code = ${code}`))
    .rows[0].n;
/** The account row's held sum agrees with its pending holds. */
const heldAgrees = async () =>
  (
    await demo.s.db.execute(sql`SELECT a.key FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS pending FROM ledger_holds WHERE state = 'PENDING' GROUP BY account_id) h
        ON h.account_id = a.id
      WHERE a.held <> coalesce(h.pending, 0)`)
  ).rows;

describe('a refused pay-out', () => {
  it('writes nothing, not even the empty ledger account its balance was checked on', async () => {
    const { rows } = await demo.s.db.execute<{ code: string; id: string }>(sql`SELECT m.code, m.id FROM merchants m
      WHERE NOT m.test_mode AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.key = 'merchant:' || m.id) LIMIT 1`);
    expect(rows).toHaveLength(1);
    const key = await merchantKey(demo.s, rows[0].code);
    const res = await post(key, {
      merchantOrderId: orderId('wd'),
      customerId: 'cust-1',
      amount: 500,
      beneficiary: bank,
    });
    expect([res.status, res.body.error.code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    const accounts = await demo.s.db.execute(
      sql`SELECT 1 FROM ledger_accounts WHERE key = ${merchantAccount(rows[0].id)}`,
    );
    expect(accounts.rows).toEqual([]);
  });
});

describe('merchant API, pay-outs', () => {
  it('creates INITIATED and holds the amount and its fee; the status and the balance say so', async () => {
    const key = await fund('CRISP', 20_000);
    expect(await balanceOf(key)).toEqual({ balance: 19_500, held: 0, available: 19_500 });

    const merchantOrderId = orderId('wd');
    const created = await post(key, { merchantOrderId, customerId: 'cust-9', amount: 1_000, beneficiary: bank });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ merchantOrderId, status: 'INITIATED', amount: 1_000, fee: 15 });
    expect(await balanceOf(key)).toEqual({ balance: 19_500, held: 1_015, available: 18_485 });

    const status = await demo.s.call('GET', `/v1/merchant-api/payouts/${merchantOrderId}`, {
      headers: { 'x-api-key': key },
    });
    expect(status.body.data).toMatchObject({ id: created.body.data.id, status: 'INITIATED', utr: null, reason: null });
    const [row] = (
      await demo.s.db.execute<{ ifsc: string; account_holder: string }>(
        sql`SELECT ifsc, account_holder FROM payouts WHERE id = ${created.body.data.id}`,
      )
    ).rows;
    expect(row).toEqual({ ifsc: 'HDFC0001234', account_holder: 'Asha Rao' });

    const other = await merchantKey(demo.s, 'ACME');
    const foreign = await demo.s.call('GET', `/v1/merchant-api/payouts/${merchantOrderId}`, {
      headers: { 'x-api-key': other },
    });
    expect(foreign.status).toBe(404);
    const upi = await post(key, {
      merchantOrderId: orderId('wd'),
      customerId: 'cust-9',
      amount: 600,
      beneficiary: { upiId: 'asha@okhdfc' },
    });
    expect(upi.status).toBe(201);
    expect(await heldAgrees()).toEqual([]);
  });

  it('answers the same order again with the same pay-out, another body with 409, and replays an Idempotency-Key', async () => {
    const key = await fund('BOLT', 5_000);
    const body = { merchantOrderId: orderId('wd'), customerId: 'cust-1', amount: 700, beneficiary: bank };
    const first = await post(key, body);
    const again = await post(key, body);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await post(key, { ...body, amount: 701 });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('ORDER_ID_TAKEN');
    expect((await balanceOf(key)).held).toBe(710.5);

    const keyed = { merchantOrderId: orderId('wd'), customerId: 'cust-1', amount: 800, beneficiary: bank };
    const once = await post(key, keyed, { 'idempotency-key': 'k-1' });
    const twice = await post(key, keyed, { 'idempotency-key': 'k-1' });
    expect(twice.status).toBe(once.status);
    expect(twice.body).toEqual(once.body);
    expect((await post(key, { ...keyed, amount: 801 }, { 'idempotency-key': 'k-1' })).status).toBe(422);
  });

  it('refuses what the available balance does not cover, or the limits and formats forbid, and writes nothing', async () => {
    const key = await fund('ACME', 2_000);
    const before = await payoutsOf('ACME');
    const money = await balanceOf(key);
    const tooMuch = await post(key, {
      merchantOrderId: orderId('wd'),
      customerId: 'c',
      amount: 1_960,
      beneficiary: bank,
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(tooMuch.body.error.message).toBe(
      'The available balance (₹1,950.00) does not cover this pay-out and its fee (₹1,989.40).',
    );
    const bad: [Record<string, unknown>, number, string][] = [
      [{ amount: 499.99 }, 400, 'amount must be between ₹500.00 and ₹2,00,000.00'],
      [{ amount: 600.001 }, 400, 'amount'],
      [{ beneficiary: { ...bank, ifsc: 'HDFC1234' } }, 400, 'ifsc'],
      [{ beneficiary: { ...bank, accountHolder: 'Asha 2' } }, 400, 'accountHolder'],
      [{ beneficiary: { ...bank, accountNumber: '12-34' } }, 400, 'accountNumber'],
      [{ beneficiary: { upiId: 'not a upi' } }, 400, 'upiId'],
      [{ beneficiary: {} }, 400, 'beneficiary must be a bank account'],
      [{ beneficiary: { ...bank, upiId: 'asha@okhdfc' } }, 400, 'not both'],
      [{ beneficiary: { accountHolder: 'Asha Rao', ifsc: 'HDFC0001234' } }, 400, 'beneficiary must be'],
    ];
    for (const [change, status, says] of bad) {
      const res = await post(key, {
        merchantOrderId: orderId('wd'),
        customerId: 'c',
        amount: 600,
        beneficiary: bank,
        ...change,
      });
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(JSON.stringify(res.body.error), JSON.stringify(change)).toContain(says);
    }
    expect(await payoutsOf('ACME')).toBe(before);
    expect(await balanceOf(key)).toEqual(money);
    const wrongKey = await post('pg_live_wrong', {
      merchantOrderId: orderId('wd'),
      customerId: 'c',
      amount: 600,
      beneficiary: bank,
    });
    expect(wrongKey.status).toBe(401);
  });

  it('100 pay-outs at once that together exceed the balance never take it below zero', async () => {
    const key = await fund('CRISP', 20_000);
    const start = await balanceOf(key);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        post(key, { merchantOrderId: orderId('race'), customerId: 'c', amount: 500, beneficiary: bank }),
      ),
    );
    const made = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 409 && a.body.error.code === 'INSUFFICIENT_BALANCE').length;
    // ₹500 and its ₹7.50 fee each: as many as the balance covers, and not one more.
    expect(made).toBe(Math.floor(start.available / 507.5));
    expect(made + refused).toBe(100);
    const end = await balanceOf(key);
    expect(end.held - start.held).toBe(made * 507.5);
    expect(end.available).toBeGreaterThanOrEqual(0);
    expect(end.available).toBeLessThan(507.5);
    expect(await heldAgrees()).toEqual([]);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('holds once per key, releases once, and the database keeps a resolved hold as it is', async () => {
    const key = await fund('BOLT', 3_000);
    const before = await balanceOf(key);
    const [{ id: merchantId }] = (
      await demo.s.db.execute<{ id: string }>(sql`SELECT id FROM merchants WHERE code = 'BOLT'`)
    ).rows;
    const hold = {
      key: `test:${orderId('hold')}`,
      account: merchantAccount(merchantId),
      amount: 100_00,
      entity: 'payouts',
      entityId: merchantId,
    };
    await demo.s.db.transaction(async (tx) => {
      await placeHold(tx, hold);
      await placeHold(tx, hold);
    });
    expect((await balanceOf(key)).held).toBe(before.held + 100);
    expect(await demo.s.db.transaction((tx) => voidHold(tx, hold.key))).toBe(true);
    expect(await demo.s.db.transaction((tx) => voidHold(tx, hold.key))).toBe(false);
    expect(await balanceOf(key)).toEqual(before);
    await expect(
      demo.s.db.execute(sql`UPDATE ledger_holds SET state = 'PENDING' WHERE key = ${hold.key}`),
    ).rejects.toThrow();
    await expect(demo.s.db.execute(sql`DELETE FROM ledger_holds WHERE key = ${hold.key}`)).rejects.toThrow();
    await expect(
      demo.s.db.execute(sql`UPDATE ledger_accounts SET held = -1 WHERE key = ${hold.account}`),
    ).rejects.toThrow();
    expect(await heldAgrees()).toEqual([]);
  });
  it('freeing the bank entry of a pay-in whose money waiting pay-outs hold is refused, and changes nothing', async () => {
    const { key, entryId, payinId } = await fundEntry('ACME-KIDS', 10_000);
    const { available } = await balanceOf(key);
    const amount = Math.min(2_00_000, Math.floor((available - 1_000) / 1.015));
    const res = await post(key, { merchantOrderId: orderId('wd'), customerId: 'c-1', amount, beneficiary: bank });
    expect(res.status).toBe(201);
    const before = await balanceOf(key);
    expect(before.available).toBeLessThan(9_750);
    const reset = (as: 'admin' | 'transactions') =>
      confirm(demo.s, demo.t[as], 'bank-entry.reset').then((headers) =>
        demo.s.call('POST', `/v1/bank-entries/${entryId}/reset`, { token: demo.t[as], headers }),
      );
    // The maker hears it at once, and no request is left waiting.
    const refused = await reset('admin');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(key)).toEqual(before);
    const payin = await demo.s.call('GET', `/v1/payins/${payinId}`, { token: demo.t.admin });
    expect(payin.body.data.status).toBe('SUCCESS');
    expect((await act(demo.t.operations, res.body.data.id, 'drop')).status).toBe(200);
    expect((await reset('admin')).status).toBe(202);
    expect((await reset('transactions')).status).toBe(200);
    expect(await payoutProblems(demo.s)).toEqual([]);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });
});
