import pg from 'pg';
import type { Db } from '../../server/db';
import { seedDemo } from '../../server/demo/seed';
import { accountReportPage } from '../../server/services/reports/account-reports';
import type { SessionUser } from '../../server/services/common/session-user';
import { dashboardFigures } from '../../server/services/reports/boards';
import { periodOf } from '../../server/services/reports/periods';
import { vendorBoardFigures } from '../../server/services/reports/vendor-board';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import { istDayStart } from '../../domain/format';
import { TEST_HASH_COST } from '../support/server';
import { benchExport, judge, type BoardsExports } from './boards-export';
import { onCleanup } from './cleanup';
import { runLoad, type LoadResult } from './load';
import { measured, type Measured } from './measured';
import { expectOk, signIn } from './measure';
import { BIG_MERCHANT } from './seed/deposits';
import { seedBoards, type BoardsSeed } from './seed/boards';
import { poolOf } from './seed/scale';
import type { Settings } from './settings';
import { capture, closedLoop, explain, istDay, type Latency, type Statement } from './sql-probes';
import { openBenchDatabase, postgresReachable, startApp } from './targets';

/**
 * Issue 13, item 9: the Dashboard, the Vendor Board and the Accounts report read from the rollups,
 * over the deposits bench's pay-ins (BOARDS_PAYINS, 1,000,000) and the pay-outs bench's pay-outs
 * (BOARDS_PAYOUTS, 500,000) with their rollups filled (seed/boards.ts): each request over HTTP
 * (startApp: buildApp in this process, its pool of 10) as ADMIN at 1 and BOARDS_CONNECTIONS
 * connections, beside the bare route GET /v1/health and the bare SQL of the statements the service
 * sends; then the Payins report's CSV of every pay-in from the product in a child process, timed,
 * its lines counted and its resident memory sampled.
 */
const knob = (name: string, fallback: number) => {
  const v = Number(process.env[name] || fallback);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} must be a positive whole number`);
  return v;
};
const PAYINS = knob('BOARDS_PAYINS', 1_000_000);
const PAYOUTS = knob('BOARDS_PAYOUTS', 500_000);
const CONNECTIONS = knob('BOARDS_CONNECTIONS', 10);
/** The targets. */
export const DASHBOARD_P99_MS = 50;
/** The server's pool (openDatabase's default): the bare SQL gets as many connections. */
const SERVER_POOL = 10;

export interface BoardsRequest {
  name: string;
  path: string;
  bytes: number;
  runs: { connections: number; http: Measured<LoadResult>; sql: Measured<Latency> }[];
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement the service sends, in order. */
  statements: Statement[];
  /** Statements from this one on are sent at once (Promise.all in the service). */
  atOnceFrom: number;
}
export interface BoardsResult {
  skipped?: string;
  version?: string;
  where?: string;
  seed?: BoardsSeed;
  periods?: { board: { from: string; to: string }; report: { from: string; to: string } };
  floor: { connections: number; http: Measured<LoadResult> }[];
  requests: BoardsRequest[];
  export?: BoardsExports;
  /** Each target of the issue: its figure as shown and as a number (ms, s or MB, as the target says). */
  targets: { what: string; target: string; figure: string; value: number | null; met: boolean }[];
  problems: string[];
}

export const failed = (r: LoadResult) => r.non2xx + r.errors + r.timeouts;

export const benchBoards = async (settings: Settings, log: (line: string) => void): Promise<BoardsResult> => {
  const out: BoardsResult = { floor: [], requests: [], targets: [], problems: [] };
  const reason = await postgresReachable(settings.postgresUrl);
  if (reason) return { ...out, skipped: `PostgreSQL not reachable: ${reason}` };
  const opened = await openBenchDatabase('postgres', settings.postgresUrl);
  out.version = opened.version;
  out.where = opened.where;
  const bare = new pg.Pool({ connectionString: opened.url, max: SERVER_POOL });
  const closeBare = onCleanup('boards bare pool', () => bare.end());
  try {
    setPasswordHashCost(TEST_HASH_COST);
    const { db } = opened.database;
    await seedDemo(db);
    const pool = poolOf(opened.database);
    log(
      `boards: generating ${PAYINS.toLocaleString('en-US')} pay-ins, ${PAYOUTS.toLocaleString('en-US')} pay-outs and their rollups in SQL`,
    );
    out.seed = await seedBoards(db, pool, PAYINS, PAYOUTS);
    out.problems.push(...out.seed.disagreements);
    const { rows } = await pool.query<{ id: string; first: string }>(
      `SELECT (SELECT id FROM users WHERE user_name = 'admin') AS id,
         (SELECT to_char(min(created_at) AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') FROM payins) AS first`,
    );
    const admin: SessionUser = {
      id: rows[0].id,
      userName: 'admin',
      role: 'ADMIN',
      merchantCodes: [],
      vendorCode: null,
      sessionId: '',
    };
    const board = { from: istDay(29), to: istDay(0) };
    const report = { from: [istDay(89), rows[0].first].sort()[0], to: istDay(0) };
    out.periods = { board, report };

    const server = await startApp(opened.database);
    try {
      await benchRequests(out, settings, log, server.url, pool, bare, admin);
    } finally {
      await server.close();
    }
    await benchExport(out, log, opened.url!, pool, db, admin);
  } finally {
    await closeBare();
    await opened.close();
  }
  judge(out);
  return out;
};

const benchRequests = async (
  out: BoardsResult,
  settings: Settings,
  log: (line: string) => void,
  base: string,
  pool: pg.Pool,
  bare: pg.Pool,
  admin: SessionUser,
) => {
  const headers = { authorization: `Bearer ${await signIn(base, 'admin')}` };
  const { board, report } = out.periods!;
  const b = `from=${board.from}&to=${board.to}`;
  const r = `from=${report.from}&to=${report.to}&page=1&pageSize=100`;
  const q = { includeSubMerchants: true };
  const specs: { name: string; path: string; call: (db: Db) => Promise<unknown>; atOnceFrom: number }[] = [
    {
      name: 'Dashboard, all merchants, 30 days',
      path: `/v1/dashboard?${b}`,
      call: (db) => dashboardFigures(db, admin, board),
      atOnceFrom: 1,
    },
    {
      name: `Dashboard, ${BIG_MERCHANT}, 30 days`,
      path: `/v1/dashboard?merchantCode=${BIG_MERCHANT}&${b}`,
      call: (db) => dashboardFigures(db, admin, { merchantCode: [BIG_MERCHANT], ...board }),
      atOnceFrom: 1,
    },
    {
      name: 'Vendor Board, VEN-ALPHA, 30 days',
      path: `/v1/vendor-board?vendorCode=VEN-ALPHA&${b}`,
      call: (db) => vendorBoardFigures(db, admin, { vendorCode: 'VEN-ALPHA', ...board }),
      atOnceFrom: 1,
    },
    {
      name: 'Accounts report, page 1 of 100, 90 days',
      path: `/v1/reports/accounts?${r}`,
      call: (db) =>
        accountReportPage(db, admin, 'merchants', q, periodOf(report.from, report.to), { offset: 0, limit: 100 }),
      atOnceFrom: Infinity,
    },
    {
      name: `Accounts report, ${BIG_MERCHANT}, 90 days`,
      path: `/v1/reports/accounts?merchantCode=${BIG_MERCHANT}&${r}`,
      call: (db) =>
        accountReportPage(
          db,
          admin,
          'merchants',
          { ...q, merchantCode: [BIG_MERCHANT] },
          periodOf(report.from, report.to),
          {
            offset: 0,
            limit: 100,
          },
        ),
      atOnceFrom: Infinity,
    },
  ];
  const levels = [...new Set([1, CONNECTIONS])];
  const load = (url: string, h: Record<string, string>, connections: number) =>
    measured(
      () => runLoad({ url, headers: h, connections, seconds: settings.seconds }),
      () => runLoad({ url, headers: h, connections, seconds: settings.warmupSeconds }),
    );
  for (const connections of levels) {
    log(`boards: floor GET /v1/health at ${connections} connections`);
    out.floor.push({ connections, http: await load(`${base}/v1/health`, {}, connections) });
  }
  for (const spec of specs) {
    const { body, bytes } = await expectOk(`${base}${spec.path}`, headers);
    if (spec.path.startsWith('/v1/dashboard?from')) await checkDashboard(out, pool, body);
    const captured = await capture(pool, spec.call);
    const atOnceFrom = Math.min(spec.atOnceFrom, captured.length);
    const request: BoardsRequest = { name: spec.name, path: spec.path, bytes, runs: [], statements: [], atOnceFrom };
    // As the service sends them: the first ones one after another, the rest at once, on a pool of the server's size.
    const once = async () => {
      for (const s of captured.slice(0, atOnceFrom)) await bare.query(s.sql, s.params);
      await Promise.all(captured.slice(atOnceFrom).map((s) => bare.query(s.sql, s.params)));
    };
    for (const connections of levels) {
      log(`boards: ${spec.name} at ${connections} connections, HTTP and bare SQL`);
      const http = await load(`${base}${spec.path}`, headers, connections);
      if (failed(http) > 0)
        out.problems.push(
          `${spec.path} (${connections} conn.): ${http.non2xx} non-2xx, ${http.errors} errors, ${http.timeouts} timeouts`,
        );
      const sql = await measured(
        () => closedLoop(connections, settings.seconds, once),
        () => closedLoop(connections, settings.warmupSeconds, once),
      );
      request.runs.push({ connections, http, sql });
    }
    for (const s of captured) request.statements.push(await explain(pool, s));
    out.requests.push(request);
  }
};

/** The Dashboard's pay-in count against the pay-ins themselves: the rollups say what the rows say. */
const checkDashboard = async (out: BoardsResult, pool: pg.Pool, body: unknown) => {
  const { board } = out.periods!;
  const shown = (body as { data: { deposit: { count: number } } }).data.deposit.count;
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM payins WHERE status = 'SUCCESS' AND NOT test AND completed_at >= $1 AND completed_at < $2`,
    [istDayStart(board.from), istDayStart(board.to, 1)],
  );
  if (Number(rows[0].n) !== shown)
    out.problems.push(
      `the Dashboard shows ${shown} pay-ins over ${board.from}…${board.to}, the pay-ins say ${rows[0].n}`,
    );
};
