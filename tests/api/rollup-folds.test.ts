import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldPending } from '../../server/services/ledger/rollup-folds';
import { istDayOf } from '../../domain/format';
import { addDays } from '../../domain/boards';
import { demoServerPerFile } from '../support/server';
import { payoutKit } from '../support/payouts';

/**
 * Issue 15, item 1: the Dashboard of every merchant reads the all-merchants totals (a row a day),
 * kept without a lock any money transaction waits on: appended as pending rows, folded by a job.
 * Whatever is folded or not, it says what every merchant's own rows add up to.
 */
const demo = demoServerPerFile({ merchantApiRateLimitPerMinute: 100_000, payPageRateLimitPerMinute: 100_000 });
const { fund } = payoutKit(demo);
const today = istDayOf(new Date());
const month = `from=${addDays(today, -29)}&to=${today}`;

const board = async (query: string) => {
  const res = await demo.s.call('GET', `/v1/dashboard?${query}`, { token: demo.t.admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
/** The same board summed from each merchant's own rows: every code named. */
const everyMerchantByName = async (period: string) => {
  const codes = (await demo.s.db.execute<{ code: string }>(sql`SELECT code FROM merchants ORDER BY code`)).rows;
  return board(`merchantCode=${codes.map((c) => c.code).join(',')}&${period}`);
};
const pending = async () =>
  Number((await demo.s.db.execute<{ n: string }>(sql`SELECT (SELECT count(*) FROM rollup_pending) AS n`)).rows[0].n);

describe('the all-merchants totals', () => {
  it('equal the sum of every merchant, before and after folding, for a day and for a month', async () => {
    await fund('ACME', 1_234.56);
    await fund('BOLT', 789);
    expect(await pending()).toBeGreaterThan(0);
    for (const period of [`from=${today}&to=${today}`, month]) {
      const all = await board(period);
      expect(all.deposit.count).toBeGreaterThan(0);
      expect(all).toEqual(await everyMerchantByName(period));
    }
    const before = await board(month);
    expect(await foldPending(demo.s.db)).toBeGreaterThan(0);
    expect(await pending()).toBe(0);
    expect(await board(month)).toEqual(before);
    expect(await board(`from=${today}&to=${today}`)).toEqual(await everyMerchantByName(`from=${today}&to=${today}`));
  });

  it('stay exact while money moves and folds run at the same time, two servers folding at once', async () => {
    const folding = { on: true };
    const folder = (async () => {
      let folded = 0;
      while (folding.on) {
        const [a, b] = await Promise.all([foldPending(demo.s.db), foldPending(demo.s.db)]);
        folded += a + b;
      }
      return folded;
    })();
    await Promise.all(Array.from({ length: 12 }, (_, i) => fund(i % 2 ? 'ACME' : 'BOLT', 100 + i)));
    folding.on = false;
    await folder;
    expect(await board(month)).toEqual(await everyMerchantByName(month));
    await foldPending(demo.s.db);
    expect(await pending()).toBe(0);
    expect(await board(month)).toEqual(await everyMerchantByName(month));
  });
});
