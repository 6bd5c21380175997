import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldPending } from '../../server/services/ledger/rollup-folds';
import { istDayOf } from '../../domain/format';
import { addDays } from '../../domain/boards';
import { demoServerPerFile } from '../support/server';
import { approveSettlementAs } from '../support/roles';
import { payinAt, rebuildRollups } from '../support/history';
import { payoutKit } from '../support/payouts';
import { bankIdOf, utrOf } from '../support/deposits';

/** Issue 13, items 1–3 and 5: the Dashboard and the Vendor Board, summed from the rollups. */
const demo = demoServerPerFile({
  merchantApiRateLimitPerMinute: 100_000,
  payPageRateLimitPerMinute: 100_000,
  payoutCheckerThresholdRupees: 1_000_000,
});
const { fund, fundEntry, newPayout, act, balanceOf } = payoutKit(demo);
const today = istDayOf(new Date());

const board = async (token: string, query: string) => {
  const res = await demo.s.call('GET', `/v1/dashboard?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const vendorBoard = async (token: string, query: string) => {
  const res = await demo.s.call('GET', `/v1/vendor-board?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** The rollups as they stand, in a stable order: what the live updates made. */
/** Every rollup row, the all-merchants totals folded in first (they are what a rebuild writes). */
const rollups = async () => {
  await foldPending(demo.s.db);
  return (
    await demo.s.db.execute(
      sql`SELECT r.*, (SELECT json_agg(s ORDER BY s.merchant_id, s.day) FROM payin_speeds s) AS speeds
        FROM money_rollups r ORDER BY party, span, at`,
    )
  ).rows;
};

const rebuild = async () => expect(await rebuildRollups(demo.s)).toBe(true);

describe('the Dashboard', () => {
  it("adds up a day's money as it happens, and its net balance is the ledger's", async () => {
    const empty = await board(demo.t.admin, `merchantCode=BOLT&from=${today}&to=${today}`);
    expect(empty).toMatchObject({ deposit: { amount: 0, count: 0 }, currentBalance: 0, netBalance: 0, bucket: 'hour' });
    expect(empty.series).toHaveLength(24);

    const key = await fund('BOLT', 10_000);
    await fund('BOLT', 2_000.5);
    const paying = await bankIdOf(demo.s, 'ALPHA-SBI-PAYOUT');
    const paid = await newPayout(key, 1_000);
    await act(demo.t.operations, paid, 'approve', { method: 'manual', utr: utrOf(11), bankAccountId: paying });
    const back = await newPayout(key, 600);
    await act(demo.t.operations, back, 'approve', { method: 'manual', utr: utrOf(12), bankAccountId: paying });
    expect((await act(demo.t.operations, back, 'reverse')).status).toBe(202);
    expect((await act(demo.t.admin, back, 'reverse')).body.data.status).toBe('REVERSED');
    const settled = await demo.s.call('POST', '/v1/settlements', {
      token: demo.t.admin,
      body: { merchantCode: 'BOLT', amount: 500, method: 'CASH' },
    });
    await approveSettlementAs(demo.s, demo.t.transactions, 'settlements', settled.body.data.id, {
      reference: 'RCPT-1',
    });
    await newPayout(key, 500); // waiting: held, not moved

    const d = await board(demo.t.admin, `merchantCode=BOLT&from=${today}&to=${today}`);
    const [{ fee_bps: payinBps, payout_bps: payoutBps }] = (
      await demo.s.db.execute<{ fee_bps: number; payout_bps: number }>(
        sql`SELECT payin_fee_bps AS fee_bps, payout_fee_bps AS payout_bps FROM merchants WHERE code = 'BOLT'`,
      )
    ).rows;
    const fee = (rupees: number, bps: number) => Math.round((rupees * 100 * bps) / 10_000) / 100;
    expect(d.deposit).toEqual({ amount: 12_000.5, count: 2 });
    expect(d.depositFee).toBeCloseTo(fee(10_000, payinBps) + fee(2_000.5, payinBps), 2);
    expect(d.withdraw).toEqual({ amount: 1_600, count: 2 });
    expect(d.withdrawFee).toBeCloseTo(fee(1_000, payoutBps) + fee(600, payoutBps), 2);
    expect(d.reversedWithdraw).toBe(600);
    expect(d.settlement).toBe(500);
    expect(d.chargeback).toBe(0);
    expect(d.commission).toBeCloseTo(d.depositFee + d.withdrawFee - fee(600, payoutBps), 2);
    // Everything happened today on a fresh database: the day moved the balance from zero to the ledger's.
    const ledger = await balanceOf(key);
    expect(d.netBalance).toBe(ledger.balance);
    expect(d.currentBalance).toBe(ledger.balance);
    expect(d.series.reduce((s: number, b: { deposit: number }) => s + b.deposit, 0)).toBeCloseTo(12_000.5, 2);
    const hour = d.series.find((b: { deposit: number }) => b.deposit > 0);
    expect(hour.at).toMatch(new RegExp(`^${today}T\\d{2}:00:00\\+05:30$`));
    expect(d.payinSuccessRate.current).toBe(1);
    expect(d.medianSecondsToSuccess.current).not.toBeNull();

    // A merchant user sees its own merchants only, whatever it names.
    const theirs = await board(demo.t.merchant, `merchantCode=ACME&from=${today}&to=${today}`);
    expect(theirs.deposit.count).toBe(0);
    const own = await board(demo.t.merchant, `from=${today}&to=${today}`);
    expect(own.deposit).toEqual(d.deposit);
  });

  it('keeps the same rollups live as a rebuild from the ledger finds', async () => {
    await fund('ACME', 3_000);
    const before = await rollups();
    expect(before.length).toBeGreaterThan(0);
    await rebuild();
    expect(await rollups()).toEqual(before);
  });

  it('puts 23:59:59 IST in its day and 00:00:00 IST in the next, across a month edge', async () => {
    const late = await fundEntry('ACME-KIDS', 700);
    const early = await fundEntry('ACME-KIDS', 300);
    const at = (payinId: string, instant: string) => payinAt(demo.s, payinId, instant);
    await at(late.payinId, '2026-03-31T18:29:59Z'); // 23:59:59 IST on 31 March
    await at(early.payinId, '2026-03-31T18:30:00Z'); // 00:00:00 IST on 1 April
    await rebuild();
    const march = await board(demo.t.admin, 'merchantCode=ACME-KIDS&from=2026-03-31&to=2026-03-31');
    expect(march.deposit).toEqual({ amount: 700, count: 1 });
    expect(march.series.at(-1)).toEqual({ at: '2026-03-31T23:00:00+05:30', deposit: 700, withdraw: 0 });
    const april = await board(demo.t.admin, 'merchantCode=ACME-KIDS&from=2026-04-01&to=2026-04-30');
    expect(april.deposit).toEqual({ amount: 300, count: 1 });
    expect(april.bucket).toBe('day');
    expect(april.series).toHaveLength(30);
    expect(april.series[0]).toEqual({ at: '2026-04-01T00:00:00+05:30', deposit: 300, withdraw: 0 });
    expect(april.payinSuccessRate).toEqual({ current: 1, previous: 1 });
    // The parent with its sub-merchants sees both days; without them, none of it.
    const both = 'merchantCode=ACME&from=2026-03-31&to=2026-04-01';
    expect((await board(demo.t.admin, `${both}&includeSubMerchants=true`)).deposit.count).toBe(2);
    expect((await board(demo.t.admin, `${both}&includeSubMerchants=false`)).deposit.count).toBe(0);
  });

  it("reads each period's median time to SUCCESS from the day histograms, within the median's bin", async () => {
    // Paid 20 s, 100 s and 5,000 s after creation on 10 June; 700 s on 9 June (the period before).
    const paid = async (createdAt: string, seconds: number) => {
      const { payinId } = await fundEntry('BOLT', 100);
      await payinAt(demo.s, payinId, new Date(Date.parse(createdAt) + seconds * 1000).toISOString());
      await demo.s.db.execute(sql`UPDATE payins SET created_at = ${createdAt}::timestamptz WHERE id = ${payinId}`);
    };
    await paid('2026-06-10T04:30:00Z', 20);
    await paid('2026-06-10T05:30:00Z', 100);
    await paid('2026-06-10T06:30:00Z', 5_000);
    await paid('2026-06-09T04:30:00Z', 700);
    await rebuild();
    const day = await board(demo.t.admin, 'merchantCode=BOLT&from=2026-06-10&to=2026-06-10');
    // Three in all: the middle one (1.5 of 3) is halfway into the 90–120 s bin; the day before's one, halfway into 600–900 s.
    expect(day.medianSecondsToSuccess).toEqual({ current: 105, previous: 750 });
    expect(day.payinSuccessRate).toEqual({ current: 1, previous: 1 });
    const none = await board(demo.t.admin, 'merchantCode=BOLT&from=2026-06-12&to=2026-06-12');
    expect(none.medianSecondsToSuccess).toEqual({ current: null, previous: null });
  });

  it('refuses a period that runs backwards or a day that is not one, naming it', async () => {
    const back = await demo.s.call('GET', '/v1/dashboard?from=2026-04-02&to=2026-04-01', { token: demo.t.admin });
    expect(back.status).toBe(400);
    expect(back.body.error.message).toMatch(/from/);
    const bad = await demo.s.call('GET', '/v1/dashboard?from=2026-02-30', { token: demo.t.admin });
    expect(bad.status).toBe(400);
  });
});

describe('the Vendor Board', () => {
  it("counts what the vendor's accounts collected and paid, and says its balance as the ledger has it", async () => {
    const before = await vendorBoard(demo.t.admin, `vendorCode=VEN-ALPHA&from=${today}&to=${today}`);
    const key = await fund('BOLT', 1_000);
    const paying = await bankIdOf(demo.s, 'ALPHA-SBI-PAYOUT');
    const paid = await newPayout(key, 500);
    await act(demo.t.operations, paid, 'approve', { method: 'manual', utr: utrOf(21), bankAccountId: paying });
    const after = await vendorBoard(demo.t.admin, `vendorCode=VEN-ALPHA&from=${today}&to=${today}`);
    expect(after.withdraw.amount - before.withdraw.amount).toBe(500);
    expect(after.withdraw.count - before.withdraw.count).toBe(1);
    const { rows } = await demo.s.db.execute<{ balance: string }>(sql`
      SELECT coalesce(sum(a.balance), 0) AS balance FROM ledger_accounts a
      WHERE a.key IN (SELECT 'bank:' || b.id FROM bank_accounts b JOIN vendors v ON v.id = b.vendor_id WHERE v.code = 'VEN-ALPHA')
         OR a.key IN (SELECT 'vendor:' || id FROM vendors WHERE code = 'VEN-ALPHA')`);
    expect(after.netBalance).toBe(Number(rows[0].balance) / 100);
    // All of this file's history lies within the last year: that year moved the balance from nothing to what it is.
    const year = await vendorBoard(demo.t.admin, `vendorCode=VEN-ALPHA&from=${addDays(today, -365)}&to=${today}`);
    expect(year.currentBalance).toBe(after.netBalance);
    expect(year.netBalance).toBe(after.netBalance);
  });

  it('shows a vendor user its own vendor only, whatever it names', async () => {
    const own = await vendorBoard(demo.t.vendor, `from=${today}&to=${today}`);
    expect(own.withdraw.count).toBeGreaterThan(0);
    const named = await vendorBoard(demo.t.vendor, `vendorCode=VEN-BETA&from=${today}&to=${today}`);
    expect(named).toEqual(own);
    const beta = await vendorBoard(demo.t.admin, `vendorCode=VEN-BETA&from=${today}&to=${today}`);
    expect(beta).not.toEqual(own);
  });
});
