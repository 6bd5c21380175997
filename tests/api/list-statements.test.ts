import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDeposits } from '../../server/demo/seed-deposits';
import { seedDemoPayouts } from '../../server/demo/seed-payouts';
import type { SessionUser } from '../../server/services/common/session-user';
import { listPayins } from '../../server/services/payins/payins-list';
import { listPayouts } from '../../server/services/payouts/payouts-list';
import { demoServerPerFile } from '../support/server';

/**
 * Issue 15, item 2: a Deposit or Withdrawal list's statement is built once per shape (sort, filters present,
 * scope) and reused with each request's values as placeholders. Every value must be the request's
 * own: a filter, the page, and above all the caller's scope.
 */
const demo = demoServerPerFile();
beforeAll(async () => {
  await seedDemoDeposits(demo.s.db, { callbackBase: demo.s.url });
  await seedDemoPayouts(demo.s.db, { callbackBase: demo.s.url });
}, 120_000);
const page = (p: Partial<{ page: number; pageSize: number; sortOrder: 'asc' | 'desc' }> = {}) => ({
  page: 1,
  pageSize: 25,
  sortBy: 'createdAt' as const,
  sortOrder: 'desc' as const,
  ...p,
});
const user = (role: SessionUser['role'], scope: Partial<SessionUser> = {}): SessionUser => ({
  id: '00000000-0000-4000-8000-000000000000',
  userName: role.toLowerCase(),
  role,
  merchantCodes: [],
  vendorCode: null,
  sessionId: '',
  ...scope,
});
const admin = user('ADMIN');
const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await demo.s.db.execute(query)).rows as T[];

describe('a list statement kept per shape', () => {
  it('answers each request with its own filter values, one after another in the same shape', async () => {
    const paid = await rowsOf<{ id: string; utr: string; order: string }>(sql`
      SELECT id, utr, merchant_order_id AS order FROM payins WHERE utr IS NOT NULL ORDER BY created_at DESC LIMIT 6`);
    expect(paid.length).toBeGreaterThanOrEqual(3);
    for (const p of [...paid, ...paid.reverse()]) {
      const byUtr = await listPayins(demo.s.db, admin, { utr: p.utr }, page());
      expect(byUtr.data.map((r) => r.id)).toContain(p.id);
      expect(byUtr.data.every((r) => r.utr === p.utr || r.submittedUtr === p.utr)).toBe(true);
      const byOrder = await listPayins(demo.s.db, admin, { merchantOrderId: p.order }, page());
      expect(byOrder.data.map((r) => r.id)).toEqual([p.id]);
    }
  });

  it('holds each merchant and vendor to its own rows, the scope a value of the same statement', async () => {
    const counts = await rowsOf<{ code: string; n: number }>(sql`
      SELECT merchant_code AS code, count(*)::int AS n FROM payins GROUP BY 1 ORDER BY 2 DESC LIMIT 3`);
    expect(counts.length).toBeGreaterThanOrEqual(2);
    for (const c of [...counts, ...counts]) {
      const list = await listPayins(demo.s.db, user('MERCHANT', { merchantCodes: [c.code] }), {}, page());
      expect(list.data.every((r) => r.merchantCode === c.code)).toBe(true);
      expect(list.total).toBe(Math.min(c.n, 1_000));
    }
    for (const vendor of ['VEN-ALPHA', 'VEN-BETA', 'VEN-ALPHA']) {
      const [{ n }] = await rowsOf<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM payins WHERE vendor_code = ${vendor}`,
      );
      const list = await listPayins(demo.s.db, user('VENDOR', { vendorCode: vendor }), {}, page({ pageSize: 100 }));
      expect(list.total).toBe(Math.min(n, 1_000));
      const ids = list.data.map((r) => r.id);
      const theirs = await rowsOf<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM payins WHERE id = ANY(${sql.param(ids)}::uuid[]) AND vendor_code = ${vendor}`,
      );
      expect(theirs[0].n).toBe(ids.length);
    }
    // A merchant user with no merchant sees nothing, in the same shape as one with a merchant.
    const none = await listPayins(demo.s.db, user('MERCHANT'), {}, page());
    expect(none).toMatchObject({ data: [], total: 0 });
  });

  it('takes each page, size and order of the request, and counts a page past the end with its values', async () => {
    const [{ code }] = await rowsOf<{ code: string }>(
      sql`SELECT merchant_code AS code FROM payins GROUP BY 1 HAVING count(*) >= 3 LIMIT 1`,
    );
    const all = await rowsOf<{ id: string }>(
      sql`SELECT id FROM payins WHERE merchant_code = ${code} ORDER BY created_at DESC, id DESC`,
    );
    const f = { merchantCode: [code] };
    const newest = await listPayins(demo.s.db, admin, f, page({ pageSize: 1 }));
    const second = await listPayins(demo.s.db, admin, f, page({ page: 2, pageSize: 1 }));
    const oldest = await listPayins(demo.s.db, admin, f, page({ pageSize: 1, sortOrder: 'asc' }));
    expect([newest.data[0].id, second.data[0].id, oldest.data[0].id]).toEqual([all[0].id, all[1].id, all.at(-1)!.id]);
    const past = await listPayins(demo.s.db, admin, f, page({ page: 1_000, pageSize: 100 }));
    expect(past).toMatchObject({ data: [], total: Math.min(all.length, 1_000) });
  });

  it('writes each page size into its own statement: pages of 3 and of 7, taken in turn, walk the same rows', async () => {
    const all = await rowsOf<{ id: string }>(sql`SELECT id FROM payins ORDER BY created_at DESC, id DESC LIMIT 21`);
    expect(all).toHaveLength(21);
    const want = all.map((r) => r.id);
    const walked: Record<number, string[]> = { 3: [], 7: [] };
    for (let n = 1; n <= 7; n++) {
      for (const size of n <= 3 ? [3, 7] : [3]) {
        const list = await listPayins(demo.s.db, admin, {}, page({ page: n, pageSize: size }));
        expect(list.data).toHaveLength(size);
        walked[size].push(...list.data.map((r) => r.id));
      }
    }
    expect(walked[3]).toEqual(want);
    expect(walked[7]).toEqual(want);
    const [paid] = await rowsOf<{ id: string }>(
      sql`SELECT id FROM payouts ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET 4`,
    );
    const fifth = await listPayouts(demo.s.db, admin, {}, page({ page: 5, pageSize: 1 }));
    const firstFive = await listPayouts(demo.s.db, admin, {}, page({ pageSize: 5 }));
    expect([fifth.data[0].id, firstFive.data[4].id]).toEqual([paid.id, paid.id]);
  });

  it('keeps shapes apart: a status filter, an amount and IST days each narrow the rows', async () => {
    const [p] = await rowsOf<{ id: string; status: string; amount: string; day: string }>(sql`
      SELECT id, status, amount, to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day
      FROM payins ORDER BY created_at DESC LIMIT 1`);
    const rupees = Number(p.amount) / 100;
    const shaped = [
      { status: [p.status as never] },
      { amount: rupees },
      { from: p.day, to: p.day },
      { status: [p.status as never], amount: rupees, from: p.day, to: p.day },
    ];
    for (const f of shaped) {
      const list = await listPayins(demo.s.db, admin, f, page({ pageSize: 100 }));
      expect(list.data.map((r) => r.id)).toContain(p.id);
      for (const r of list.data) {
        if (f.status) expect(r.status).toBe(p.status);
        if (f.amount !== undefined) expect(r.amount).toBe(rupees);
      }
    }
    const other = await listPayins(demo.s.db, admin, { status: ['DUPLICATE'], amount: 0.01 }, page());
    expect(other.data.map((r) => r.id)).not.toContain(p.id);
  });
});

describe('the Withdrawal list kept per shape', () => {
  it("holds each merchant and vendor to its own pay-outs, and each filter value is the request's", async () => {
    const counts = await rowsOf<{ code: string; n: number }>(sql`
      SELECT merchant_code AS code, count(*)::int AS n FROM payouts GROUP BY 1 ORDER BY 2 DESC LIMIT 3`);
    expect(counts.length).toBeGreaterThanOrEqual(2);
    for (const c of [...counts, ...counts]) {
      const list = await listPayouts(demo.s.db, user('MERCHANT', { merchantCodes: [c.code] }), {}, page());
      expect(list.data.every((r) => r.merchantCode === c.code)).toBe(true);
      expect(list.total).toBe(Math.min(c.n, 1_000));
    }
    const vendors = await rowsOf<{ code: string; n: number }>(sql`
      SELECT vendor_code AS code, count(*)::int AS n FROM payouts WHERE vendor_code IS NOT NULL GROUP BY 1`);
    expect(vendors.length).toBeGreaterThanOrEqual(1);
    for (const v of [...vendors, ...vendors]) {
      const list = await listPayouts(demo.s.db, user('VENDOR', { vendorCode: v.code }), {}, page({ pageSize: 100 }));
      expect(list.total).toBe(Math.min(v.n, 1_000));
      expect(list.data.every((r) => r.vendorCode === v.code)).toBe(true);
    }
    const some = await rowsOf<{ id: string; order: string; status: string }>(sql`
      SELECT id, merchant_order_id AS order, status FROM payouts ORDER BY created_at DESC LIMIT 4`);
    for (const p of [...some, ...some.reverse()]) {
      const byOrder = await listPayouts(demo.s.db, admin, { merchantOrderId: p.order }, page());
      expect(byOrder.data.map((r) => r.id)).toEqual([p.id]);
      const byStatus = await listPayouts(demo.s.db, admin, { status: [p.status as never] }, page({ pageSize: 100 }));
      expect(byStatus.data.every((r) => r.status === p.status)).toBe(true);
    }
  });
});
