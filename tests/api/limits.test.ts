import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile, startServer } from '../support/server';
import { assignedPayin, bankIdOf, merchantKey } from '../support/deposits';

/**
 * Issue 15, item 5: the pay page and the merchant API are limited per minute, and uploads refuse
 * what is too large or not what it claims to be, writing nothing. (A screenshot over 5 MB is
 * refused in deposits-input.test.ts; the GET routes' limits in payins.test.ts.)
 */
const LIMIT = 4;
const demo = demoServerPerFile({ merchantApiRateLimitPerMinute: LIMIT, payPageRateLimitPerMinute: LIMIT });

const RATE_LIMITED = {
  error: { message: 'Too many requests. Please wait a minute and try again.', code: 'RATE_LIMITED' },
};

const counts = async () =>
  (
    await demo.s.db.execute<Record<string, number>>(sql`SELECT
      (SELECT count(*)::int FROM payins) AS payins,
      (SELECT coalesce(sum(version), 0)::int FROM payins) AS versions,
      (SELECT count(*)::int FROM bank_entries) AS entries,
      (SELECT count(*)::int FROM audit_events) AS audit`)
  ).rows[0];

describe('per-minute limits', () => {
  it('the merchant API answers 429 in the error shape once a key has used its minute on a route', async () => {
    const key = await merchantKey(demo.s, 'CRISP');
    for (const path of ['/v1/merchant-api/payins', '/v1/merchant-api/payouts']) {
      const statuses = [];
      for (let i = 0; i < LIMIT; i += 1)
        statuses.push(
          (await demo.s.call('POST', path, { body: { amount: 'x' }, headers: { 'x-api-key': key } })).status,
        );
      expect(statuses).toEqual(Array(LIMIT).fill(400));
      const limited = await demo.s.call('POST', path, { body: {}, headers: { 'x-api-key': key } });
      expect([path, limited.status, limited.body]).toEqual([path, 429, RATE_LIMITED]);
    }
  });

  it('the pay page answers 429 in the error shape once an address has used its minute on a route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const step of ['assign', 'intent', 'utr', 'screenshot']) {
      const statuses = [];
      for (let i = 0; i < LIMIT; i += 1)
        statuses.push((await demo.s.call('POST', `/v1/pay/${id}/${step}`, { body: {} })).status);
      expect(statuses.every((status) => status === 400 || status === 404)).toBe(true);
      const limited = await demo.s.call('POST', `/v1/pay/${id}/${step}`, { body: {} });
      expect([step, limited.status, limited.body]).toEqual([step, 429, RATE_LIMITED]);
    }
  });
});

describe('uploads', () => {
  const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
  it('a payment screenshot that is not a PNG or JPEG by its bytes is refused, whatever its name, and nothing is kept', async () => {
    // A server of its own: the pay page's limit of this file's server is small on purpose.
    const s = await startServer({ payPageRateLimitPerMinute: 1000 });
    try {
      const payin = await assignedPayin(s, await merchantKey(s, 'BOLT'));
      const state = async () =>
        (await s.db.execute(sql`SELECT version, status FROM payins WHERE id = ${payin.id}`)).rows;
      const before = await state();
      const exe = Buffer.concat([Buffer.from('4d5a900003000000', 'hex'), Buffer.alloc(2048)]);
      for (const [bytes, name, type] of [
        [exe, 'receipt.exe', 'application/octet-stream'],
        [exe, 'receipt.png', 'image/png'],
        [Buffer.from('I paid, honestly'), 'receipt.png', 'image/png'],
        [
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'r.png',
          'image/svg+xml',
        ],
        [Buffer.concat([PNG.subarray(0, 4), Buffer.from('not really')]), 'r.png', 'image/png'],
      ] as const) {
        const form = new FormData();
        form.append('file', new Blob([bytes], { type }), name);
        const res = await fetch(`${s.url}/v1/pay/${payin.id}/screenshot`, { method: 'POST', body: form });
        expect([name, res.status, await res.json()]).toEqual([
          name,
          400,
          { error: { message: 'file must be a PNG or JPEG image', code: 'VALIDATION', field: 'file' } },
        ]);
      }
      expect(await state()).toEqual(before);
      const kept = await s.db.execute(sql`SELECT count(*)::int AS n FROM stored_files WHERE owner_id = ${payin.id}`);
      expect(kept.rows).toEqual([{ n: 0 }]);
    } finally {
      await s.close();
    }
  });

  it('a bank statement over 2 MB, or not a CSV, is refused with a clear message and records nothing', async () => {
    const { s, t } = demo;
    const bank = await bankIdOf(s, 'ALPHA-ICICI-02');
    const before = await counts();
    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('bankAccountId', bank);
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const res = await fetch(`${s.url}/v1/bank-entries/import`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${t.operations}` },
      });
      return { status: res.status, body: await res.json() };
    };
    const row = '123456789012,500,2026-11-20,\n';
    const big = await upload(
      Buffer.from(`utr,amount,date,code\n${row.repeat((2 * 1024 * 1024) / row.length + 10)}`),
      's.csv',
    );
    expect([big.status, big.body.error]).toEqual([
      400,
      { message: 'file must be at most 2 MB', code: 'VALIDATION', field: 'file' },
    ]);
    const exe = await upload(Buffer.concat([Buffer.from('4d5a9000', 'hex'), Buffer.alloc(512, 0xff)]), 'statement.csv');
    expect(exe.status).toBe(400);
    expect(exe.body.error).toMatchObject({ code: 'VALIDATION', field: 'file' });
    expect(exe.body.error.message).toMatch(/readable CSV|header must name the columns|no rows/);
    const png = await upload(Buffer.concat([PNG, Buffer.alloc(64)]), 'statement.png');
    expect([png.status, png.body.error.field]).toEqual([400, 'file']);
    expect(await counts()).toEqual(before);
  });
});
