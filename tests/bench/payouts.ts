import pg from 'pg';
import { buildApp } from '../../server/app';
import { seedDemo } from '../../server/demo/seed';
import type { SessionUser } from '../../server/services/common/session-user';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import { listPayouts } from '../../server/services/payouts/payouts-list';
import { TEST_HASH_COST, testConfig } from '../support/server';
import { onCleanup } from './cleanup';
import { runLoad, type LoadResult } from './load';
import { measured, type Measured } from './measured';
import { expectOk, signIn } from './measure';
import { benchCreation, CREATE, spendOf, type CreationResult } from './payout-creation';
import { poolOf } from './seed/scale';
import { BIG_MERCHANT, seedPayouts, type PayoutSeed } from './seed/payouts';
import { capture, closedLoop, explain, istDay, type Latency, type Statement } from './sql-probes';
import type { Settings } from './settings';
import { openBenchDatabase, postgresReachable } from './targets';

/**
 * Issue 11, item 11: the three Withdrawal lists over generated pay-outs (PAYOUTS_COUNT, 500,000)
 * as ADMIN and as a merchant's user, each over HTTP beside the bare SQL of the statements
 * listPayouts sends and the bare route GET /v1/health; then pay-out creation through the merchant
 * API on hot accounts (payout-creation.ts). The server is buildApp in this process (pool of 10).
 */
const knob = (name: string, fallback: number) => {
  const v = Number(process.env[name] || fallback);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} must be a positive whole number`);
  return v;
};
export const PAYOUTS = knob('PAYOUTS_COUNT', 500_000);

type Token = 'ADMIN' | 'MERCHANT';
type Filters = Parameters<typeof listPayouts>[2];
const PAGE1 = { page: 1, pageSize: 25, sortBy: 'createdAt', sortOrder: 'desc' } as const;
/** The query the Withdrawal screens add to their filters (react-admin: page 1 of 25, newest first). */
const PAGE_QUERY = 'page=1&pageSize=25&sortBy=createdAt&sortOrder=desc';

export interface PayoutList {
  name: string;
  path: string;
  token: Token;
  rows: number;
  total: number;
  totalCapped: boolean;
  runs: { connections: number; http: Measured<LoadResult>; sql: Measured<Latency> }[];
  statements: Statement[];
}
export interface PayoutsResult {
  skipped?: string;
  version?: string;
  where?: string;
  seed?: PayoutSeed;
  days?: { from: string; to: string };
  floor: { connections: number; http: Measured<LoadResult> }[];
  lists: PayoutList[];
  creation?: CreationResult;
  problems: string[];
}

export const benchPayouts = async (settings: Settings, log: (line: string) => void): Promise<PayoutsResult> => {
  const out: PayoutsResult = { floor: [], lists: [], problems: [] };
  const reason = await postgresReachable(settings.postgresUrl);
  if (reason) return { ...out, skipped: `PostgreSQL not reachable: ${reason}` };
  const opened = await openBenchDatabase('postgres', settings.postgresUrl);
  out.version = opened.version;
  out.where = opened.where;
  const bare = new pg.Pool({ connectionString: opened.url, max: Math.max(50, settings.connections) + 2 });
  const closeBare = onCleanup('payouts bare pool', () => bare.end());
  try {
    setPasswordHashCost(TEST_HASH_COST);
    const { db } = opened.database;
    await seedDemo(db);
    const pool = poolOf(opened.database);
    log(`payouts: generating ${PAYOUTS.toLocaleString('en-US')} pay-outs in SQL`);
    out.seed = await seedPayouts(db, pool, PAYOUTS, spendOf);
    await pool.query(`UPDATE users SET merchant_codes = ARRAY['${BIG_MERCHANT}'] WHERE user_name = 'merchant'`);
    const app = await buildApp({
      database: opened.database,
      config: testConfig({ authRateLimitPerMinute: 1_000_000, merchantApiRateLimitPerMinute: 100_000_000 }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const closeApp = onCleanup('payouts app', () => app.close());
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const load = (url: string, h: Record<string, string>, connections: number) =>
        measured(
          () => runLoad({ url, headers: h, connections, seconds: settings.seconds }),
          () => runLoad({ url, headers: h, connections, seconds: settings.warmupSeconds }),
        );
      for (const connections of [...new Set([1, settings.connections])]) {
        log(`payouts: floor GET /v1/health at ${connections} connections`);
        out.floor.push({ connections, http: await load(`${base}/v1/health`, {}, connections) });
      }
      await benchLists(out, settings, log, base, pool, bare, load);
      log(`payouts: creation through the merchant API (${CREATE.toLocaleString('en-US')} requests a run)`);
      out.creation = await benchCreation(settings, log, base, db, pool, bare);
      out.problems.push(...out.creation.problems);
    } finally {
      await closeApp();
    }
  } finally {
    await closeBare();
    await opened.close();
  }
  return out;
};

const benchLists = async (
  out: PayoutsResult,
  settings: Settings,
  log: (line: string) => void,
  base: string,
  pool: pg.Pool,
  bare: pg.Pool,
  load: (url: string, h: Record<string, string>, connections: number) => Promise<Measured<LoadResult>>,
) => {
  const { rows: people } = await pool.query<{ id: string; user_name: string; role: SessionUser['role'] }>(
    `SELECT id, user_name, role FROM users WHERE user_name IN ('admin', 'merchant')`,
  );
  const users: Record<Token, string> = { ADMIN: 'admin', MERCHANT: 'merchant' };
  const session = (token: Token): SessionUser => {
    const p = people.find((u) => u.user_name === users[token])!;
    const codes = token === 'MERCHANT' ? [BIG_MERCHANT] : [];
    return { id: p.id, userName: p.user_name, role: p.role, merchantCodes: codes, vendorCode: null, sessionId: '' };
  };
  const headers: Record<Token, Record<string, string>> = {
    ADMIN: { authorization: `Bearer ${await signIn(base, 'admin')}` },
    MERCHANT: { authorization: `Bearer ${await signIn(base, 'merchant')}` },
  };
  const days = { from: istDay(7), to: istDay(1) };
  out.days = days;
  // A pay-out of the merchant's a month back, as a UTR or order id someone asks about.
  const { rows: asked } = await pool.query<{ utr: string; order: string }>(
    `SELECT utr, merchant_order_id AS order FROM payouts WHERE merchant_code = $1 AND status = 'SUCCESS'
       AND created_at < now() - interval '30 days' ORDER BY created_at DESC LIMIT 1`,
    [BIG_MERCHANT],
  );
  const lists: { name: string; query: string; filters: Filters }[] = [
    { name: 'In Progress', query: 'status=INITIATED', filters: { status: ['INITIATED'] } },
    {
      name: `Completed: ${BIG_MERCHANT}, 7 IST days`,
      query: `status=SUCCESS&merchantCode=${BIG_MERCHANT}&from=${days.from}&to=${days.to}`,
      filters: { status: ['SUCCESS'], merchantCode: [BIG_MERCHANT], from: days.from, to: days.to },
    },
    { name: 'All: one UTR', query: `utr=${asked[0].utr}`, filters: { utr: asked[0].utr } },
    {
      name: 'All: one order id',
      query: `merchantOrderId=${asked[0].order}`,
      filters: { merchantOrderId: asked[0].order },
    },
  ];
  const levels = [...new Set([1, settings.connections])];
  for (const spec of lists) {
    for (const token of ['ADMIN', 'MERCHANT'] as Token[]) {
      const path = `/v1/payouts?${spec.query}&${PAGE_QUERY}`;
      const { body } = await expectOk(`${base}${path}`, headers[token]);
      const page = body as { data: unknown[]; total: number; totalCapped?: boolean };
      const statements = await capture(pool, (db) => listPayouts(db, session(token), spec.filters, PAGE1));
      const list: PayoutList = {
        name: spec.name,
        path,
        token,
        rows: page.data.length,
        total: page.total,
        totalCapped: page.totalCapped === true,
        runs: [],
        statements: [],
      };
      for (const connections of levels) {
        log(`payouts: ${spec.name} (${token}) at ${connections} connections, HTTP and bare SQL`);
        const httpRun = await load(`${base}${path}`, headers[token], connections);
        if (httpRun.non2xx + httpRun.errors + httpRun.timeouts > 0)
          out.problems.push(
            `${path} (${token}, ${connections} conn.): ${httpRun.non2xx} non-2xx, ${httpRun.errors} errors`,
          );
        const clients = await Promise.all(Array.from({ length: connections }, () => bare.connect()));
        try {
          // Each request's statements one after the other on one connection (the service runs its two at once).
          const once = async (w: number) => {
            for (const s of statements) await clients[w].query(s.sql, s.params);
          };
          const sqlRun = await measured(
            () => closedLoop(connections, settings.seconds, once),
            () => closedLoop(connections, settings.warmupSeconds, once),
          );
          list.runs.push({ connections, http: httpRun, sql: sqlRun });
        } finally {
          for (const c of clients) c.release();
        }
      }
      for (const s of statements) list.statements.push(await explain(pool, s));
      out.lists.push(list);
    }
  }
};
