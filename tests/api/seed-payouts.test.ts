import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDeposits } from '../../server/demo/seed-deposits';
import { DEMO_PAYOUTS, seedDemoPayouts } from '../../server/demo/seed-payouts';
import { checkerRequests, payouts, vendors } from '../../server/db/schema';
import { DEFAULT_CHECKER_THRESHOLD_PAISE, PAYOUT_REJECTION_REASONS, PAYOUT_STATUSES } from '../../domain/payout';
import { startServer, type TestServer } from '../support/server';
import { ledgerHolds, payoutProblems } from '../support/deposits';

/** Issue 11, item 9: the demo's pay-outs, made through the services after the demo deposits. */
let s: TestServer;
let rows: (typeof payouts.$inferSelect)[];
/** The maker's requests waiting on the demo pay-outs, by pay-out id. */
let requests: Map<string, typeof checkerRequests.$inferSelect>;
let seconds = 0;

beforeAll(async () => {
  s = await startServer();
  await seedDemoDeposits(s.db, { callbackBase: s.url });
  const started = Date.now();
  expect(await seedDemoPayouts(s.db, { callbackBase: s.url })).toBe(true);
  seconds = (Date.now() - started) / 1000;
  rows = await s.db.select().from(payouts).orderBy(asc(payouts.merchantOrderId));
  const waiting = await s.db.select().from(checkerRequests).where(eq(checkerRequests.entity, 'payouts'));
  requests = new Map(waiting.map((r) => [r.entityId, r]));
}, 120_000);
afterAll(() => s?.close());

const STATUS_OF = (fate: (typeof DEMO_PAYOUTS)[number][3]) => {
  if (fate.to === 'paid') return 'SUCCESS';
  if (fate.to === 'rejected') return fate.reset ? 'INITIATED' : 'REJECTED';
  if (fate.to === 'dropped') return 'DROPPED';
  if (fate.to === 'reversed') return fate.checked ? 'REVERSED' : 'SUCCESS';
  return 'INITIATED';
};

const audits = async (id: string) =>
  (
    await s.db.execute<{ action: string; actor_name: string }>(
      sql`SELECT action, actor_name FROM audit_events WHERE entity = 'payouts' AND entity_id = ${id} ORDER BY at, id`,
    )
  ).rows.map((e) => `${e.action} by ${e.actor_name}`);

describe('the demo pay-outs', () => {
  it('exist in every status, each as its fate in the table says, in a few seconds', () => {
    expect(rows).toHaveLength(DEMO_PAYOUTS.length);
    const statuses = DEMO_PAYOUTS.map(([code, , , fate], i) => {
      const row = rows.find((r) => r.merchantOrderId === `DEMO-WD-${code}-${String(i + 1).padStart(3, '0')}`);
      return `${i + 1} ${fate.to} ${row?.status}`;
    });
    expect(statuses).toEqual(DEMO_PAYOUTS.map(([, , , fate], i) => `${i + 1} ${fate.to} ${STATUS_OF(fate)}`));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(PAYOUT_STATUSES));
    const waiting = rows.filter((r) => r.status === 'INITIATED');
    expect(waiting.filter((r) => r.vendorCode === null && !requests.has(r.id)).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.upiId !== null).length).toBeGreaterThanOrEqual(3);
    for (const r of rows.filter((r) => r.status === 'SUCCESS' || r.status === 'REVERSED'))
      expect(r).toMatchObject({
        method: 'manual',
        utr: expect.stringMatching(/^\d{12}$/),
        bankAccountId: expect.any(String),
      });
    expect(seconds).toBeLessThan(10);
  });

  it('give each demo vendor waiting pay-outs, and the vendor user sees its own', async () => {
    const codes = (await s.db.select({ code: vendors.code }).from(vendors)).map((v) => v.code).sort();
    expect(codes).toEqual(['VEN-ALPHA', 'VEN-BETA']);
    for (const code of codes)
      expect(rows.filter((r) => r.status === 'INITIATED' && r.vendorCode === code).length, code).toBeGreaterThan(1);
    const token = await s.login('vendor');
    const seen = await s.call('GET', '/v1/payouts?pageSize=100&status=INITIATED', { token });
    expect(seen.body.data.length).toBeGreaterThan(1);
    expect(seen.body.data.every((p: { vendorCode: string }) => p.vendorCode === 'VEN-ALPHA')).toBe(true);
    // The vendor's own user paid one of its pay-outs, from its own pay-out account.
    const byVendor = rows.find((r) => r.status === 'SUCCESS' && r.vendorCode === 'VEN-ALPHA')!;
    expect(await audits(byVendor.id)).toContain('approve by vendor');
  });

  it("are rejected for each of SPEC §8's reasons, Other with its text, and one was reset", async () => {
    const reasons = rows.filter((r) => r.status === 'REJECTED').map((r) => r.reason);
    for (const reason of PAYOUT_REJECTION_REASONS.filter((r) => r !== 'Other')) expect(reasons).toContain(reason);
    expect(reasons).toContain('Other: Beneficiary name does not match the account');
    const reset = rows.find((r) => r.status === 'INITIATED' && r.version > 1)!;
    expect(await audits(reset.id)).toEqual([
      'create by merchant-api:ACME-KIDS',
      'reject by operations',
      'reset by admin',
    ]);
  });

  it('reverse with a maker and another checker, and await checkers above the threshold', async () => {
    for (const r of rows.filter((r) => r.status === 'REVERSED'))
      expect((await audits(r.id)).slice(-2)).toEqual(['request-approval by operations', 'reverse by transactions']);
    const asked = (action: string) => rows.find((r) => requests.get(r.id)?.action === action)!;
    const large = asked('payout.approve');
    expect(large).toMatchObject({ status: 'INITIATED' });
    expect(requests.get(large.id)).toMatchObject({ makerName: 'operations', makerRole: 'OPERATIONS' });
    expect(large.amount).toBeGreaterThan(DEFAULT_CHECKER_THRESHOLD_PAISE);
    expect(asked('payout.reverse')).toMatchObject({ status: 'SUCCESS' });
    expect(requests.size).toBe(2);
  });

  it('leave the ledger balanced: holds, balances and fee income agree, nobody overdrawn', async () => {
    expect(await ledgerHolds(s)).toEqual({ unbalanced: [], mismatched: [] });
    expect(await payoutProblems(s)).toEqual([]);
    const held = await s.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE key LIKE 'merchant:%' AND held > 0`,
    );
    expect(held.rows[0].n).toBe(4);
  });

  it('are made once: a second start finds them and adds nothing', async () => {
    expect(await seedDemoPayouts(s.db, { callbackBase: s.url })).toBe(false);
    expect(await s.db.select({ id: payouts.id }).from(payouts)).toHaveLength(rows.length);
  });
});
