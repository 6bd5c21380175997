import type pg from 'pg';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db';
import type { SessionUser } from '../../server/services/common/session-user';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import { testConfig } from '../support/server';
import { onCleanup } from './cleanup';
import { foldAndVacuum, knob, openLarge, type Opened } from './large-database';
import { largeExport, type LargeExport } from './large-export';
import { countSent, sessionStatement, startFloor } from './large-floor';
import { requestsOf, type Who } from './large-requests';
import { floorOf, judgeLarge, shareOf, type Target } from './large-targets';
import { benchCreation, benchSignIns, removeCreated, signInCost, type Creation, type SignIns } from './large-writes';
import { runLoad, type LoadResult } from './load';
import { measured, type Measured } from './measured';
import { expectOk, signIn } from './measure';
import { poolOf } from './seed/scale';
import type { Settings } from './settings';
import type { BoardsSeed } from './seed/boards';
import { capture, explain, type Statement } from './sql-probes';

/**
 * Issue 15, item 1 and the measuring of item 2: the lists, boards, export, creation and sign-in
 * over 10,000,000 pay-ins and 2,000,000 pay-outs of 500 merchants, 20 vendors and 180 days with
 * their journals and rollups. On LARGE_DATABASE_URL, a database seeded before, used as it is
 * (ANALYZE only; what the creation run adds is taken out again); otherwise a throwaway database
 * seeded here with seedBoards. The product is buildApp in this process (its pool of 10); each
 * request is measured over HTTP beside GET /v1/health and beside its same-SQL floor
 * (large-floor.ts), without and with the session check.
 */
/** Repeated requests of one list, its statements counted (is the session check sent?). */
const PROBES = 20;
/** Rounds of product and floor at many connections (LARGE_ROUNDS). */
const ROUNDS = knob('LARGE_ROUNDS', 3);
/** LARGE_PARTS=reads measures the lists, boards and report only (no creation, sign-in or export). */
const READS_ONLY = process.env.LARGE_PARTS === 'reads';
/** LARGE_REQUESTS: a pattern of the requests to measure, on "name (who)" (e.g. "In Progress \\(admin"). */
const PICKED = new RegExp(process.env.LARGE_REQUESTS ?? '');

export type LoadRun = Measured<LoadResult>;
export interface LargeRequest {
  name: string;
  who: Who;
  kind: 'list' | 'board' | 'report';
  path: string;
  bytes: number;
  rows: number | null;
  total: number | null;
  /** The statements the service sends, EXPLAIN (ANALYZE, BUFFERS)ed; from `atOnceFrom` on at once. */
  statements: Statement[];
  atOnceFrom: number;
  /** At each level, the round whose share of the floor is the median of `shares` (one per round). */
  runs: { connections: number; http: LoadRun; floor: LoadRun; floorSession: LoadRun; shares?: number[] }[];
}
export interface LargeResult {
  skipped?: string;
  version?: string;
  where?: string;
  seed?: BoardsSeed;
  counts?: Record<string, number>;
  users?: { merchant: string[]; vendor: string | null };
  health: { connections: number; http: LoadRun }[];
  /** Over PROBES repeated requests of a list with one token: statements sent, session checks among them. */
  sent?: { requests: number; statements: number; sessionChecks: number };
  requests: LargeRequest[];
  creation?: Creation;
  removed?: number;
  signIns?: SignIns;
  export?: LargeExport;
  targets: Target[];
  problems: string[];
}

/**
 * The product as the large bench measures it: buildApp in this process on the database, listening
 * on 127.0.0.1, at the sign-in cost its users' hashes were made with, no rate limit or second factor
 * in the way of the load.
 */
export const largeApp = async (database: Database) => {
  const cost = await signInCost(poolOf(database));
  setPasswordHashCost(cost);
  const app = await buildApp({
    database,
    config: testConfig({
      authRateLimitPerMinute: 1_000_000_000,
      merchantApiRateLimitPerMinute: 1_000_000_000,
      require2faRoles: [],
      passwordHashCost: cost,
    }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
};

export const benchLarge = async (settings: Settings, log: (line: string) => void): Promise<LargeResult> => {
  const out: LargeResult = { health: [], requests: [], targets: [], problems: [] };
  const opened = await openLarge(settings, log, out);
  if (!opened) return out;
  out.version = opened.version;
  out.where = opened.where;
  try {
    const { app, base } = await largeApp(opened.database);
    const closeApp = onCleanup('large app', () => app.close());
    try {
      await benchReads(out, settings, log, base, opened);
      if (!READS_ONLY) await benchWrites(out, settings, log, base, opened);
    } finally {
      await closeApp();
    }
  } finally {
    await opened.close();
  }
  judgeLarge(out, settings.connections);
  return out;
};

/** Pay-in creation, sign-ins and the export, after the reads. */
const benchWrites = async (
  out: LargeResult,
  settings: Settings,
  log: (line: string) => void,
  base: string,
  opened: Opened,
) => {
  const pool = poolOf(opened.database);
  try {
    out.creation = await benchCreation(settings, log, base, pool, opened.url);
    out.problems.push(...out.creation.problems.map((p) => `creation: ${p}`));
  } finally {
    if (!opened.seeded) out.removed = await removeCreated(pool);
    // The app runs without its background jobs (testConfig): fold what the creations appended,
    // or the all-merchants board of the next run reads them as pending rows.
    await foldAndVacuum(opened.database);
  }
  out.signIns = await benchSignIns(settings, log, base, pool);
  const target = { url: opened.url, base, seeded: opened.seeded };
  out.export = await largeExport(out, log, target, opened.database.db, pool);
};

/** The demo's admin, merchant and vendor users as sessions (the merchant and vendor pointed at generated ones). */
export const largeUsers = async (pool: pg.Pool) => {
  const { rows: people } = await pool.query<{
    id: string;
    user_name: Who;
    role: SessionUser['role'];
    merchant_codes: string[];
    vendor_code: string | null;
  }>(
    `SELECT id, user_name, role, merchant_codes, vendor_code FROM users WHERE user_name IN ('admin', 'merchant', 'vendor')`,
  );
  const users = Object.fromEntries(
    people.map((p) => [
      p.user_name,
      {
        id: p.id,
        userName: p.user_name,
        role: p.role,
        merchantCodes: p.merchant_codes,
        vendorCode: p.vendor_code,
        sessionId: '',
      },
    ]),
  ) as Record<Who, SessionUser>;
  return users;
};

const benchReads = async (
  out: LargeResult,
  settings: Settings,
  log: (line: string) => void,
  base: string,
  opened: Opened,
) => {
  const pool = poolOf(opened.database);
  const users = await largeUsers(pool);
  out.users = { merchant: users.merchant.merchantCodes, vendor: users.vendor.vendorCode };
  const tokens = {} as Record<Who, string>;
  for (const who of ['admin', 'merchant', 'vendor'] as Who[]) tokens[who] = await signIn(base, who);
  const headers = (who: Who) => ({ authorization: `Bearer ${tokens[who]}` });
  const floor = await startFloor(opened.url, await sessionStatement(pool, tokens.admin));
  try {
    const levels = [...new Set([1, settings.connections])];
    const load = (url: string, h: Record<string, string>, connections: number) =>
      measured(
        () => runLoad({ url, headers: h, connections, seconds: settings.seconds }),
        () => runLoad({ url, headers: h, connections, seconds: settings.warmupSeconds }),
      );
    for (const connections of levels) {
      log(`large: floor GET /v1/health at ${connections} connections`);
      out.health.push({ connections, http: await load(`${base}/v1/health`, {}, connections) });
    }
    const specs = (await requestsOf(pool, users)).filter((s) => PICKED.test(`${s.name} (${s.who})`));
    const first = specs[0];
    await expectOk(`${base}${first.path}`, headers(first.who));
    const sent = await countSent(opened.database.db, async () => {
      for (let i = 0; i < PROBES; i++) await expectOk(`${base}${first.path}`, headers(first.who));
    });
    out.sent = { requests: PROBES, ...sent };
    for (const [i, spec] of specs.entries()) {
      const { body, bytes } = await expectOk(`${base}${spec.path}`, headers(spec.who));
      const page = body as { data: unknown; total?: number };
      const captured = await capture(pool, spec.call);
      const atOnceFrom = Math.max(0, Math.min(spec.atOnceFrom(captured.length), captured.length));
      floor.add(String(i), { statements: captured, atOnceFrom });
      const request: LargeRequest = {
        name: spec.name,
        who: spec.who,
        kind: spec.kind,
        path: spec.path,
        bytes,
        rows: Array.isArray(page.data) ? page.data.length : null,
        total: page.total ?? null,
        statements: [],
        atOnceFrom,
        runs: [],
      };
      for (const connections of levels) {
        const rounds: LargeRequest['runs'] = [];
        // At many connections a share moves by up to 30 points between runs (load generator, server and
        // database on the same cores): product and floor measured in turn ROUNDS times, the median kept.
        for (let r = 0; r < (connections > 1 ? ROUNDS : 1); r++) {
          log(`large: ${spec.name} (${spec.who}) at ${connections} connections: HTTP, floor, floor with session`);
          const http = await load(`${base}${spec.path}`, headers(spec.who), connections);
          const bare = await load(`${floor.url}/floor/${i}`, {}, connections);
          const session = await load(`${floor.url}/floor/${i}?session=1`, {}, connections);
          for (const [what, x] of [
            ['HTTP', http],
            ['floor', bare],
            ['floor with session', session],
          ] as const)
            if (x.non2xx + x.errors + x.timeouts > 0)
              out.problems.push(
                `${spec.name} (${spec.who}, ${connections} conn., ${what}): ${x.non2xx} non-2xx, ${x.errors} errors, ${x.timeouts} timeouts`,
              );
          rounds.push({ connections, http, floor: bare, floorSession: session });
        }
        const shares = rounds.map((x) => shareOf(x.http, floorOf(out, x)));
        const median = [...shares].sort((a, b) => a - b)[Math.floor(shares.length / 2)];
        request.runs.push({ ...rounds[shares.indexOf(median)], ...(rounds.length > 1 ? { shares } : {}) });
      }
      for (const s of captured) request.statements.push(await explain(pool, s));
      out.requests.push(request);
    }
  } finally {
    await floor.close();
  }
};
