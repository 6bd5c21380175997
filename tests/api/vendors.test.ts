import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '../../server/db/schema';
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
      headers: await confirm(s, t.admin, 'vendor.toggle'),
      body: { enabled: false },
    });
    expect(off.body.data.enabled).toBe(false);
    const csv = (await s.call('GET', '/v1/vendors/export?sortBy=code&sortOrder=asc', { token: t.transactions }))
      .body as string;
    expect(csv.split('\n')[0]).toBe(
      'Code,Name,Payin Commission %,Payout Commission %,Balance,Unmatched,Enabled,Created By,Created At (IST)',
    );
    // Rupees with two decimals and the time in IST, as every export writes them.
    expect(csv).toMatch(/VEN-GAMMA,Gamma Pay,2,1,0\.00,0\.00,No,admin,\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d/);
  });
});
