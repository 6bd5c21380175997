import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, merchantApplications, merchants, users, vendors } from '../../server/db/schema';
import { startServer, type TestServer } from '../support/server';
import { DEMO_USERS, confirm, signInAll, type DemoUser } from '../support/roles';

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  s = await startServer();
  t = await signInAll(s);
});
afterAll(() => s?.close());

describe('vendors', () => {
  const readers: DemoUser[] = ['admin', 'transactions'];
  it.each(DEMO_USERS.map((u) => [u, readers.includes(u) ? 200 : 403] as const))(
    'list as %s → %i',
    async (user, status) => {
      expect((await s.call('GET', '/v1/vendors', { token: t[user] })).status).toBe(status);
    },
  );

  it('ADMIN creates and edits; TRANSACTIONS may only read', async () => {
    const created = await s.call('POST', '/v1/vendors', {
      token: t.admin,
      body: { code: 'ven-gamma', name: 'Gamma', payinCommissionPercent: 1.25, payoutCommissionPercent: 0.5 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ code: 'VEN-GAMMA', createdBy: 'admin', payinCommissionPercent: 1.25 });
    const [row] = await s.db.select().from(vendors).where(eq(vendors.code, 'VEN-GAMMA'));
    expect(row.payinCommissionBps).toBe(125);
    expect(
      (
        await s.call('POST', '/v1/vendors', {
          token: t.transactions,
          body: { code: 'VEN-X', name: 'X', payinCommissionPercent: 1, payoutCommissionPercent: 1 },
        })
      ).status,
    ).toBe(403);
    const dup = await s.call('POST', '/v1/vendors', {
      token: t.admin,
      body: { code: 'VEN-GAMMA', name: 'G', payinCommissionPercent: 1, payoutCommissionPercent: 1 },
    });
    expect(dup.status).toBe(409);
    const bad = await s.call('POST', '/v1/vendors', {
      token: t.admin,
      body: { code: 'VEN-BAD', name: 'G', payinCommissionPercent: 1.001, payoutCommissionPercent: 1 },
    });
    expect(bad.status).toBe(400);
    const edited = await s.call('PUT', `/v1/vendors/${row.id}`, {
      token: t.admin,
      body: { name: 'Gamma Pay', payinCommissionPercent: 2, payoutCommissionPercent: 1 },
    });
    expect(edited.body.data.name).toBe('Gamma Pay');
    const off = await s.call('PUT', `/v1/vendors/${row.id}/enabled`, {
      token: t.admin,
      headers: await confirm(s, t.admin),
      body: { enabled: false },
    });
    expect(off.body.data.enabled).toBe(false);
    const csv = (await s.call('GET', '/v1/vendors/export?sortBy=code&sortOrder=asc', { token: t.transactions }))
      .body as string;
    expect(csv.split('\n')[0]).toBe('Code,Name,Payin Commission %,Payout Commission %,Enabled,Created By,Created At');
    expect(csv).toContain('VEN-GAMMA,Gamma Pay,2,1,No,admin,');
  });
});

describe('merchant applications', () => {
  const apply = (businessName: string) =>
    s.call('POST', '/v1/on-boarding', {
      body: {
        businessName,
        contactName: 'Ravi Kumar',
        email: 'ravi@shop.example',
        phone: '9876543210',
        website: 'https://shop.example',
        expectedMonthlyVolume: 100000,
      },
    });

  it('only ADMIN reviews them', async () => {
    for (const user of DEMO_USERS.filter((u) => u !== 'admin')) {
      expect((await s.call('GET', '/v1/merchant-applications', { token: t[user] })).status).toBe(403);
    }
    expect((await s.call('GET', '/v1/merchant-applications?status=PENDING', { token: t.admin })).status).toBe(200);
  });

  it('approval creates the merchant and its MERCHANT user together, once', async () => {
    const id = (await apply('Shop One')).body.data.id;
    const approval = {
      code: 'SHOP1',
      userName: 'shop-one',
      password: 'Welcome123',
      minPayin: 100,
      maxPayin: 10000,
      payinFeePercent: 2,
      minPayout: 100,
      maxPayout: 10000,
      payoutFeePercent: 1,
    };
    const [a, b] = await Promise.all([
      s.call('POST', `/v1/merchant-applications/${id}/approve`, { token: t.admin, body: approval }),
      s.call('POST', `/v1/merchant-applications/${id}/approve`, {
        token: t.admin,
        body: { ...approval, code: 'SHOP1B', userName: 'shop-one-b' },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    expect(ok.body.data.merchant.apiKey).toMatch(/^pg_/);
    const [merchant] = await s.db.select().from(merchants).where(eq(merchants.code, ok.body.data.merchant.code));
    expect(merchant.name).toBe('Shop One');
    const [user] = await s.db.select().from(users).where(eq(users.userName, ok.body.data.userName));
    expect(user).toMatchObject({ role: 'MERCHANT', merchantCodes: [merchant.code], fullName: 'Ravi Kumar' });
    const signIn = await s.call('POST', '/v1/login', {
      body: { userName: ok.body.data.userName, password: 'Welcome123' },
    });
    expect(signIn.status).toBe(200);
  });

  it('a failed approval (taken code) leaves the application pending and writes nothing', async () => {
    const id = (await apply('Shop Two')).body.data.id;
    const before = (await s.db.select({ n: count() }).from(users))[0].n;
    const res = await s.call('POST', `/v1/merchant-applications/${id}/approve`, {
      token: t.admin,
      body: {
        code: 'ACME',
        userName: 'shop-two',
        password: 'Welcome123',
        minPayin: 100,
        maxPayin: 10000,
        payinFeePercent: 2,
        minPayout: 100,
        maxPayout: 10000,
        payoutFeePercent: 1,
      },
    });
    expect(res.status).toBe(409);
    const [row] = await s.db.select().from(merchantApplications).where(eq(merchantApplications.id, id));
    expect(row.status).toBe('PENDING');
    expect((await s.db.select({ n: count() }).from(users))[0].n).toBe(before);
  });

  it('rejection needs a reason', async () => {
    const id = (await apply('Shop Three')).body.data.id;
    expect(
      (await s.call('POST', `/v1/merchant-applications/${id}/reject`, { token: t.admin, body: { reason: ' ' } }))
        .status,
    ).toBe(400);
    const res = await s.call('POST', `/v1/merchant-applications/${id}/reject`, {
      token: t.admin,
      body: { reason: 'Incomplete KYC' },
    });
    expect(res.body.data).toMatchObject({ status: 'REJECTED', reason: 'Incomplete KYC' });
  });
});

describe('audit log', () => {
  it('is ADMIN-only, filterable, and never holds secrets', async () => {
    expect((await s.call('GET', '/v1/audit-events', { token: t.transactions })).status).toBe(403);
    const res = await s.call('GET', '/v1/audit-events?entity=merchants&action=create&pageSize=100', { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(
      res.body.data.every((e: { entity: string; action: string }) => e.entity === 'merchants' && e.action === 'create'),
    ).toBe(true);
    const all = await s.db.select().from(auditEvents);
    expect(JSON.stringify(all)).not.toMatch(/pg_live_|pg_test_|scrypt\$/);
    const one = await s.call('GET', `/v1/audit-events/${res.body.data[0].id}`, { token: t.admin });
    expect(one.body.data.id).toBe(res.body.data[0].id);
    expect((await s.call('GET', '/v1/audit-events/abc', { token: t.admin })).status).toBe(400);
    const signIns = await s.call('GET', '/v1/audit-events?action=sign-in&actorName=vendor', { token: t.admin });
    expect(signIns.body.total).toBeGreaterThan(0);
  });
});
