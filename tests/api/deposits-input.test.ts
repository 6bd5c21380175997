import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confirm } from '../support/roles';
import { demoServerPerFile } from '../support/server';
import { assignedBank, assignedPayin, bankIdOf, createPayin, merchantKey, orderId, utrOf } from '../support/deposits';

/** Issue 10, item 10: bad input on every new route gets 400 naming the field, and changes nothing. */
const demo = demoServerPerFile();

const counts = async () =>
  (
    await demo.s.db.execute<Record<string, number>>(sql`SELECT
      (SELECT count(*)::int FROM payins) AS payins,
      (SELECT count(*)::int FROM bank_entries) AS entries,
      (SELECT count(*)::int FROM ledger_journals) AS journals,
      (SELECT count(*)::int FROM callbacks) AS callbacks,
      (SELECT max(version)::int FROM payins) AS versions`)
  ).rows[0];

const refused = async (
  res: { status: number; body: { error?: { message: string; field?: string } } },
  field: RegExp,
) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(`${res.body.error?.field ?? ''} ${res.body.error?.message}`).toMatch(field);
};

describe('bad input changes nothing', () => {
  it('merchant API', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'BOLT');
    const before = await counts();
    const good = { merchantOrderId: orderId(), customerId: 'c1', amount: 500 };
    await refused(await createPayin(s, key, { ...good, merchantOrderId: undefined }), /merchantOrderId/);
    await refused(await createPayin(s, key, { ...good, merchantOrderId: 'has space' }), /merchantOrderId/);
    await refused(await createPayin(s, key, { ...good, customerId: '' }), /customerId/);
    await refused(await createPayin(s, key, { ...good, amount: 500.123 }), /amount/);
    await refused(await createPayin(s, key, { ...good, amount: 1e-7 }), /amount/);
    await refused(await createPayin(s, key, { ...good, returnUrl: 'javascript:alert(1)' }), /returnUrl/);
    await refused(await createPayin(s, key, { ...good, extra: 1 }), /extra/);
    await refused(await createPayin(s, key, good, { 'idempotency-key': 'x'.repeat(300) }), /Idempotency-Key/);
    expect(await counts()).toEqual(before);
  });

  it('pay page', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'BOLT');
    const created = await createPayin(s, key, { merchantOrderId: orderId(), customerId: 'c1' });
    const id = created.body.data.id;
    const before = await counts();
    await refused(await s.call('POST', `/v1/pay/${id}/assign`, { body: { amount: 99.999 } }), /amount/);
    await refused(await s.call('POST', `/v1/pay/${id}/assign`, { body: { amount: 1 } }), /amount must be between/);
    await refused(await s.call('GET', '/v1/pay/not-a-uuid'), /id/);
    const assigned = await assignedPayin(s, key);
    const middle = await counts();
    expect(middle.payins).toBe(before.payins + 1);
    for (const utr of ['12345678901', '1234567890123', 'ABCDEFGHIJKL', ''])
      await refused(await s.call('POST', `/v1/pay/${assigned.id}/utr`, { body: { utr } }), /utr/i);
    const notMultipart = await s.call('POST', `/v1/pay/${assigned.id}/screenshot`, { body: {} });
    expect(notMultipart.status).toBe(400);
    const big = new FormData();
    big.append(
      'file',
      new Blob([Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5 * 1024 * 1024 + 10)])]),
      'big.png',
    );
    const tooBig = await fetch(`${s.url}/v1/pay/${assigned.id}/screenshot`, { method: 'POST', body: big });
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).error.message).toMatch(/5 MB/);
    expect(await counts()).toEqual(middle);
  });

  it('staff actions and Add data', async () => {
    const { s, t } = demo;
    const key = await merchantKey(s, 'BOLT');
    const p = await assignedPayin(s, key, 500);
    const utr = utrOf(1);
    await s.call('POST', `/v1/pay/${p.id}/utr`, { body: { utr } });
    const bank = await assignedBank(s, p.id);
    const before = await counts();
    // A confirmation serves one request, refused or not: each try brings its own.
    for (const confirmedAmount of [0, -1, 10.001, 'x'])
      await refused(
        await s.call('POST', `/v1/payins/${p.id}/confirm`, {
          token: t.admin,
          headers: await confirm(s, t.admin, 'payin.confirm'),
          body: { confirmedAmount },
        }),
        /confirmedAmount/,
      );
    await refused(await s.call('POST', `/v1/payins/${p.id}/utr`, { token: t.admin, body: { utr: '1' } }), /utr/i);
    await refused(
      await s.call('POST', '/v1/payins/links', { token: t.admin, body: { merchantCode: 'BOLT', customerId: 'a b' } }),
      /customerId/,
    );
    const entry = (body: Record<string, unknown>) => s.call('POST', '/v1/bank-entries', { token: t.operations, body });
    await refused(await entry({ bankAccountId: bank, utr: '12', amount: 500 }), /UTR/);
    await refused(await entry({ bankAccountId: bank, utr: utrOf(2), amount: 0.5 }), /amount/);
    await refused(await entry({ bankAccountId: bank, utr: utrOf(2), amount: 500_000.01 }), /amount/);
    await refused(await entry({ bankAccountId: bank, utr: utrOf(2), amount: 500, amountCode: 'ABCD' }), /amountCode/);
    await refused(await entry({ bankAccountId: 'nope', utr: utrOf(2), amount: 500 }), /bankAccountId/);
    await refused(
      await entry({ bankAccountId: await bankIdOf(s, 'ALPHA-SBI-PAYOUT'), utr: utrOf(2), amount: 500 }),
      /pay-in bank account/,
    );
    await refused(await s.call('GET', '/v1/payins?status=DONE', { token: t.admin }), /status/);
    await refused(await s.call('GET', '/v1/payins?from=2026-13-01', { token: t.admin }), /from/);
    await refused(await s.call('GET', '/v1/bank-entries?used=Maybe', { token: t.admin }), /used/);
    expect(await counts()).toEqual(before);
  });

  it('a bank statement with bad rows records none of its rows and names each bad one', async () => {
    const { s, t } = demo;
    const bank = await bankIdOf(s, 'ALPHA-ICICI-02');
    const before = await counts();
    const upload = async (csv: string) => {
      const form = new FormData();
      form.append('bankAccountId', bank);
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
      const res = await fetch(`${s.url}/v1/bank-entries/import`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${t.operations}` },
      });
      return { status: res.status, body: await res.json() };
    };
    const good = utrOf(3);
    const bad = await upload(
      `utr,amount,date,code\n${good},500,2026-11-20,\n12,500,2026-11-20,\n${utrOf(4)},0,2026-11-20,\n${good},600,2026-11-20,AB\n`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_ROWS');
    expect(bad.body.error.rows.map((r: { line: number }) => r.line)).toEqual([3, 4, 5]);
    expect(await counts()).toEqual(before);
    const ok = await upload(`utr,amount,date,code\n${good},500,2026-11-20,\n${utrOf(5)},750.50,2026-11-21,\n`);
    expect(ok.status).toBe(201);
    expect(ok.body.data).toEqual({ recorded: 2, matched: 0 });
    const again = await upload(`utr,amount,date\n${good},500,2026-11-20\n`);
    expect(again.body.error.rows).toEqual([{ line: 2, reason: 'Repeated: this UTR is already recorded' }]);
  });
});
