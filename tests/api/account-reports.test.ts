import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/boards';
import { istDayOf } from '../../domain/format';
import { demoServerPerFile } from '../support/server';
import { approveSettlementAs } from '../support/roles';
import { payinAt, rebuildRollups } from '../support/history';
import { payoutKit } from '../support/payouts';
import { bankIdOf, utrOf } from '../support/deposits';

/** Issue 13, items 4 and 5: the Accounts and Vendor Accounts reports, and one balance everywhere. */
const demo = demoServerPerFile({
  merchantApiRateLimitPerMinute: 100_000,
  payPageRateLimitPerMinute: 100_000,
  payoutCheckerThresholdRupees: 1_000_000,
});
const { fund, fundEntry, newPayout, act, balanceOf } = payoutKit(demo);
const today = istDayOf(new Date());
const week = `from=${addDays(today, -6)}&to=${today}`;

const get = async (token: string, path: string) => {
  const res = await demo.s.call('GET', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('the Accounts report', () => {
  it('ends on the balance the Dashboard, the Merchant list and the ledger have, to the paisa', async () => {
    const key = await fund('BOLT', 10_000);
    const paying = await bankIdOf(demo.s, 'ALPHA-SBI-PAYOUT');
    const paid = await newPayout(key, 1_234.56);
    await act(demo.t.operations, paid, 'approve', { method: 'manual', utr: utrOf(31), bankAccountId: paying });
    const settled = await demo.s.call('POST', '/v1/settlements', {
      token: demo.t.admin,
      body: { merchantCode: 'BOLT', amount: 999.99, method: 'CASH' },
    });
    await approveSettlementAs(demo.s, demo.t.transactions, 'settlements', settled.body.data.id, {
      reference: 'RCPT-9',
    });

    const report = await get(demo.t.admin, `/v1/reports/accounts?merchantCode=BOLT&${week}`);
    expect(report.total).toBe(7);
    expect(report.data.map((r: { day: string }) => r.day)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
    const last = report.data.at(-1);
    expect(last).toMatchObject({
      merchantCode: 'BOLT',
      day: today,
      payinCount: 1,
      payinAmount: 10_000,
      payoutCount: 1,
      payoutAmount: 1_234.56,
      settlementCount: 1,
      settlementAmount: 999.99,
      chargebackCount: 0,
      reversedCount: 0,
    });
    const ledger = (await balanceOf(key)).balance;
    const board = (await get(demo.t.admin, `/v1/dashboard?merchantCode=BOLT&from=${today}&to=${today}`)).data;
    const merchantList = (await get(demo.t.admin, '/v1/merchants?pageSize=100')).data.find(
      (m: { code: string }) => m.code === 'BOLT',
    );
    expect(last.netBalance).toBe(ledger);
    expect(board.netBalance).toBe(ledger);
    expect(merchantList.balance).toBe(ledger);
    expect(last.balance).toBe(board.currentBalance);
    expect(report.data[0].netBalance).toBe(0);
  });

  it('opens the period on the balance before it, and counts each IST day apart', async () => {
    const old = await fundEntry('ACME', 500);
    // As if it had been paid ten days ago at 23:59:59 IST (its times moved, then the rollups rebuilt).
    const instant = new Date(`${addDays(today, -10)}T23:59:59+05:30`).toISOString();
    await payinAt(demo.s, old.payinId, instant);
    await rebuildRollups(demo.s);
    const money = (await balanceOf(old.key)).balance;

    const lately = await get(demo.t.admin, `/v1/reports/accounts?merchantCode=ACME&includeSubMerchants=false&${week}`);
    expect(lately.data.every((r: { payinCount: number }) => r.payinCount === 0)).toBe(true);
    expect(lately.data[0].netBalance).toBe(money);
    const then = await get(
      demo.t.admin,
      `/v1/reports/accounts?merchantCode=ACME&includeSubMerchants=false&from=${addDays(today, -10)}&to=${addDays(today, -9)}`,
    );
    expect(then.data.map((r: { payinCount: number }) => r.payinCount)).toEqual([1, 0]);
    expect(then.data.map((r: { netBalance: number }) => r.netBalance)).toEqual([money, money]);
  });

  it('pages through merchants × days, and the CSV has every row with its headers', async () => {
    const page = await get(demo.t.admin, `/v1/reports/accounts?${week}&page=2&pageSize=5`);
    const all = await get(demo.t.admin, `/v1/reports/accounts?${week}&pageSize=1000`);
    expect(page.total).toBe(all.total);
    expect(page.data).toEqual(all.data.slice(5, 10));
    const csv = (await demo.s.call('GET', `/v1/reports/accounts/export?${week}`, { token: demo.t.admin }))
      .body as string;
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'Merchant,Day (IST),Payin Count,Payin Amount,Payin Fee,Payout Count,Payout Amount,Payout Fee,Reversed Count,Reversed Amount,Settlement Count,Settlement Amount,ChargeBack Count,ChargeBack Amount,Balance,Net Balance',
    );
    expect(lines).toHaveLength(all.total + 1);
    // The day as the screens write it, dd/mm/yyyy.
    const bolt = lines.find((l) => l.startsWith(`BOLT,${today.split('-').reverse().join('/')},`))!;
    expect(bolt).toContain(',1,10000.00,');
    expect(bolt).toContain(',1,1234.56,');
  });

  it('shows a merchant user its own merchants only, whatever it names', async () => {
    const own = await get(demo.t.merchant, `/v1/reports/accounts?${week}`);
    expect(new Set(own.data.map((r: { merchantCode: string }) => r.merchantCode))).toEqual(new Set(['BOLT']));
    const named = await get(demo.t.merchant, `/v1/reports/accounts?merchantCode=ACME&${week}`);
    expect(named.data).toEqual([]);
  });
});

describe('the Vendor Accounts report', () => {
  it("ends on the Vendor Board's net balance, and a vendor user reads its own vendor only", async () => {
    const report = await get(demo.t.admin, `/v1/reports/vendor-accounts?vendorCode=VEN-ALPHA&${week}`);
    const board = (await get(demo.t.admin, `/v1/vendor-board?vendorCode=VEN-ALPHA&from=${today}&to=${today}`)).data;
    const last = report.data.at(-1);
    expect(last.vendorCode).toBe('VEN-ALPHA');
    expect(last.netBalance).toBe(board.netBalance);
    expect(last.payoutAmount).toBe(board.withdraw.amount);
    expect(last.collectedCount).toBe(board.collected.count);
    const own = await get(demo.t.vendor, `/v1/reports/vendor-accounts?vendorCode=VEN-BETA&${week}`);
    expect(new Set(own.data.map((r: { vendorCode: string }) => r.vendorCode))).toEqual(new Set(['VEN-ALPHA']));
  });
});

describe('the Vendor Board', () => {
  type Row = Record<string, number> & { vendorCode: string };
  const sum = (rows: Row[], f: string) => Math.round(rows.reduce((s, r) => s + r[f] * 100, 0)) / 100;
  // The demo's VEN-BETA may have had nothing to do over the 90 days; VEN-ALPHA and every vendor have.
  it.each([
    ['VEN-ALPHA', true],
    ['VEN-BETA', false],
    ['', true],
  ])("is the Vendor Accounts report's 90 days added up (vendor %s, none: every vendor)", async (code, busy) => {
    const days = `from=${addDays(today, -89)}&to=${today}`;
    const board = (await get(demo.t.admin, `/v1/vendor-board?vendorCode=${code}&${days}`)).data;
    const rows: Row[] = (
      await get(demo.t.admin, `/v1/reports/vendor-accounts?vendorCode=${code}&${days}&pageSize=1000`)
    ).data;
    expect(rows.length).toBeGreaterThanOrEqual(90);
    expect(board.collected).toEqual({ amount: sum(rows, 'collectedAmount'), count: sum(rows, 'collectedCount') });
    expect(board.withdraw).toEqual({ amount: sum(rows, 'payoutAmount'), count: sum(rows, 'payoutCount') });
    if (busy) expect(board.collected.count * board.withdraw.count).toBeGreaterThan(0);
    expect(board.reversedWithdraw).toBe(sum(rows, 'reversedAmount'));
    expect(board.commission).toBe(sum(rows, 'commission'));
    expect(board.settlement).toBe(sum(rows, 'settlementAmount'));
    expect(board.currentBalance).toBe(sum(rows, 'balance'));
    const last = new Map(rows.map((r) => [r.vendorCode, r.netBalance]));
    const net = [...last.values()].reduce((s, v) => s + v * 100, 0);
    expect(board.netBalance).toBe(Math.round(net) / 100);
    expect(board.bucket).toBe('day');
    expect(board.series).toHaveLength(90);
    const drawn = (f: 'deposit' | 'withdraw') =>
      Math.round(board.series.reduce((s: number, b: Record<string, number>) => s + b[f] * 100, 0)) / 100;
    expect(drawn('deposit')).toBe(board.collected.amount);
    expect(drawn('withdraw')).toBe(board.withdraw.amount);
  });
});
