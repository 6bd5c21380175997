import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { payoutKit } from '../support/payouts';
import { bankIdOf, ledgerHolds, utrOf } from '../support/deposits';

/**
 * Issue 11, items 3, 4 and 6: staff and vendors approve, reject and drop pay-outs; each step moves
 * the hold once, however many requests race; large approvals need a second staff user.
 */
const demo = demoServerPerFile({
  merchantApiRateLimitPerMinute: 100_000,
  payPageRateLimitPerMinute: 100_000,
  payoutCheckerThresholdRupees: 1_000,
});

const { fund, newPayout, act, balanceOf } = payoutKit(demo);
const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await demo.s.db.execute<T>(query)).rows;

describe('staff process pay-outs', () => {
  it('approve by hand: SUCCESS with the UTR, the hold posted as a balanced journal, the merchant told', async () => {
    const key = await fund('CRISP', 10_000);
    const id = await newPayout(key, 800);
    const before = await balanceOf(key);
    const paying = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
    const utr = utrOf(94);
    const done = await act(demo.t.operations, id, 'approve', { method: 'manual', utr, bankAccountId: paying });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id, status: 'SUCCESS', utr, amount: 800, fee: 12 });
    expect(await balanceOf(key)).toEqual({
      balance: before.balance - 812,
      held: before.held - 812,
      available: before.available,
    });
    expect(await one(sql`SELECT kind FROM ledger_journals WHERE entity = 'payouts' AND entity_id = ${id}`)).toEqual([
      { kind: 'payout.success' },
    ]);
    const [callback] = await one<{ type: string; body: string }>(
      sql`SELECT type, body FROM callbacks WHERE entity = 'payouts' AND entity_id = ${id}`,
    );
    expect(callback.type).toBe('payout.status');
    expect(JSON.parse(callback.body)).toMatchObject({ type: 'payout.status', data: { id, status: 'SUCCESS', utr } });
    const again = await act(demo.t.operations, id, 'approve', { method: 'manual', utr, bankAccountId: paying });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('A pay-out in status SUCCESS cannot be approved; only one in INITIATED can.');
    const eko = await act(demo.t.operations, await newPayout(key, 600), 'approve', { method: 'eko' });
    expect(eko.body.error.code).toBe('EKO_NOT_CONFIGURED');
    const payin = await bankIdOf(demo.s, 'BETA-AXIS-01');
    const wrongBank = await act(demo.t.operations, await newPayout(key, 600), 'approve', {
      method: 'manual',
      utr: utrOf(94),
      bankAccountId: payin,
    });
    expect(wrongBank.status).toBe(400);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('reject with a reason (Other needs its text) and drop release the hold', async () => {
    const key = await fund('BOLT', 5_000);
    const start = await balanceOf(key);
    const a = await newPayout(key, 700);
    const b = await newPayout(key, 900);
    expect((await balanceOf(key)).held).toBe(start.held + 710.5 + 913.5);
    expect((await act(demo.t.operations, a, 'reject', { reason: 'Other' })).status).toBe(400);
    const rejected = await act(demo.t.operations, a, 'reject', {
      reason: 'Other',
      text: 'customer closed the account',
    });
    expect(rejected.body.data).toMatchObject({ status: 'REJECTED', reason: 'Other: customer closed the account' });
    expect((await act(demo.t.vendor, b, 'drop')).status).toBe(403);
    expect((await act(demo.t.transactions, b, 'drop')).body.data).toMatchObject({ status: 'DROPPED' });
    expect(await balanceOf(key)).toEqual(start);
    expect((await act(demo.t.operations, a, 'reject', { reason: 'Insufficient Fund' })).status).toBe(409);
  });

  it('above the threshold a second staff user checks: 202, the maker cannot check, the checker completes', async () => {
    const key = await fund('CRISP', 5_000);
    const id = await newPayout(key, 1_500);
    const paying = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
    const utr = utrOf(95);
    const body = { method: 'manual', utr, bankAccountId: paying };
    const made = await act(demo.t.operations, id, 'approve', body);
    expect(made.status).toBe(202);
    expect(made.body.data).toMatchObject({ status: 'INITIATED', awaitingChecker: 'operations' });
    const self = await act(demo.t.operations, id, 'approve', body);
    expect(self.status).toBe(403);
    expect(self.body.error.code).toBe('SAME_PERSON');
    expect((await act(demo.t.transactions, id, 'approve', { ...body, utr: utrOf(95) })).body.error.code).toBe(
      'CHECKER_DIFFERS',
    );
    const checked = await act(demo.t.transactions, id, 'approve', body);
    expect(checked.status).toBe(200);
    expect(checked.body.data.status).toBe('SUCCESS');
    expect(
      await one(sql`SELECT action, actor_name FROM audit_events WHERE entity = 'payouts' AND entity_id = ${id}
        AND action IN ('request-approval', 'approve') ORDER BY at`),
    ).toEqual([
      { action: 'request-approval', actor_name: 'operations' },
      { action: 'approve', actor_name: 'transactions' },
    ]);
  });

  it("vendors process only their vendor's pay-outs; once assigned, staff other than ADMIN may not", async () => {
    const key = await fund('ACME', 5_000);
    const id = await newPayout(key, 600);
    const alphaBank = await bankIdOf(demo.s, 'ALPHA-SBI-PAYOUT');
    const body = { method: 'manual', utr: utrOf(96), bankAccountId: alphaBank };
    expect((await act(demo.t.vendor, id, 'approve', body)).status).toBe(404);
    await demo.s.db.execute(sql`UPDATE payouts SET vendor_code = 'VEN-ALPHA' WHERE id = ${id}`);
    expect((await act(demo.t.transactions, id, 'approve', body)).status).toBe(403);
    const betaBank = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
    expect((await act(demo.t.vendor, id, 'approve', { ...body, bankAccountId: betaBank })).status).toBe(400);
    const paid = await act(demo.t.vendor, id, 'approve', body);
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('SUCCESS');
    expect((await act(demo.t.merchant, id, 'reject', { reason: 'Other', text: 'x' })).status).toBe(403);
  });

  it('100 approvals of one pay-out at once: one SUCCESS, one journal, the hold posted once', async () => {
    const key = await fund('BOLT', 3_000);
    const id = await newPayout(key, 500);
    const before = await balanceOf(key);
    const paying = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        act(i % 2 ? demo.t.operations : demo.t.transactions, id, 'approve', {
          method: 'manual',
          utr: '555555555501',
          bankAccountId: paying,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(99);
    expect(
      await one(sql`SELECT count(*)::int AS n FROM ledger_journals WHERE entity = 'payouts' AND entity_id = ${id}`),
    ).toEqual([{ n: 1 }]);
    expect(await balanceOf(key)).toEqual({
      balance: before.balance - 507.5,
      held: before.held - 507.5,
      available: before.available,
    });
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('reverse needs a checker and gives the money and fee back; reset holds again or refuses', async () => {
    const key = await fund('CRISP', 4_000);
    const paying = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
    const id = await newPayout(key, 900);
    await act(demo.t.operations, id, 'approve', { method: 'manual', utr: utrOf(97), bankAccountId: paying });
    const paid = await balanceOf(key);
    const asked = await act(demo.t.operations, id, 'reverse');
    expect(asked.status).toBe(202);
    expect((await act(demo.t.operations, id, 'reverse')).body.error.code).toBe('SAME_PERSON');
    const reversed = await act(demo.t.admin, id, 'reverse');
    expect(reversed.body.data).toMatchObject({ status: 'REVERSED' });
    expect((await balanceOf(key)).balance).toBe(paid.balance + 913.5);
    expect(
      await one(sql`SELECT kind FROM ledger_journals WHERE entity = 'payouts' AND entity_id = ${id} ORDER BY id`),
    ).toEqual([{ kind: 'payout.success' }, { kind: 'payout.reversal' }]);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });

    const before = await balanceOf(key);
    const big = await newPayout(key, Math.floor(before.available / 1.015) - 10);
    await act(demo.t.operations, big, 'reject', { reason: 'Invalid Bank Details' });
    const back = await act(demo.t.operations, big, 'reset');
    expect(back.body.data).toMatchObject({ status: 'INITIATED', reason: null });
    expect((await balanceOf(key)).available).toBeLessThan(before.available);
    await act(demo.t.operations, big, 'reject', { reason: 'Insufficient Fund' });
    await newPayout(key, 600);
    const refused = await act(demo.t.operations, big, 'reset');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await one(sql`SELECT status FROM payouts WHERE id = ${big}`)).toEqual([{ status: 'REJECTED' }]);
    expect((await act(demo.t.vendor, big, 'reset')).status).toBe(403);
  });

  it('staff give waiting pay-outs to a vendor, all or none', async () => {
    const key = await fund('BOLT', 4_000);
    const a = await newPayout(key, 550);
    const b = await newPayout(key, 560);
    const assign = (ids: string[], vendorCode: string, token = demo.t.operations) =>
      demo.s.call('POST', '/v1/payouts/assign', { token, body: { ids, vendorCode } });
    expect((await assign([a, b], 'VEN-NONE')).status).toBe(400);
    expect((await assign([a, b], 'VEN-ALPHA', demo.t.vendor)).status).toBe(403);
    expect((await assign([a, b], 'VEN-ALPHA')).body.data).toEqual({ assigned: 2, vendorCode: 'VEN-ALPHA' });
    const alphaBank = await bankIdOf(demo.s, 'ALPHA-SBI-PAYOUT');
    const paid = await act(demo.t.vendor, a, 'approve', { method: 'manual', utr: utrOf(98), bankAccountId: alphaBank });
    expect(paid.body.data.status).toBe('SUCCESS');
    const mixed = await assign([a, b], 'VEN-BETA');
    expect(mixed.status).toBe(409);
    expect(await one(sql`SELECT vendor_code FROM payouts WHERE id = ${b}`)).toEqual([{ vendor_code: 'VEN-ALPHA' }]);
    expect(
      await one(sql`SELECT count(*)::int AS n FROM audit_events WHERE entity = 'payouts' AND action = 'assign'
        AND entity_id IN (${a}, ${b})`),
    ).toEqual([{ n: 2 }]);
  });

  it('lists pay-outs by scope and filter, shows one with its timeline and journal, and exports them', async () => {
    const key = await fund('BOLT', 3_000);
    const mine = await newPayout(key, 520);
    await demo.s.db.execute(sql`UPDATE payouts SET vendor_code = 'VEN-ALPHA' WHERE id = ${mine}`);
    const list = (token: string, query: string) => demo.s.call('GET', `/v1/payouts?pageSize=100&${query}`, { token });

    const staff = await list(demo.t.admin, 'status=INITIATED&vendorCode=VEN-ALPHA');
    expect(staff.body.data.map((p: { id: string }) => p.id)).toContain(mine);
    expect(staff.body.data.every((p: { status: string }) => p.status === 'INITIATED')).toBe(true);
    expect((await list(demo.t.admin, 'accountNumber=001234567890')).body.total).toBeGreaterThan(0);
    expect((await list(demo.t.admin, 'status=EXPLODED')).status).toBe(400);

    const merchant = await list(demo.t.merchant, '');
    expect(merchant.body.data.length).toBeGreaterThan(0);
    expect(merchant.body.data.every((p: { merchantCode: string }) => p.merchantCode === 'BOLT')).toBe(true);
    const vendor = await list(demo.t.vendor, '');
    expect(vendor.body.data.map((p: { id: string }) => p.id)).toContain(mine);
    for (const row of vendor.body.data) {
      expect(row.vendorCode).toBe('VEN-ALPHA');
      expect(row).not.toHaveProperty('merchantCode');
      expect(row).not.toHaveProperty('fee');
    }
    expect((await list(demo.t['vendor-operations'], '')).body.data.map((p: { id: string }) => p.id)).toContain(mine);
    await demo.s.db.execute(sql`UPDATE payouts SET vendor_code = 'VEN-BETA' WHERE id = ${mine}`);
    expect((await list(demo.t.vendor, '')).body.data.map((p: { id: string }) => p.id)).not.toContain(mine);

    const shown = await demo.s.call('GET', `/v1/payouts/${mine}`, { token: demo.t.admin });
    expect(shown.body.data).toMatchObject({ id: mine, amount: 520, fee: 7.8, accountHolder: 'Asha Rao' });
    expect(shown.body.data.timeline.map((e: { action: string }) => e.action)).toEqual(['create']);
    expect((await demo.s.call('GET', `/v1/payouts/${mine}`, { token: demo.t['merchant-admin'] })).status).toBe(404);
    const csv = await fetch(`${demo.s.url}/v1/payouts/export?status=INITIATED`, {
      headers: { authorization: `Bearer ${demo.t.admin}` },
    });
    expect((await csv.text()).split('\n')[0]).toContain('Merchant Order ID');
  });
});
