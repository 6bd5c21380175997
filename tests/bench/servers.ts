import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { seedDemo } from '../../server/demo/seed';
import type { SessionUser } from '../../server/services/common/session-user';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import { listPayins } from '../../server/services/payins/payins-list';
import { PAYIN_VIEWS } from '../../domain/payin';
import { TEST_HASH_COST } from '../support/server';
import { onCleanup } from './cleanup';
import { runLoad, type LoadResult } from './load';
import { measured, others, type Measured } from './measured';
import { expectOk, signIn } from './measure';
import { startProduct, type Product } from './product';
import { seedDeposits } from './seed/deposits';
import { poolOf } from './seed/scale';
import type { Settings } from './settings';
import { capture, closedLoop } from './sql-probes';
import { round } from './stats';
import { fmt, table } from './table';
import { openBenchDatabase, postgresReachable } from './targets';

/** Pay-ins generated for the section (SERVERS_PAYINS): the staff In Progress list reads the newest open ones. */
const PAYINS = Math.round(Number(process.env.SERVERS_PAYINS) || 200_000);
/** The numbers of server processes measured side by side. */
const PROCESSES = [1, 2, 4];
const PAGE1 = { page: 1, pageSize: 25, sortBy: 'createdAt', sortOrder: 'desc' } as const;

export interface ServersRun {
  processes: number;
  http: Measured<LoadResult>;
}
export interface ServersResult {
  skipped?: string;
  payins?: number;
  path?: string;
  connections: number;
  /** The list's statements one after the other on `connections` bare connections: what the database allows. */
  floor?: Measured<{ perSec: number; p50: number; p99: number }>;
  runs: ServersRun[];
  problems: string[];
}

/**
 * Issue 32: the staff In Progress list through one, two and four server processes on one PostgreSQL,
 * the load generator spreading its connections round-robin over them (the balancer), beside the
 * same statements sent straight to the database (the floor) in the same run.
 */
export const benchServers = async (settings: Settings, log: (line: string) => void): Promise<ServersResult> => {
  const connections = settings.connections;
  const out: ServersResult = { connections, runs: [], problems: [] };
  const reason = await postgresReachable(settings.postgresUrl);
  if (reason) return { ...out, skipped: `PostgreSQL not reachable: ${reason}` };
  const opened = await openBenchDatabase('postgres', settings.postgresUrl);
  const bare = new pg.Pool({ connectionString: opened.url, max: connections });
  const closeBare = onCleanup('servers bare pool', () => bare.end());
  try {
    setPasswordHashCost(TEST_HASH_COST);
    await seedDemo(opened.database.db);
    const pool = poolOf(opened.database);
    log(`servers: generating ${PAYINS.toLocaleString('en-US')} pay-ins in SQL`);
    await seedDeposits(pool, PAYINS);
    out.payins = PAYINS;
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM users WHERE user_name = 'admin'`);
    const admin: SessionUser = {
      ...{ id: rows[0].id, userName: 'admin', role: 'ADMIN', merchantCodes: [], vendorCode: null, sessionId: '' },
    };
    const filters = { status: [...PAYIN_VIEWS.progress] };
    const statements = await capture(pool, (db) => listPayins(db, admin, filters, PAGE1));
    const path = `/v1/payins?status=${PAYIN_VIEWS.progress.join(',')}&page=1&pageSize=25`;
    out.path = path;

    log(`servers: same-SQL floor at ${connections} connections`);
    const clients = await Promise.all(Array.from({ length: connections }, () => bare.connect()));
    try {
      const once = async (w: number) => {
        for (const s of statements) await clients[w].query(s.sql, s.params);
      };
      const floor = await measured(
        () => closedLoop(connections, settings.seconds, once),
        () => closedLoop(connections, settings.warmupSeconds, once),
      );
      out.floor = { ...floor, perSec: round(floor.perSec, 0) };
    } finally {
      for (const c of clients) c.release();
    }

    // One secret for all: a token signed by one process is accepted by the others.
    const env = {
      DATABASE_URL: opened.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      CALLBACK_WORKER: 'false',
      REQUIRE_2FA_ROLES: 'none',
    };
    for (const n of PROCESSES) {
      const products: Product[] = [];
      try {
        for (let i = 0; i < n; i++) products.push(await startProduct(env));
        const token = await signIn(products[0].url, 'admin');
        const headers = { authorization: `Bearer ${token}` };
        for (const p of products) await expectOk(`${p.url}${path}`, headers);
        log(`servers: ${n} process(es) at ${connections} connections, round-robin`);
        const urls = products.map((p) => `${p.url}${path}`);
        const http = await measured(
          () => runLoad({ url: urls, headers, connections, seconds: settings.seconds }),
          () => runLoad({ url: urls, headers, connections, seconds: settings.warmupSeconds }),
        );
        if (http.non2xx + http.errors + http.timeouts > 0)
          out.problems.push(`${n} processes: ${http.non2xx} non-2xx, ${http.errors} errors, ${http.timeouts} timeouts`);
        out.runs.push({ processes: n, http });
      } finally {
        await Promise.all(products.map((p) => p.stop()));
      }
    }
  } finally {
    await closeBare();
    await opened.close();
  }
  return out;
};

const ratio = (a: number, b: number | undefined) => (b ? `${fmt((a / b) * 100, 0)} %` : '–');

export const serversReport = (r: ServersResult): string[] => {
  if (r.skipped) return [`N servers: skipped (${r.skipped})`];
  const one = r.runs.find((run) => run.processes === 1)?.http.reqPerSec;
  const floor = r.floor?.perSec;
  return [
    `N servers on one PostgreSQL: staff In Progress list (${r.path}) over ${r.payins?.toLocaleString('en-US')} pay-ins, ${r.connections} connections spread round-robin by the load generator`,
    table(
      ['processes', 'req/s', 'p50 ms', 'p99 ms', 'of 1 process', 'of same-SQL floor', 'others'],
      [
        [
          'same-SQL floor',
          fmt(floor ?? 0, 0),
          fmt(r.floor?.p50 ?? 0, 1),
          fmt(r.floor?.p99 ?? 0, 1),
          '',
          '',
          others(r.floor?.otherCpu),
        ],
        ...r.runs.map((run) => [
          String(run.processes),
          fmt(run.http.reqPerSec, 0),
          fmt(run.http.latencyMs.p50, 1),
          fmt(run.http.latencyMs.p99, 1),
          ratio(run.http.reqPerSec, one),
          ratio(run.http.reqPerSec, floor),
          others(run.http.otherCpu),
        ]),
      ],
    ),
    'Every process, the database and the load generator share the same cores: more processes add event loops, not cores.',
  ];
};
