import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/boards';
import { istDayOf } from '../../domain/format';
import * as schema from '../../server/db/schema';
import type { Db } from '../../server/db';
import { seedDemoDeposits } from '../../server/demo/seed-deposits';
import { seedDemoPayouts } from '../../server/demo/seed-payouts';
import type { SessionUser } from '../../server/services/common/session-user';
import { accountReportPage } from '../../server/services/reports/account-reports';
import { dashboardFigures } from '../../server/services/reports/boards';
import { rebuildRollups } from '../support/history';
import { demoServerPerFile } from '../support/server';

/**
 * Issue 33, part 3: the Dashboard's and the Accounts report's statements are made once per shape and
 * kept, each request's values going in as placeholders. Every value must be the request's own: its
 * period, its merchants, and above all the caller's scope. Requests of one shape in turn, with
 * different values, must each answer what a statement made for that request alone answers (a
 * database handle of its own keeps nothing).
 */
const demo = demoServerPerFile();
const today = istDayOf(new Date());
let codes: string[];

beforeAll(async () => {
  await seedDemoDeposits(demo.s.db, { callbackBase: demo.s.url });
  await seedDemoPayouts(demo.s.db, { callbackBase: demo.s.url });
  await rebuildRollups(demo.s);
  const { rows } = await demo.s.db.execute<{ code: string }>(
    sql`SELECT merchant_code AS code FROM payins GROUP BY 1 ORDER BY count(*) DESC LIMIT 3`,
  );
  codes = rows.map((r) => r.code);
}, 120_000);

/** A handle on the same pool with nothing kept: each statement made afresh for its request. */
const fresh = () => drizzle((demo.s.db as unknown as { $client: pg.Pool }).$client, { schema }) as unknown as Db;
const user = (role: SessionUser['role'], merchantCodes: string[] = []): SessionUser => ({
  id: '00000000-0000-4000-8000-000000000000',
  userName: role.toLowerCase(),
  role,
  merchantCodes,
  vendorCode: null,
  sessionId: '',
});
const periods = [
  { from: addDays(today, -29), to: today },
  { from: addDays(today, -6), to: today },
  { from: addDays(today, -89), to: addDays(today, -30) },
  { from: today, to: today },
];

describe('a report statement kept per shape', () => {
  it('answers each Dashboard with its own merchants, scope and period, one after another', async () => {
    expect(codes.length).toBeGreaterThanOrEqual(2);
    const asks: [SessionUser, Parameters<typeof dashboardFigures>[2]][] = [];
    for (const period of periods)
      for (const code of codes) {
        asks.push([user('MERCHANT', [code]), period]);
        asks.push([user('ADMIN'), { ...period, merchantCode: [code] }]);
        asks.push([user('ADMIN'), period]);
      }
    const answers = new Set<string>();
    for (const [who, q] of [...asks, ...asks.reverse()]) {
      const kept = await dashboardFigures(demo.s.db, who, q);
      expect(kept, `${who.role} ${JSON.stringify(q)}`).toEqual(await dashboardFigures(fresh(), who, q));
      answers.add(JSON.stringify(kept));
    }
    // The requests differ in what they answer: a value kept from the one before would show.
    expect(answers.size).toBeGreaterThanOrEqual(codes.length * 3);
  });

  it('answers each Accounts report page with its own parties, scope, period and page', async () => {
    type Page = { offset: number; limit: number };
    const asks: [SessionUser, Parameters<typeof accountReportPage>[3], Page, (typeof periods)[number]][] = [];
    for (const period of periods.slice(0, 3))
      for (const page of [
        { offset: 0, limit: 100 },
        { offset: 35, limit: 20 },
      ]) {
        for (const code of codes) asks.push([user('MERCHANT', [code]), { merchantCode: [code] }, page, period]);
        asks.push([user('ADMIN'), {}, page, period]);
        asks.push([user('ADMIN'), { merchantCode: codes.slice(0, 2), includeSubMerchants: false }, page, period]);
      }
    const answers = new Set<string>();
    for (const [who, q, page, period] of [...asks, ...asks.reverse()]) {
      const kept = await accountReportPage(demo.s.db, who, 'merchants', q, period, page);
      const alone = await accountReportPage(fresh(), who, 'merchants', q, period, page);
      expect(kept, `${who.role} ${JSON.stringify({ q, page, period })}`).toEqual(alone);
      answers.add(JSON.stringify(kept));
    }
    expect(answers.size).toBeGreaterThanOrEqual(asks.length / 2);
  });
});
