import { isDeepStrictEqual } from 'node:util';

import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYIN_STATUSES } from '../../domain/payin';
import { PAYOUT_STATUSES } from '../../domain/payout';
import { seedDemoDeposits } from '../../server/demo/seed-deposits';
import { seedDemoPayouts } from '../../server/demo/seed-payouts';
import { ormRow } from '../support/orm-rows';
import { signInAll, type DemoUser } from '../support/roles';
import { startServer, type TestServer } from '../support/server';

/**
 * Issue 33, part 3: the Deposit and Withdrawal lists map their rows with a function built once per
 * statement (server/db/row-mapper.ts) instead of the ORM's mapResultRow. Over the demo's data
 * (90 days of pay-ins and pay-outs in every status, with and without a bank, a checker's request,
 * a callback), each list request is answered twice, once with the rows the ORM maps and once with
 * the product's own mapping, and the two answers must be the same bytes. Every page's rows are
 * also compared as values (Dates as Dates, numbers as numbers) and key order.
 */
type Mapped = { customResultMapper?: (rows: unknown[][]) => unknown[] };
type Query = Mapped & { fields: { path: string[]; field: unknown }[]; joinsNotNullableMap?: Record<string, boolean> };

let s: TestServer;
let t: Record<DemoUser, string>;
/** 'orm': the page answered with the ORM's rows; 'ours': with the row function's. */
let mode: 'orm' | 'ours' = 'ours';
const compared = { statements: new Set<unknown>(), pages: 0, rows: 0, differences: [] as string[] };
const execute = NodePgPreparedQuery.prototype.execute;

beforeAll(async () => {
  // Each run of a statement with a row function of its own also maps its rows as the ORM would.
  NodePgPreparedQuery.prototype.execute = function (this: Query, ...args) {
    const ours = this.customResultMapper;
    if (!ours) return execute.apply(this, args);
    this.customResultMapper = (rows) => {
      const mine = ours(rows);
      const orm = rows.map((r) => ormRow(this.fields, r, this.joinsNotNullableMap));
      compared.statements.add(this);
      compared.pages++;
      compared.rows += rows.length;
      if (!isDeepStrictEqual(mine, orm) || JSON.stringify(mine) !== JSON.stringify(orm))
        compared.differences.push(JSON.stringify({ mine: mine[0], orm: orm[0] }));
      return mode === 'orm' ? orm : mine;
    };
    try {
      return execute.apply(this, args);
    } finally {
      this.customResultMapper = ours;
    }
  } as typeof execute;
  s = await startServer();
  await seedDemoDeposits(s.db, { callbackBase: s.url });
  await seedDemoPayouts(s.db, { callbackBase: s.url });
  t = await signInAll(s);
}, 120_000);
afterAll(async () => {
  NodePgPreparedQuery.prototype.execute = execute;
  await s?.close();
});

const text = async (path: string, who: DemoUser) => {
  const res = await fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${t[who]}` } });
  return { status: res.status, body: await res.text() };
};

const sorts = ['sortBy=createdAt&sortOrder=desc', 'sortBy=amount&sortOrder=asc', 'sortBy=updatedAt&sortOrder=desc'];
const pages = ['page=1&pageSize=25', 'page=2&pageSize=10', 'page=1&pageSize=100'];

/** Lists of one resource: every status alone and all of them, each sort, a few pages. */
const requests = (resource: string, statuses: readonly string[], extra: string[]) => [
  ...statuses.map((status) => `/v1/${resource}?status=${status}&${sorts[0]}&${pages[0]}`),
  ...sorts.flatMap((sort) => pages.map((page) => `/v1/${resource}?${sort}&${page}`)),
  ...extra.map((q) => `/v1/${resource}?${q}&${sorts[0]}&${pages[0]}`),
];

const REQUESTS: { who: DemoUser; path: string }[] = [
  ...(['admin', 'operations', 'merchant', 'merchant-admin', 'vendor'] as DemoUser[]).flatMap((who) =>
    requests('payins', PAYIN_STATUSES, ['status=PENDING,IMG_PENDING,DISPUTE', 'source=Manual', 'callback=FAILED']).map(
      (path) => ({ who, path }),
    ),
  ),
  ...(['admin', 'transactions', 'merchant', 'vendor'] as DemoUser[]).flatMap((who) =>
    requests('payouts', PAYOUT_STATUSES, ['status=INITIATED,SUCCESS']).map((path) => ({ who, path })),
  ),
];

describe('list answers with the row function', () => {
  it('are byte for byte those of the ORM mapping, on every list request', async () => {
    let nonEmpty = 0;
    for (const { who, path } of REQUESTS) {
      mode = 'orm';
      const orm = await text(path, who);
      mode = 'ours';
      const ours = await text(path, who);
      expect(ours.status, `${who} ${path}: ${ours.body}`).toBe(orm.status);
      expect(ours.body, `${who} ${path}`).toBe(orm.body);
      if (ours.status === 200 && (JSON.parse(ours.body) as { data: unknown[] }).data.length > 0) nonEmpty++;
    }
    console.info(JSON.stringify({ ...compared, statements: compared.statements.size, nonEmpty }));
    expect(compared.differences).toEqual([]);
    // The comparison really ran, over many statements and rows, most pages holding some.
    expect(compared.statements.size).toBeGreaterThanOrEqual(10);
    expect(compared.rows).toBeGreaterThan(1_000);
    expect(nonEmpty).toBeGreaterThan(REQUESTS.length / 2);
  });
});
