import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantApplications, merchants, users } from '../../server/db/schema';
import { startServer, type TestServer } from '../support/server';
import { DEMO_USERS, confirm, signInAll, type DemoUser } from '../support/roles';
import { approvalOf } from '../support/fixtures';

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  s = await startServer();
  t = await signInAll(s);
});
afterAll(() => s?.close());

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

/** An approval: the merchant's code, its first user, and its limits and fees. */

/** Approves as ADMIN, with the password confirmation approval needs. */
const approve = async (id: string, body: ReturnType<typeof approvalOf>) =>
  s.call('POST', `/v1/merchant-applications/${id}/approve`, {
    token: t.admin,
    headers: await confirm(s, t.admin, 'merchant-application.approve'),
    body,
  });

describe('merchant applications', () => {
  it('only ADMIN reviews them', async () => {
    for (const user of DEMO_USERS.filter((u) => u !== 'admin')) {
      expect((await s.call('GET', '/v1/merchant-applications', { token: t[user] })).status).toBe(403);
    }
    expect((await s.call('GET', '/v1/merchant-applications?status=PENDING', { token: t.admin })).status).toBe(200);
  });

  it('approval creates the merchant and its MERCHANT user together, once', async () => {
    const id = (await apply('Shop One')).body.data.id;
    const approval = approvalOf('SHOP1', 'shop-one');
    const [a, b] = await Promise.all([
      approve(id, approval),
      approve(id, { ...approval, code: 'SHOP1B', userName: 'shop-one-b' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    expect(ok.body.data.merchant.apiKey).toMatch(/^pg_/);
    const [merchant] = await s.db.select().from(merchants).where(eq(merchants.code, ok.body.data.merchant.code));
    expect(merchant.name).toBe('Shop One');
    const [user] = await s.db.select().from(users).where(eq(users.userName, ok.body.data.userName));
    expect(user).toMatchObject({ role: 'MERCHANT', merchantCodes: [merchant.code], fullName: 'Ravi Kumar' });
    const signIn = await s.call('POST', '/v1/login', {
      body: { userName: ok.body.data.userName, password: 'Welcome-12345' },
    });
    expect(signIn.status).toBe(200);
  });

  it('a failed approval (taken code) leaves the application pending and writes nothing', async () => {
    const id = (await apply('Shop Two')).body.data.id;
    const before = (await s.db.select({ n: count() }).from(users))[0].n;
    const res = await approve(id, approvalOf('ACME', 'shop-two'));
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
  it('filters by one status or a comma list of them, in the list and the export', async () => {
    await apply('Shop Four');
    const names = async (query: string) => {
      const res = await s.call(
        'GET',
        `/v1/merchant-applications?pageSize=100&sortBy=businessName&sortOrder=asc&${query}`,
        {
          token: t.admin,
        },
      );
      expect(res.status).toBe(200);
      return res.body.data.map((a: { businessName: string; status: string }) => `${a.businessName}:${a.status}`);
    };
    expect(await names('status=PENDING')).toEqual(['Shop Four:PENDING', 'Shop Two:PENDING']);
    expect(await names('status=APPROVED')).toEqual(['Shop One:APPROVED']);
    expect(await names('status=PENDING,REJECTED')).toEqual([
      'Shop Four:PENDING',
      'Shop Three:REJECTED',
      'Shop Two:PENDING',
    ]);
    expect(await names('status=REJECTED,APPROVED,PENDING')).toHaveLength(4);
    const bad = await s.call('GET', '/v1/merchant-applications?status=PENDING,LOST', { token: t.admin });
    expect(bad.status).toBe(400);
    const csv = (
      await s.call(
        'GET',
        '/v1/merchant-applications/export?status=APPROVED,REJECTED&sortBy=businessName&sortOrder=asc',
        {
          token: t.admin,
        },
      )
    ).body as string;
    expect(
      csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['Shop One', 'Shop Three']);
  });
});

// Last: it approves an application that the status filters above do not expect.
describe('concurrent review', () => {
  it('two approvals that meet on the locked row: exactly one wins, the other gets 409', async () => {
    const id = (await apply('Shop Locked')).body.data.id;
    let calls: Promise<{ status: number; body: any }>[] = [];
    // Hold the application's row while both requests arrive, so that they truly run at once:
    // both must be seen waiting on the lock before it is let go.
    await s.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM merchant_applications WHERE id = ${id} FOR UPDATE`);
      calls = ['LOCKA', 'LOCKB'].map((code) => approve(id, approvalOf(code)));
      for (let waiting = 0; waiting < 2; ) {
        const { rows } = await s.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        waiting = rows[0].n;
      }
    });
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('ALREADY_REVIEWED');
    const made = await s.db
      .select({ code: merchants.code })
      .from(merchants)
      .where(inArray(merchants.code, ['LOCKA', 'LOCKB']));
    expect(made).toHaveLength(1);
  });
});
