import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, merchantBankAccounts } from '../../server/db/schema';
import { startServer, type TestServer } from '../support/server';
import { DEMO_USERS, confirm, signInAll, type DemoUser } from '../support/roles';
import { bankAccountBody } from '../support/fixtures';

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  s = await startServer();
  t = await signInAll(s);
});
afterAll(() => s?.close());

const body = (nickname: string, extra: Record<string, unknown> = {}) => ({
  ...bankAccountBody(nickname),
  dailyLimit: 500000,
  ...extra,
});
const accounts = async () => (await s.db.select({ n: count() }).from(bankAccounts))[0].n;
const idOf = async (nickname: string) =>
  (await s.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.nickname, nickname)))[0].id;
const list = async (user: DemoUser, query = '') =>
  s.call('GET', `/v1/bank-accounts?pageSize=100${query}`, { token: t[user] });
/** Adds an account, with the password confirmation that needs. */
const create = async (user: DemoUser, account: ReturnType<typeof body>) =>
  s.call('POST', '/v1/bank-accounts', {
    token: t[user],
    headers: await confirm(s, t[user], 'bank-account.create'),
    body: account,
  });
/** Links or unlinks merchants as ADMIN, with the password confirmation that needs. */
const relink = async (method: 'POST' | 'DELETE', id: string, codes: Record<string, unknown>) =>
  s.call(method, `/v1/bank-accounts/${id}/merchants`, {
    token: t.admin,
    headers: await confirm(s, t.admin, 'bank-account.link'),
    body: codes,
  });

describe('who may use /v1/bank-accounts', () => {
  const readers: DemoUser[] = ['admin', 'transactions', 'operations', 'vendor', 'vendor-operations'];
  it.each(DEMO_USERS.map((u) => [u, readers.includes(u) ? 200 : 403] as const))(
    'list as %s → %i',
    async (user, status) => {
      expect((await list(user)).status).toBe(status);
    },
  );

  it.each(['operations', 'vendor', 'vendor-operations', 'merchant-admin'] as const)(
    'create as %s → 403, nothing written',
    async (user) => {
      const before = await accounts();
      expect((await s.call('POST', '/v1/bank-accounts', { token: t[user], body: body(`NEW-${user}`) })).status).toBe(
        403,
      );
      expect(await accounts()).toBe(before);
    },
  );
});

describe('bank accounts', () => {
  it('shows full account numbers to ADMIN only', async () => {
    const admin = (await list('admin', '&nickname=ALPHA-HDFC-01')).body.data[0];
    const ops = (await list('operations', '&nickname=ALPHA-HDFC-01')).body.data[0];
    expect(admin.accountNumber).toBe('50100234567890');
    expect(ops.accountNumber).toBe('••••••••••7890');
    expect(admin.merchantCodes).toEqual(['ACME', 'ACME-KIDS']);
    const csv = (await s.call('GET', '/v1/bank-accounts/export', { token: t.transactions })).body as string;
    expect(csv).not.toContain('50100234567890');
  });

  it('holds vendor users to their own vendor, by list, filter, id and export', async () => {
    const own = (await list('vendor')).body.data.map((b: { vendorCode: string }) => b.vendorCode);
    expect(new Set(own)).toEqual(new Set(['VEN-ALPHA']));
    expect((await list('vendor', '&vendorCode=VEN-BETA')).body.total).toBe(0);
    expect((await s.call('GET', `/v1/bank-accounts/${await idOf('BETA-AXIS-01')}`, { token: t.vendor })).status).toBe(
      404,
    );
    const csv = (await s.call('GET', '/v1/bank-accounts/export', { token: t['vendor-operations'] })).body as string;
    expect(csv).toContain('ALPHA-HDFC-01');
    expect(csv).not.toContain('BETA-');
  });

  it('creates with validation, and a duplicate nickname is a 409', async () => {
    const res = await create('admin', body('ALPHA-NEW-01'));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      nickname: 'ALPHA-NEW-01',
      vendorCode: 'VEN-ALPHA',
      minPayin: 100,
      merchantCodes: [],
    });
    const [row] = await s.db.select().from(bankAccounts).where(eq(bankAccounts.nickname, 'ALPHA-NEW-01'));
    expect(row.maxPayin).toBe(5000000);
    const dup = await create('admin', body('ALPHA-NEW-01'));
    expect(dup.status).toBe(409);
  });

  it('gives one 201 and one 409 to two simultaneous creates of one nickname', async () => {
    const results = await Promise.all([1, 2].map(() => create('transactions', body('RACE-01'))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ nickname: 'has space' }, 'nickname'],
    [{ accountNumber: '12AB5678' }, 'accountNumber'],
    [{ ifsc: 'HDFC1234567' }, 'ifsc'],
    [{ upiId: 'no-at-sign' }, 'upiId'],
    [{ maxPayin: 10 }, 'maxPayin must be at least minPayin'],
    [{ dailyLimit: 100 }, 'dailyLimit must be at least maxPayin'],
    [{ usedFor: 'BOTH' }, 'usedFor'],
    [{ vendorCode: 'NOPE' }, 'Vendor NOPE does not exist'],
    [{ bankName: ' ' }, 'bankName is Required!'],
  ])('refuses %j with 400 and writes nothing', async (change, message) => {
    const before = await accounts();
    const res = await create('admin', body('BAD-01', change));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect(await accounts()).toBe(before);
  });

  it('links merchants with their sub-merchants and unlinks them', async () => {
    const id = await idOf('ALPHA-NEW-01');
    const linked = await relink('POST', id, { merchantCodes: ['ACME'], includeSubMerchants: true });
    expect(linked.body.data.merchantCodes).toEqual(['ACME', 'ACME-KIDS']);
    const again = await relink('POST', id, { merchantCodes: ['ACME', 'BOLT'] });
    expect(again.body.data.merchantCodes).toEqual(['ACME', 'ACME-KIDS', 'BOLT']);
    const unlinked = await relink('DELETE', id, { merchantCodes: ['ACME'], includeSubMerchants: true });
    expect(unlinked.body.data.merchantCodes).toEqual(['BOLT']);
    expect((await relink('POST', id, { merchantCodes: ['GHOST'] })).status).toBe(400);
    expect(
      (
        await s.call('POST', `/v1/bank-accounts/${id}/merchants`, {
          token: t.operations,
          body: { merchantCodes: ['ACME'] },
        })
      ).status,
    ).toBe(403);
    expect(
      (await list('admin', '&merchantCode=BOLT')).body.data.map((b: { nickname: string }) => b.nickname),
    ).toContain('ALPHA-NEW-01');
  });

  it('needs the password again to switch an account on or off or to change its numbers, not for the QR switch', async () => {
    const id = await idOf('ALPHA-NEW-01');
    expect(
      (await s.call('PUT', `/v1/bank-accounts/${id}/flags`, { token: t.operations, body: { showQr: false } })).body.data
        .showQr,
    ).toBe(false);
    const off = await s.call('PUT', `/v1/bank-accounts/${id}/flags`, { token: t.operations, body: { enabled: false } });
    expect(off.body.error.code).toBe('CONFIRMATION_REQUIRED');
    const headers = await confirm(s, t.operations, 'bank-account.toggle');
    expect(
      (await s.call('PUT', `/v1/bank-accounts/${id}/flags`, { token: t.operations, headers, body: { enabled: false } }))
        .body.data.enabled,
    ).toBe(false);

    const { nickname: _n, usedFor: _u, vendorCode: _v, ...edit } = body('x');
    const rename = await s.call('PUT', `/v1/bank-accounts/${id}`, {
      token: t.admin,
      body: { ...edit, bankName: 'HDFC Bank Ltd' },
    });
    expect(rename.status).toBe(200);
    const renumber = await s.call('PUT', `/v1/bank-accounts/${id}`, {
      token: t.admin,
      body: { ...edit, accountNumber: '999988887777' },
    });
    expect(renumber.status).toBe(403);
    expect(renumber.body.error.code).toBe('CONFIRMATION_REQUIRED');
    const [unchanged] = await s.db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
    expect(unchanged.accountNumber).toBe('123456789012');
    const ok = await s.call('PUT', `/v1/bank-accounts/${id}`, {
      token: t.admin,
      headers: await confirm(s, t.admin, 'bank-account.numbers'),
      body: { ...edit, accountNumber: '999988887777' },
    });
    expect(ok.body.data.accountNumber).toBe('999988887777');
  });

  it('deletes only an account with no merchant links', async () => {
    const headers = await confirm(s, t.admin, 'bank-account.delete');
    expect(
      (await s.call('DELETE', `/v1/bank-accounts/${await idOf('ALPHA-NEW-01')}`, { token: t.admin, headers })).status,
    ).toBe(409);
    const free = await idOf('RACE-01');
    // The refused deletion spent that confirmation (one request each): the next asks again.
    const again = await confirm(s, t.admin, 'bank-account.delete');
    expect((await s.call('DELETE', `/v1/bank-accounts/${free}`, { token: t.admin, headers: again })).status).toBe(200);
    expect(
      await s.db.select().from(merchantBankAccounts).where(eq(merchantBankAccounts.bankAccountId, free)),
    ).toHaveLength(0);
  });
});

describe('edits by a role that sees the number masked', () => {
  it('keeps the stored number when none is sent, takes a null daily limit, and audits in rupees', async () => {
    const created = await create('admin', body('MASKED-01'));
    const id = created.body.data.id;
    const { nickname: _n, usedFor: _u, vendorCode: _v, accountNumber: _a, ...edit } = body('x');
    const res = await s.call('PUT', `/v1/bank-accounts/${id}`, {
      token: t.transactions,
      body: { ...edit, bankName: 'HDFC Bank Ltd', dailyLimit: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ accountNumber: '••••••••9012', dailyLimit: null, bankName: 'HDFC Bank Ltd' });
    const [row] = await s.db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
    expect(row.accountNumber).toBe('123456789012');
    const history = await s.call('GET', `/v1/audit-events?entity=bank-accounts&entityId=${id}&sortOrder=asc`, {
      token: t.admin,
    });
    expect(history.body.data[0].after).toMatchObject({ maxPayin: 50000, accountNumber: '123456789012' });
    expect(history.body.data[1].after).toMatchObject({ bankName: 'HDFC Bank Ltd', dailyLimit: null });
  });

  it('accepts a DELETE that declares JSON but sends no body', async () => {
    const created = await create('admin', body('EMPTY-BODY-01'));
    const res = await fetch(`${s.url}/v1/bank-accounts/${created.body.data.id}`, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${t.admin}`,
        'content-type': 'application/json',
        ...(await confirm(s, t.admin, 'bank-account.delete')),
      },
    });
    expect(res.status).toBe(200);
  });
});
