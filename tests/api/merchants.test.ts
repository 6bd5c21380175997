import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, merchants } from '../../server/db/schema';
import { EXPORT_BATCH } from '../../server/services/common/csv';
import { hashApiKey } from '../../server/services/merchants/keys';
import { startServer, type TestServer } from '../support/server';
import { DEMO_USERS, confirm, signInAll, type DemoUser } from '../support/roles';

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  s = await startServer();
  t = await signInAll(s);
});
afterAll(() => s?.close());

const body = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Merchant ${code}`,
  siteUrl: 'https://shop.example',
  payinCallbackUrl: 'https://shop.example/cb',
  minPayin: 100,
  maxPayin: 50000,
  payinFeePercent: 2.5,
  minPayout: 500,
  maxPayout: 100000,
  payoutFeePercent: 1.5,
  ...extra,
});
const merchantCount = async () => (await s.db.select({ n: count() }).from(merchants))[0].n;
const idOf = async (code: string) =>
  (await s.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code)))[0].id;

describe('who may use /v1/merchants', () => {
  const readers: DemoUser[] = ['admin', 'transactions', 'merchant-admin'];
  it.each(DEMO_USERS.map((u) => [u, readers.includes(u) ? 200 : 403] as const))(
    'list as %s → %i',
    async (user, status) => {
      expect((await s.call('GET', '/v1/merchants', { token: t[user] })).status).toBe(status);
      expect((await s.call('GET', '/v1/merchants/export', { token: t[user] })).status).toBe(status);
    },
  );

  const creators: DemoUser[] = ['admin', 'merchant-admin'];
  it.each(DEMO_USERS.filter((u) => !creators.includes(u)))('create as %s → 403, nothing written', async (user) => {
    const before = await merchantCount();
    expect((await s.call('POST', '/v1/merchants', { token: t[user], body: body(`X${user.length}`) })).status).toBe(403);
    expect(await merchantCount()).toBe(before);
  });
});

describe('merchants as ADMIN', () => {
  it('creates a merchant, shows its API key once and stores only its hash', async () => {
    const res = await s.call('POST', '/v1/merchants', { token: t.admin, body: body('nova') });
    expect(res.status).toBe(201);
    expect(res.body.data.code).toBe('NOVA');
    expect(res.body.data.apiKey).toMatch(/^pg_live_/);
    const [row] = await s.db.select().from(merchants).where(eq(merchants.code, 'NOVA'));
    expect(row.apiKeyHash).toBe(hashApiKey(res.body.data.apiKey));
    expect(row.minPayin).toBe(10000);
    expect(row.payinFeeBps).toBe(250);
    const shown = await s.call('GET', `/v1/merchants/${row.id}`, { token: t.admin });
    expect(JSON.stringify(shown.body)).not.toContain(res.body.data.apiKey);
    expect(shown.body.data).toMatchObject({ code: 'NOVA', balance: 0, subMerchants: [] });
    const [audit] = await s.db.select().from(auditEvents).where(eq(auditEvents.entityId, row.id));
    expect(audit).toMatchObject({ action: 'create', entity: 'merchants', actorName: 'admin' });
    expect(JSON.stringify(audit.after)).not.toContain(res.body.data.apiKey);
  });

  it.each([
    [{ code: 'a b' }, 'code'],
    [{ siteUrl: 'not a url' }, 'siteUrl'],
    [{ siteUrl: 'ftp://x.example' }, 'siteUrl'],
    [{ maxPayin: 10 }, 'maxPayin must be at least minPayin'],
    [{ maxPayout: 10 }, 'maxPayout must be at least minPayout'],
    [{ payinFeePercent: 101 }, 'payinFeePercent'],
    [{ payinFeePercent: 1.234 }, 'payinFeePercent must have at most 2 decimals'],
    [{ minPayin: 1.005 }, 'minPayin must have at most 2 decimals'],
    [{ minPayin: 0 }, 'minPayin must be more than 0'],
    [{ name: '   ' }, 'name is Required!'],
    [{ balance: 5 }, 'unknown field balance'],
  ])('refuses %j with 400 and writes nothing', async (change, message) => {
    const before = await merchantCount();
    const res = await s.call('POST', '/v1/merchants', { token: t.admin, body: body('BADONE', change) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect(await merchantCount()).toBe(before);
  });

  it('gives one 201 and one 409 to two simultaneous creates of one code', async () => {
    const results = await Promise.all([
      s.call('POST', '/v1/merchants', { token: t.admin, body: body('TWIN') }),
      s.call('POST', '/v1/merchants', { token: t.admin, body: body('twin') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe('A merchant with code TWIN already exists.');
  });

  it('edits, keeping the code, and audits the changed fields only', async () => {
    const id = await idOf('NOVA');
    const res = await s.call('PUT', `/v1/merchants/${id}`, {
      token: t.admin,
      body: { ...body('NOVA', { name: 'Nova Two', payinFeePercent: 3 }), code: undefined },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'NOVA', name: 'Nova Two', payinFeePercent: 3 });
    const events = await s.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    const update = events.find((e) => e.action === 'update')!;
    expect(update.before).toMatchObject({ name: 'Merchant nova', payinFeePercent: 2.5 });
    expect(Object.keys(update.after as object).sort()).toEqual(['name', 'payinFeePercent', 'updatedAt']);
  });

  it('asks for the password again before rotating the key, disabling or deleting', async () => {
    const id = await idOf('NOVA');
    for (const [method, path, b] of [
      ['POST', `/v1/merchants/${id}/rotate-key`, undefined],
      ['PUT', `/v1/merchants/${id}/enabled`, { enabled: false }],
      ['DELETE', `/v1/merchants/${id}`, undefined],
    ] as const) {
      const res = await s.call(method, path, { token: t.admin, body: b });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('CONFIRMATION_REQUIRED');
    }
    expect(
      (
        await s.call('POST', '/v1/confirmations', {
          token: t.admin,
          body: { password: 'wrong', action: 'merchant.rotate-keys' },
        })
      ).status,
    ).toBe(400);
    const other = await confirm(s, t.transactions, 'merchant.rotate-keys');
    expect((await s.call('POST', `/v1/merchants/${id}/rotate-key`, { token: t.admin, headers: other })).status).toBe(
      403,
    );

    const [before] = await s.db.select().from(merchants).where(eq(merchants.id, id));
    const rotated = await s.call('POST', `/v1/merchants/${id}/rotate-key`, {
      token: t.admin,
      headers: await confirm(s, t.admin, 'merchant.rotate-keys'),
    });
    expect(rotated.status).toBe(200);
    const [after] = await s.db.select().from(merchants).where(eq(merchants.id, id));
    expect(after.apiKeyHash).not.toBe(before.apiKeyHash);
    expect(after.apiKeyHash).toBe(hashApiKey(rotated.body.data.apiKey));
    expect(
      (
        await s.call('PUT', `/v1/merchants/${id}/enabled`, {
          token: t.admin,
          headers: await confirm(s, t.admin, 'merchant.toggle'),
          body: { enabled: false },
        })
      ).body.data.enabled,
    ).toBe(false);
    const headers = await confirm(s, t.admin, 'merchant.delete');
    expect((await s.call('DELETE', `/v1/merchants/${id}`, { token: t.admin, headers })).status).toBe(200);
    expect(await s.db.select().from(merchants).where(eq(merchants.id, id))).toHaveLength(0);
  });

  it('refuses to delete a merchant with history', async () => {
    const headers = await confirm(s, t.admin, 'merchant.delete');
    const res = await s.call('DELETE', `/v1/merchants/${await idOf('ACME')}`, { token: t.admin, headers });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/disable it instead/);
  });

  it('filters, sorts and pages on the server', async () => {
    const res = await s.call('GET', '/v1/merchants?sortBy=code&sortOrder=asc&pageSize=2&page=1&enabled=true', {
      token: t.admin,
    });
    expect(res.body.data.map((m: { code: string }) => m.code)).toEqual(['ACME', 'ACME-KIDS']);
    expect(res.body.total).toBeGreaterThanOrEqual(4);
    expect(
      (await s.call('GET', '/v1/merchants?topLevel=true&code=acme', { token: t.admin })).body.data.map((m: any) => [
        m.code,
        m.subMerchantCount,
      ]),
    ).toEqual([['ACME', 1]]);
    expect((await s.call('GET', '/v1/merchants?sortBy=apiKeyHash', { token: t.admin })).status).toBe(400);
    expect((await s.call('GET', '/v1/merchants?pageSize=500', { token: t.admin })).status).toBe(400);
  });

  it('exports CSV on the server with the list filters', async () => {
    const res = await s.call('GET', '/v1/merchants/export?sortBy=code&sortOrder=asc&code=ACME', { token: t.admin });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (res.body as string).trim().split('\n');
    expect(lines[0]).toMatch(/^Code,Name,Parent,Site,Balance/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['ACME', 'ACME-KIDS']);
  });
});

describe('merchants as MERCHANT_ADMIN (own merchant ACME and its sub-merchants)', () => {
  it('sees only its own merchants, by list, id, filter and export', async () => {
    const list = await s.call('GET', '/v1/merchants?pageSize=100', { token: t['merchant-admin'] });
    expect(list.body.data.map((m: { code: string }) => m.code).sort()).toEqual(['ACME', 'ACME-KIDS']);
    expect((await s.call('GET', '/v1/merchants?code=BOLT', { token: t['merchant-admin'] })).body.total).toBe(0);
    expect((await s.call('GET', `/v1/merchants/${await idOf('BOLT')}`, { token: t['merchant-admin'] })).status).toBe(
      404,
    );
    const csv = (await s.call('GET', '/v1/merchants/export', { token: t['merchant-admin'] })).body as string;
    expect(csv).not.toContain('BOLT');
    expect(csv).not.toContain('CRISP');
    const bolt = await s.call('PUT', `/v1/merchants/${await idOf('BOLT')}`, {
      token: t['merchant-admin'],
      body: { ...body('BOLT'), code: undefined },
    });
    expect(bolt.status).toBe(404);
  });

  it('creates sub-merchants under its own merchant only, with the parent limits and fees', async () => {
    // ACME's limits (the demo seed): a merchant admin's sub-merchant takes them (tenant-boundaries.test.ts).
    const acmeTerms = { maxPayin: 100000, maxPayout: 200000 };
    const ok = await s.call('POST', '/v1/merchants', {
      token: t['merchant-admin'],
      body: body('ACME-TOYS', acmeTerms),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.parentCode).toBe('ACME');
    const foreign = await s.call('POST', '/v1/merchants', {
      token: t['merchant-admin'],
      body: body('BOLT-X', { ...acmeTerms, parentCode: 'BOLT' }),
    });
    expect(foreign.status).toBe(403);
    const fees = await s.call('POST', '/v1/merchants', {
      token: t['merchant-admin'],
      body: body('ACME-CHEAP', { ...acmeTerms, payinFeePercent: 0.5 }),
    });
    expect(fees.status).toBe(403);
    expect(fees.body.error.message).toBe('Payin Fee % is set by the gateway: only its staff can change it.');
    const list = await s.call('GET', '/v1/merchants?pageSize=100', { token: t['merchant-admin'] });
    expect(list.body.data.map((m: { code: string }) => m.code).sort()).toEqual(['ACME', 'ACME-KIDS', 'ACME-TOYS']);
  });

  it('may not delete', async () => {
    const headers = await confirm(s, t['merchant-admin'], 'merchant.delete');
    expect(
      (await s.call('DELETE', `/v1/merchants/${await idOf('ACME-TOYS')}`, { token: t['merchant-admin'], headers }))
        .status,
    ).toBe(403);
  });
});

describe('merchants export across batches', () => {
  const BULK = EXPORT_BATCH + 150;
  const codesOf = (csv: string) =>
    csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]);

  beforeAll(async () => {
    // One statement: every generated merchant has the same created_at, so the sort column ties.
    await s.db.execute(sql`
      insert into merchants (code, name, site_url, api_key_hash, api_key_prefix, signing_secret,
        min_payin, max_payin, min_payout, max_payout)
      select 'BULK-' || lpad(n::text, 5, '0'), 'Bulk ' || (n % 7), 'https://bulk.example', 'bulk-hash-' || n,
        'pg_live_bulk', 'secret', 10000, 5000000, 10000, 5000000
      from generate_series(1, ${BULK}) as n`);
  });

  it.each([
    ['createdAt', 'desc', sql`created_at desc, id desc`],
    ['createdAt', 'asc', sql`created_at asc, id asc`],
    ['name', 'asc', sql`name asc, id asc`],
    ['code', 'desc', sql`code desc, id desc`],
  ] as const)('by %s %s returns every row once, in order', async (sortBy, sortOrder, order) => {
    const expected = (await s.db.select({ code: merchants.code }).from(merchants).orderBy(order)).map((r) => r.code);
    expect(expected.length).toBeGreaterThan(EXPORT_BATCH + 100);
    const res = await s.call('GET', `/v1/merchants/export?sortBy=${sortBy}&sortOrder=${sortOrder}`, { token: t.admin });
    expect(res.status).toBe(200);
    const codes = codesOf(res.body as string);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expected);
  });

  it('keeps the filters and the scope on every batch', async () => {
    const bulk = codesOf(
      (await s.call('GET', '/v1/merchants/export?code=BULK-&sortBy=code&sortOrder=asc', { token: t.admin }))
        .body as string,
    );
    expect(bulk).toHaveLength(BULK);
    expect(bulk[0]).toBe('BULK-00001');
    expect(bulk.at(-1)).toBe(`BULK-${String(BULK).padStart(5, '0')}`);
    const own = codesOf((await s.call('GET', '/v1/merchants/export', { token: t['merchant-admin'] })).body as string);
    expect(own.sort()).toEqual(['ACME', 'ACME-KIDS', 'ACME-TOYS']);
  });
});
