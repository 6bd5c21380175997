import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { EXPORT_BATCH } from '../../server/services/common/csv';
import { startServer, type TestServer } from '../support/server';
import { DEMO_USERS, confirm, signInAll, type DemoUser } from '../support/roles';

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  s = await startServer();
  t = await signInAll(s);
});
afterAll(() => s?.close());

const body = (userName: string, role: string, extra: Record<string, unknown> = {}) => ({
  fullName: `Person ${userName}`,
  userName,
  password: 'Secret-pass-123',
  role,
  ...extra,
});
const userCount = async () => (await s.db.select({ n: count() }).from(users))[0].n;
const create = (by: DemoUser, b: Record<string, unknown>) => s.call('POST', '/v1/users', { token: t[by], body: b });
const names = (res: { body: any }) => res.body.data.map((u: { userName: string }) => u.userName).sort();
const idOf = async (userName: string) =>
  (await s.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0].id;

describe('who may use /v1/users', () => {
  const readers: DemoUser[] = ['admin', 'transactions', 'merchant', 'merchant-admin', 'vendor'];
  it.each(DEMO_USERS.map((u) => [u, readers.includes(u) ? 200 : 403] as const))(
    'list as %s → %i',
    async (user, status) => {
      expect((await s.call('GET', '/v1/users', { token: t[user] })).status).toBe(status);
    },
  );
});

describe('creating users follows SPEC §6 sub-role choices, on the server', () => {
  it.each([
    ['admin', 'MERCHANT', { merchantCodes: ['BOLT'] }, 201],
    ['admin', 'TRANSACTIONS', {}, 201],
    ['admin', 'OPERATIONS', {}, 201],
    ['admin', 'VENDOR', { vendorCode: 'VEN-BETA' }, 201],
    ['admin', 'MERCHANT_ADMIN', { merchantCodes: ['CRISP'] }, 201],
    ['admin', 'ADMIN', {}, 403],
    ['admin', 'MERCHANT_OPERATIONS', { merchantCodes: ['BOLT'] }, 403],
    ['vendor', 'VENDOR_OPERATIONS', {}, 201],
    ['vendor', 'VENDOR', {}, 403],
    ['vendor', 'MERCHANT', { merchantCodes: ['BOLT'] }, 403],
    ['merchant', 'MERCHANT_OPERATIONS', { merchantCodes: ['BOLT'] }, 201],
    ['merchant', 'MERCHANT', { merchantCodes: ['BOLT'] }, 403],
    ['merchant', 'MERCHANT_OPERATIONS', { merchantCodes: ['ACME'] }, 403],
    ['merchant-admin', 'MERCHANT', { merchantCodes: ['ACME-KIDS'] }, 201],
    ['merchant-admin', 'MERCHANT_OPERATIONS', { merchantCodes: ['ACME'] }, 201],
    ['merchant-admin', 'MERCHANT_ADMIN', { merchantCodes: ['ACME'] }, 403],
    ['merchant-admin', 'MERCHANT', { merchantCodes: ['BOLT'] }, 403],
    ['transactions', 'OPERATIONS', {}, 201],
    ['transactions', 'TRANSACTIONS', {}, 403],
    ['transactions', 'MERCHANT_ADMIN', { merchantCodes: ['BOLT'] }, 201],
  ] as const)('%s creating %s %j → %i', async (by, role, extra, status) => {
    const before = await userCount();
    const userName = `u-${by}-${role}-${Object.values(extra).join('')}`.toLowerCase().slice(0, 45);
    const res = await create(by, body(userName, role, extra));
    expect(res.status).toBe(status);
    expect(await userCount()).toBe(status === 201 ? before + 1 : before);
  });

  it('fixes a vendor creator’s vendor code to its own, whatever it sends', async () => {
    const res = await create('vendor', body('vops-forced', 'VENDOR_OPERATIONS', { vendorCode: 'VEN-BETA' }));
    expect(res.status).toBe(201);
    expect(res.body.data.vendorCode).toBe('VEN-ALPHA');
  });

  it.each([
    [body('xx1', 'MERCHANT', {}), 'Merchant Code is Required!'],
    [body('xx2', 'VENDOR', {}), 'Vendor Code is Required!'],
    [body('xx3', 'MERCHANT', { merchantCodes: ['GHOST'] }), 'Unknown merchant GHOST'],
    [body('xx4', 'OPERATIONS', { password: 'short' }), 'Password must be at least 12 characters'],
    [body('a b', 'OPERATIONS'), 'userName must be 3–50 letters'],
    [body('xx5', 'NOBODY'), 'role'],
    [{ ...body('xx6', 'OPERATIONS'), fullName: '  ' }, 'fullName is Required!'],
  ])('refuses bad input %j with a clear message', async (b, message) => {
    const before = await userCount();
    const res = await create('admin', b);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('gives one 201 and one 409 to two simultaneous creates of one user name', async () => {
    const results = await Promise.all([1, 2].map(() => create('admin', body('same-name', 'OPERATIONS'))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('scoping of users', () => {
  it('shows merchant users only the users of their merchants, vendor users only their vendor’s', async () => {
    const merchantSees = names(await s.call('GET', '/v1/users?pageSize=100', { token: t.merchant }));
    expect(merchantSees).toContain('merchant-operations');
    expect(merchantSees).not.toContain('merchant-admin');
    expect(merchantSees).not.toContain('admin');
    const adminSees = names(await s.call('GET', '/v1/users?pageSize=100', { token: t['merchant-admin'] }));
    expect(adminSees).toContain('merchant-admin');
    expect(adminSees).not.toContain('merchant');
    const vendorSees = names(await s.call('GET', '/v1/users?pageSize=100', { token: t.vendor }));
    expect(vendorSees).toEqual(expect.arrayContaining(['vendor', 'vendor-operations']));
    expect(vendorSees.every((n: string) => !n.startsWith('merchant') && n !== 'admin')).toBe(true);
    expect((await s.call('GET', `/v1/users/${await idOf('admin')}`, { token: t.vendor })).status).toBe(404);
    const csv = (await s.call('GET', '/v1/users/export', { token: t.merchant })).body as string;
    expect(csv).not.toContain('merchant-admin');
    expect((await s.call('GET', '/v1/users?role=ADMIN', { token: t.merchant })).body.total).toBe(0);
  });

  it('refuses changes to users outside the caller’s reach', async () => {
    const headers = await confirm(s, t.merchant, 'user.toggle');
    const other = await s.call('PUT', `/v1/users/${await idOf('merchant-admin')}/enabled`, {
      token: t.merchant,
      headers,
      body: { enabled: false },
    });
    expect(other.status).toBe(404);
    const self = await s.call('PUT', `/v1/users/${await idOf('merchant')}/enabled`, {
      token: t.merchant,
      headers,
      body: { enabled: false },
    });
    expect(self.status).toBe(403);
  });
});

describe('enable, disable and reset', () => {
  it('disabling a user (password-confirmed) ends its sessions; an admin reset sets a new password', async () => {
    const victim = await s.login('operations');
    const id = await idOf('operations');
    expect((await s.call('PUT', `/v1/users/${id}/enabled`, { token: t.admin, body: { enabled: false } })).status).toBe(
      403,
    );
    const headers = await confirm(s, t.admin, 'user.toggle');
    const res = await s.call('PUT', `/v1/users/${id}/enabled`, { token: t.admin, headers, body: { enabled: false } });
    expect(res.body.data.enabled).toBe(false);
    expect((await s.call('GET', '/v1/me', { token: victim })).status).toBe(401);
    expect(
      (await s.call('POST', '/v1/login', { body: { userName: 'operations', password: 'Demo@1234' } })).status,
    ).toBe(403);
    const enabled = await s.call('PUT', `/v1/users/${id}/enabled`, {
      token: t.admin,
      headers: await confirm(s, t.admin, 'user.toggle'),
      body: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    const reset = await s.call('POST', `/v1/users/${id}/reset-password`, {
      token: t.admin,
      headers: await confirm(s, t.admin, 'user.reset-password'),
      body: { password: 'Brand-new-pass-9' },
    });
    expect(reset.status).toBe(200);
    expect(
      (
        await s.call('POST', '/v1/login', {
          body: { userName: 'operations', password: 'Brand-new-pass-9', override: true },
        })
      ).status,
    ).toBe(200);
  });

  it('edits codes within the caller’s merchants only', async () => {
    const id = await idOf('merchant-operations');
    const ok = await s.call('PUT', `/v1/users/${id}`, {
      token: t.merchant,
      body: { fullName: 'Maya M.', role: 'MERCHANT_OPERATIONS', merchantCodes: ['BOLT'] },
    });
    expect(ok.status).toBe(200);
    const widen = await s.call('PUT', `/v1/users/${id}`, {
      token: t.merchant,
      body: { fullName: 'Maya M.', role: 'MERCHANT_OPERATIONS', merchantCodes: ['BOLT', 'CRISP'] },
    });
    expect(widen.status).toBe(403);
    const [row] = await s.db.select().from(users).where(eq(users.id, id));
    expect(row.merchantCodes).toEqual(['BOLT']);
  });
});

describe('the role filter', () => {
  const roles = async (query: string) =>
    (await s.call('GET', `/v1/users?pageSize=100&${query}`, { token: t.admin })).body.data.map(
      (u: { role: string }) => u.role,
    );

  it('takes one role or a comma-joined list, and refuses a role that does not exist', async () => {
    expect(new Set(await roles('role=MERCHANT'))).toEqual(new Set(['MERCHANT']));
    expect(new Set(await roles('role=MERCHANT,MERCHANT_ADMIN'))).toEqual(new Set(['MERCHANT', 'MERCHANT_ADMIN']));
    const names = (
      await s.call('GET', '/v1/users?pageSize=100&role=MERCHANT,MERCHANT_ADMIN', { token: t.admin })
    ).body.data.map((u: { userName: string }) => u.userName);
    expect(names).toEqual(expect.arrayContaining(['merchant', 'merchant-admin']));
    expect(names).not.toContain('merchant-operations');
    expect((await s.call('GET', '/v1/users?role=MERCHANT,NOBODY', { token: t.admin })).status).toBe(400);
  });
});

describe('exporting many users', () => {
  const TOTAL = 2500;
  const userNamesOf = (csv: string) =>
    csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
  const expected = async (order: string) =>
    (
      (await s.db.execute(
        sql.raw(`select user_name from users where user_name like 'bulk-%' order by ${order}`),
      )) as any
    ).rows.map((r: any) => r.user_name);

  it('walks past one batch by key, with ties on the sort column, every row once and in order', async () => {
    expect(TOTAL).toBeGreaterThan(EXPORT_BATCH);
    await s.db.execute(sql`
      insert into users (full_name, user_name, password_hash, role, created_at, last_login_at)
      select 'Bulk ' || g, 'bulk-' || lpad(g::text, 5, '0'), 'x', 'OPERATIONS',
        timestamptz '2020-01-01T00:00:00Z' + (g % 3) * interval '1 second',
        case when g % 2 = 0 then null else timestamptz '2021-01-01T00:00:00Z' + (g % 5) * interval '1 minute' end
      from generate_series(1, ${TOTAL}) g`);
    const byCreated = userNamesOf(
      (await s.call('GET', '/v1/users/export?q=bulk-&sortBy=createdAt&sortOrder=asc', { token: t.admin })).body,
    );
    expect(byCreated).toHaveLength(TOTAL);
    expect(new Set(byCreated).size).toBe(TOTAL);
    expect(byCreated).toEqual(await expected('created_at asc, id asc'));
    const byLogin = userNamesOf(
      (await s.call('GET', '/v1/users/export?q=bulk-&sortBy=lastLoginAt&sortOrder=desc', { token: t.admin })).body,
    );
    expect(byLogin).toHaveLength(TOTAL);
    expect(new Set(byLogin).size).toBe(TOTAL);
    expect(byLogin).toEqual(await expected('last_login_at desc nulls first, id desc'));
  });
});
