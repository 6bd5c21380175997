import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { istDayOf } from '../../domain/format';
import { demoServerPerFile } from '../support/server';
import { payoutKit } from '../support/payouts';
import { bankIdOf, utrOf } from '../support/deposits';

/** Issue 12, item 4: what moved through each bank account over whole IST days. */
const demo = demoServerPerFile({
  merchantApiRateLimitPerMinute: 100_000,
  payPageRateLimitPerMinute: 100_000,
  payoutCheckerThresholdRupees: 1_000_000,
});
const { fund, newPayout, act } = payoutKit(demo);

const balances = async (query = '', token = demo.t.admin) => {
  const res = await demo.s.call('GET', `/v1/bank-accounts?pageSize=100${query}`, { token });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.data as { nickname: string; balance: number }[]).map((b) => [b.nickname, b.balance]),
  );
};

/** An entry recorded at an instant given in IST, written straight to the table. */
const entryAt = async (nickname: string, rupees: number, ist: string) =>
  demo.s.db.execute(sql`INSERT INTO bank_entries (bank_account_id, utr, amount, created_at)
    VALUES (${await bankIdOf(demo.s, nickname)}, ${utrOf(7)}, ${rupees * 100}, ${`${ist}+05:30`}::timestamptz)`);

const completedAt = async (id: string, ist: string) =>
  demo.s.db.execute(sql`UPDATE payouts SET completed_at = ${`${ist}+05:30`}::timestamptz WHERE id = ${id}`);

describe('a bank account’s balance over IST days', () => {
  it('a pay-in account sums the entries recorded on it, a pay-out account the pay-outs paid from it, by IST midnight', async () => {
    await entryAt('BETA-AXIS-01', 100, '2024-03-10T23:59:59.999');
    await entryAt('BETA-AXIS-01', 250, '2024-03-11T00:00:00');
    await entryAt('BETA-AXIS-01', 1_000, '2024-03-09T23:59:59');
    const key = await fund('CRISP', 9_000);
    const kotak = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
    const late = await newPayout(key, 700);
    const early = await newPayout(key, 1_100);
    const rejected = await newPayout(key, 2_000);
    for (const [id, n] of [
      [late, 1],
      [early, 2],
    ] as const)
      await act(demo.t.operations, id, 'approve', { method: 'manual', utr: utrOf(n), bankAccountId: kotak });
    await act(demo.t.operations, rejected, 'reject', { reason: 'Insufficient Fund' });
    await completedAt(late, '2024-03-10T23:59:59.999');
    await completedAt(early, '2024-03-11T00:00:00');
    await completedAt(rejected, '2024-03-10T12:00:00');

    const tenth = await balances('&from=2024-03-10&to=2024-03-10');
    expect(tenth['BETA-AXIS-01']).toBe(100);
    expect(tenth['BETA-KOTAK-PAYOUT']).toBe(700);
    const eleventh = await balances('&from=2024-03-11&to=2024-03-11');
    expect(eleventh['BETA-AXIS-01']).toBe(250);
    expect(eleventh['BETA-KOTAK-PAYOUT']).toBe(1_100);
    const both = await balances('&from=2024-03-09&to=2024-03-11');
    expect(both['BETA-AXIS-01']).toBe(1_350);
    expect(both['BETA-KOTAK-PAYOUT']).toBe(1_800);
    expect(both['ALPHA-HDFC-01']).toBe(0);
  });

  it('is today’s in IST unless asked, used entries and unused alike', async () => {
    const today = istDayOf(new Date());
    const { rows } = await demo.s.db.execute<{ nickname: string; total: string }>(sql`
      SELECT b.nickname, coalesce(sum(e.amount), 0) AS total FROM bank_accounts b
      LEFT JOIN bank_entries e ON e.bank_account_id = b.id
        AND e.created_at >= ${`${today}T00:00:00+05:30`}::timestamptz
        AND e.created_at < ${`${today}T00:00:00+05:30`}::timestamptz + interval '1 day'
      WHERE b.used_for = 'PAYIN' GROUP BY b.nickname`);
    const unused = await bankIdOf(demo.s, 'BETA-AXIS-01');
    const added = await demo.s.call('POST', '/v1/bank-entries', {
      token: demo.t.operations,
      body: { bankAccountId: unused, utr: utrOf(8), amount: 321 },
    });
    expect(added.status).toBe(201);
    const shown = await balances();
    expect(shown).toEqual(await balances(`&from=${today}&to=${today}`));
    for (const r of rows)
      expect(shown[r.nickname]).toBe(Number(r.total) / 100 + (r.nickname === 'BETA-AXIS-01' ? 321 : 0));
    expect(shown['BETA-AXIS-01']).toBeGreaterThanOrEqual(9_000 + 321);
  });

  it('a vendor user sees the figure of its own accounts only; the CSV carries it', async () => {
    const mine = await balances('&from=2024-03-10&to=2024-03-10', demo.t.vendor);
    expect(Object.keys(mine).every((n) => n.startsWith('ALPHA-'))).toBe(true);
    const csv = (
      await demo.s.call('GET', '/v1/bank-accounts/export?from=2024-03-10&to=2024-03-10&nickname=BETA-KOTAK', {
        token: demo.t.admin,
      })
    ).body as string;
    expect(csv.split('\n')[0]).toContain('Daily Limit,Balance');
    expect(csv).toContain(',700.00,');
  });
});
