import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { confirm } from '../support/roles';
import { bankIdOf, utrOf } from '../support/deposits';

/**
 * Issue 12, item 2: vendor settlements. A vendor hands over what its accounts collected (INITIATED,
 * then SUCCESS or REJECTED), or moves it to another of the gateway's accounts: an internal transfer
 * consumes that account's un-used bank entry of the same amount and is SUCCESS at once; resetting
 * it frees the entry.
 */
const demo = demoServerPerFile({ merchantApiRateLimitPerMinute: 100_000, payPageRateLimitPerMinute: 100_000 });

const create = (token: string, body: Record<string, unknown>) =>
  demo.s.call('POST', '/v1/vendor-settlements', { token, body });
/** An approval asks for the password (issue 29): typed here unless the test sends its own. */
const act = async (
  token: string,
  id: string,
  action: string,
  body?: Record<string, unknown>,
  headers?: Record<string, string>,
) =>
  demo.s.call('POST', `/v1/vendor-settlements/${id}/${action}`, {
    token,
    body,
    headers: headers ?? (action === 'approve' ? await confirm(demo.s, token, 'vendor-settlement.approve') : {}),
  });
const entry = async (nickname: string, rupees: number) => {
  const utr = utrOf(41);
  const res = await demo.s.call('POST', '/v1/bank-entries', {
    token: demo.t.admin,
    body: { bankAccountId: await bankIdOf(demo.s, nickname), utr, amount: rupees },
  });
  expect(res.status).toBe(201);
  return { utr, id: res.body.data.entry.id as string };
};
const entryRow = async (id: string) =>
  (
    await demo.s.db.execute<{ payin_id: string | null; vendor_settlement_id: string | null }>(
      sql`SELECT payin_id, vendor_settlement_id FROM bank_entries WHERE id = ${id}`,
    )
  ).rows[0];
/** A vendor's balance in the ledger: its bank accounts' and its own account's (paise; positive, it owes the gateway). */
const vendorLedger = async (code: string) =>
  Number(
    (
      await demo.s.db.execute<{ total: string }>(sql`
        SELECT coalesce(sum(a.balance), 0) AS total FROM ledger_accounts a
        WHERE a.key IN (
          SELECT 'bank:' || b.id FROM bank_accounts b JOIN vendors v ON v.id = b.vendor_id WHERE v.code = ${code}
          UNION ALL SELECT 'vendor:' || id FROM vendors WHERE code = ${code})`)
    ).rows[0].total,
  );
const unbalanced = async () =>
  (await demo.s.db.execute(sql`SELECT journal_id FROM ledger_entries GROUP BY journal_id HAVING sum(amount) <> 0`))
    .rows;

describe('vendor settlements', () => {
  it('a CASH settlement: INITIATED, then SUCCESS moves the money from the vendor to the treasury', async () => {
    const before = await vendorLedger('VEN-ALPHA');
    const created = await create(demo.t.transactions, { vendorCode: 'VEN-ALPHA', amount: 1_000, method: 'CASH' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'INITIATED', vendorCode: 'VEN-ALPHA', method: 'CASH' });
    expect(await vendorLedger('VEN-ALPHA')).toBe(before);
    const id = created.body.data.id;
    const done = await act(demo.t.admin, id, 'approve', { reference: 'receipt 55' });
    expect(done.body.data).toMatchObject({ status: 'SUCCESS', reference: 'receipt 55' });
    expect(await vendorLedger('VEN-ALPHA')).toBe(before - 1_000_00);
    expect((await act(demo.t.admin, id, 'approve', {})).status).toBe(409);
    const reset = await act(
      demo.t.admin,
      id,
      'reset',
      undefined,
      await confirm(demo.s, demo.t.admin, 'vendor-settlement.reset'),
    );
    expect(reset.body.data.status).toBe('INITIATED');
    expect(await vendorLedger('VEN-ALPHA')).toBe(before);
    const rejected = await act(demo.t.admin, id, 'reject', { reason: 'Other: counted short' });
    expect(rejected.body.data).toMatchObject({ status: 'REJECTED', reason: 'Other: counted short' });
    expect(await unbalanced()).toEqual([]);
  });

  it('an internal transfer consumes the entry of another account, is SUCCESS at once, and its reset frees it', async () => {
    const { utr, id: entryId } = await entry('BETA-AXIS-01', 2_500);
    const alpha = await vendorLedger('VEN-ALPHA');
    const beta = await vendorLedger('VEN-BETA');
    const res = await create(demo.t.admin, {
      vendorCode: 'VEN-ALPHA',
      amount: 2_500,
      method: 'INTERNAL_QR_TRANSFER',
      utr,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'SUCCESS',
      reference: utr,
      bankNickname: 'BETA-AXIS-01',
      bankEntryId: entryId,
    });
    expect(await entryRow(entryId)).toEqual({ payin_id: null, vendor_settlement_id: res.body.data.id });
    expect(await vendorLedger('VEN-ALPHA')).toBe(alpha - 2_500_00);
    expect(await vendorLedger('VEN-BETA')).toBe(beta + 2_500_00);

    const listed = await demo.s.call('GET', `/v1/bank-entries?utr=${utr}`, { token: demo.t.admin });
    expect(listed.body.data[0]).toMatchObject({ used: true, payinId: null, vendorSettlementId: res.body.data.id });
    const internal = await demo.s.call('GET', '/v1/bank-entries?used=InternalTransfer', { token: demo.t.admin });
    expect(internal.body.data.map((e: { utr: string }) => e.utr)).toContain(utr);

    const again = await create(demo.t.admin, {
      vendorCode: 'VEN-ALPHA',
      amount: 2_500,
      method: 'INTERNAL_QR_TRANSFER',
      utr,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ENTRY_USED');

    const id = res.body.data.id;
    await act(demo.t.admin, id, 'reset', undefined, await confirm(demo.s, demo.t.admin, 'vendor-settlement.reset'));
    expect(await entryRow(entryId)).toEqual({ payin_id: null, vendor_settlement_id: null });
    expect(await vendorLedger('VEN-ALPHA')).toBe(alpha);
    expect(await vendorLedger('VEN-BETA')).toBe(beta);
    const reapproved = await act(demo.t.transactions, id, 'approve', { reference: utr });
    expect(reapproved.body.data).toMatchObject({ status: 'SUCCESS', bankEntryId: entryId });
    expect(await unbalanced()).toEqual([]);
  });

  it('refuses an internal transfer whose entry is missing, of another amount or on its own account, writing nothing', async () => {
    const own = await entry('ALPHA-HDFC-01', 700);
    const other = await entry('BETA-AXIS-01', 700);
    const count = async () =>
      (await demo.s.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM vendor_settlements`)).rows[0].n;
    const before = await count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: 700, method: 'INTERNAL_QR_TRANSFER', utr: utrOf(43) }, 400, 'utr'],
      [{ amount: 699.99, method: 'INTERNAL_QR_TRANSFER', utr: other.utr }, 400, 'amount'],
      [{ amount: 700, method: 'INTERNAL_QR_TRANSFER', utr: own.utr }, 400, 'utr'],
      [{ amount: 700, method: 'INTERNAL_QR_TRANSFER' }, 400, 'utr'],
      // The account is left out whole or given whole.
      [
        { amount: 700, method: 'INTERNAL_BANK_TRANSFER', utr: other.utr, accountNumber: '999999999999' },
        400,
        'accountHolder',
      ],
      [
        {
          amount: 700,
          method: 'INTERNAL_BANK_TRANSFER',
          utr: other.utr,
          accountHolder: 'Beta Payments',
          accountNumber: '999999999999',
          ifsc: 'UTIB0000001',
        },
        400,
        'accountNumber',
      ],
      [{ amount: 700, method: 'CASH', utr: other.utr }, 400, 'utr'],
    ];
    for (const [body, status, field] of cases) {
      const res = await create(demo.t.admin, { vendorCode: 'VEN-ALPHA', ...body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.field).toBe(field);
    }
    expect(await count()).toBe(before);
    expect(await entryRow(other.id)).toEqual({ payin_id: null, vendor_settlement_id: null });
  });

  it('takes an internal bank transfer by its UTR alone: the account is the one the credit is on', async () => {
    const credit = await entry('BETA-AXIS-01', 450);
    const [account] = (
      await demo.s.db.execute<{ holder_name: string; account_number: string; ifsc: string }>(
        sql`SELECT holder_name, account_number, ifsc FROM bank_accounts WHERE nickname = 'BETA-AXIS-01'`,
      )
    ).rows;
    const res = await create(demo.t.admin, {
      vendorCode: 'VEN-ALPHA',
      amount: 450,
      method: 'INTERNAL_BANK_TRANSFER',
      utr: credit.utr,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'SUCCESS',
      bankEntryId: credit.id,
      accountHolder: account.holder_name,
      accountNumber: account.account_number,
      ifsc: account.ifsc.toUpperCase(),
    });
    expect(await entryRow(credit.id)).toEqual({ payin_id: null, vendor_settlement_id: res.body.data.id });
    expect(await unbalanced()).toEqual([]);
  });

  it('a pay-in cannot take an entry an internal transfer consumed: DUPLICATE', async () => {
    const { utr } = await entry('BETA-AXIS-01', 300);
    expect(
      (await create(demo.t.admin, { vendorCode: 'VEN-ALPHA', amount: 300, method: 'INTERNAL_QR_TRANSFER', utr }))
        .status,
    ).toBe(201);
    const { merchantKey, assignedPayin } = await import('../support/deposits');
    const key = await merchantKey(demo.s, 'ACME');
    const payin = await assignedPayin(demo.s, key, 300);
    const submitted = await demo.s.call('POST', `/v1/pay/${payin.id}/utr`, { body: { utr } });
    expect(submitted.body.data.status).toBe('DUPLICATE');
  });

  it('vendor users see their own vendor only, read-only; merchants and operations not at all', async () => {
    const mine = await demo.s.call('GET', '/v1/vendor-settlements?pageSize=100', { token: demo.t.vendor });
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((r: { vendorCode: string }) => r.vendorCode === 'VEN-ALPHA')).toBe(true);
    const asked = await demo.s.call('GET', '/v1/vendor-settlements?vendorCode=VEN-BETA', { token: demo.t.vendor });
    expect(asked.body.data).toEqual([]);
    expect((await create(demo.t.vendor, { vendorCode: 'VEN-ALPHA', amount: 1, method: 'CASH' })).status).toBe(403);
    for (const role of ['merchant', 'merchant-admin', 'operations'] as const)
      expect((await demo.s.call('GET', '/v1/vendor-settlements', { token: demo.t[role] })).status).toBe(403);
  });
});

describe('who owes whom', () => {
  it("answers a vendor user its own vendor's balance from the ledger, staff the vendors they name", async () => {
    const ledger = await vendorLedger('VEN-ALPHA');
    const own = await demo.s.call('GET', '/v1/vendor-settlements/balances?vendorCode=VEN-BETA', {
      token: demo.t.vendor,
    });
    expect(own.body.data).toHaveLength(1);
    expect(own.body.data[0]).toMatchObject({ vendorCode: 'VEN-ALPHA', balance: ledger / 100 });
    expect(own.body.data[0].position).toBe(
      ledger > 0 ? 'vendor owes the gateway' : ledger < 0 ? 'gateway owes the vendor' : 'settled',
    );
    const staff = await demo.s.call('GET', '/v1/vendor-settlements/balances?vendorCode=VEN-ALPHA,VEN-BETA', {
      token: demo.t.admin,
    });
    expect(staff.body.data.map((r: { vendorCode: string }) => r.vendorCode)).toEqual(['VEN-ALPHA', 'VEN-BETA']);
    expect(staff.body.data[1].balance).toBe((await vendorLedger('VEN-BETA')) / 100);
  });
});

describe('concurrency', () => {
  it('two internal transfers racing for one entry: one takes it', async () => {
    const { utr } = await entry('BETA-AXIS-01', 123);
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() =>
        create(demo.t.admin, { vendorCode: 'VEN-ALPHA', amount: 123, method: 'INTERNAL_QR_TRANSFER', utr }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
  });
});
