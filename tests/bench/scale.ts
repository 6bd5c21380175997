import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../server/db';
import * as schema from '../../server/db/schema';
import { exportBankAccounts, listBankAccounts } from '../../server/services/bank-accounts/bank-accounts-list';
import { exportMerchants, listMerchants } from '../../server/services/merchants/merchants-list';
import type { SessionUser } from '../../server/services/common/session-user';
import { EXPORT_BATCH, type Batches } from '../../server/services/common/csv';
import type { Cursor, Paging } from '../../server/services/common/lists';
import { runLoad, type LoadResult } from './load';
import { measured, others, type Measured } from './measured';
import { expectOk, signIn } from './measure';
import { resetPeakRss, startProduct } from './product';
import { poolOf, seedAll, type SeedResult } from './seed/scale';
import type { Settings } from './settings';
import { memoryMb } from './startup';
import { round } from './stats';
import { fmt, table } from './table';
import { openBenchDatabase, postgresReachable } from './targets';

type Token = 'ADMIN' | 'VENDOR';
/** The demo user of each token (VENDOR: the demo vendor VEN-ALPHA, one of the vendors the accounts are spread over). */
const USERS: Record<Token, string> = { ADMIN: 'admin', VENDOR: 'vendor' };

export type LoadFigures = Measured<LoadResult> & { meanFromRateMs: number };

/** One node of an EXPLAIN (FORMAT JSON) plan, the fields read here. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  'Actual Total Time'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Filter?: string;
  'Index Cond'?: string;
  'Rows Removed by Filter'?: number;
  'Sort Key'?: string[];
  'Sort Method'?: string;
  'Join Type'?: string;
  Plans?: PlanNode[];
}

export interface StatementPlan {
  sql: string;
  params: unknown[];
  planningMs: number;
  executionMs: number;
  /** The plan, one node a line (indented), as read from EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON). */
  lines: string[];
  hints: string[];
}

export interface Explained {
  statements: StatementPlan[];
  slowest: StatementPlan | null;
  error?: string;
}

export interface ListResult {
  path: string;
  token: Token;
  rows: number;
  total: number;
  bytes: number;
  runs: { connections: number; load: LoadFigures }[];
  /** p50 at 1 connection above BENCH_SLOW_MS. */
  slow: boolean;
  plans?: Explained;
}

export interface ExportResult {
  path: string;
  rows: number;
  expected: number;
  bytes: number;
  firstChunkMs: number;
  totalMs: number;
  rowsPerSec: number;
  rssBeforeMb: number | null;
  peakRssMb: number | null;
  /** VmHWM after resetting it just before the request; else the highest 20 ms sample. */
  peakFrom: 'VmHWM' | 'samples';
  /** The last batch's statements (the deepest cursor). */
  lastBatch?: Explained;
}

export interface ScaleResult {
  version?: string;
  where?: string;
  skipped?: string;
  seed?: SeedResult;
  vendorFilter?: string;
  lists: ListResult[];
  exports: Measured<ExportResult>[];
  slowMs: number;
  problems: string[];
}

// ---------------------------------------------------------------- query plans

const num = (v: number | undefined, digits = 2) => (v === undefined ? '?' : fmt(v, digits));

const planLines = (node: PlanNode, depth = 0, out: string[] = []): string[] => {
  const parts = [node['Node Type']];
  if (node['Join Type'] && node['Node Type'].includes('Join')) parts[0] = `${node['Join Type']} ${node['Node Type']}`;
  if (node['Index Name']) parts.push(`using ${node['Index Name']}`);
  if (node['Relation Name']) parts.push(`on ${node['Relation Name']}`);
  if (node['Subplan Name']) parts.unshift(`[${node['Subplan Name']}]`);
  const loops = node['Actual Loops'] ?? 1;
  parts.push(
    `(${num(node['Actual Total Time'], 3)} ms, ${node['Actual Rows'] ?? '?'} rows${loops > 1 ? ` × ${loops} loops` : ''})`,
  );
  if (node['Sort Key'])
    parts.push(`by ${node['Sort Key'].join(', ')}${node['Sort Method'] ? ` [${node['Sort Method']}]` : ''}`);
  if (node['Index Cond']) parts.push(`cond ${node['Index Cond']}`);
  if (node.Filter)
    parts.push(
      `filter ${node.Filter}${node['Rows Removed by Filter'] ? `, ${node['Rows Removed by Filter']} removed` : ''}`,
    );
  out.push(`${'  '.repeat(depth)}${parts.join(' ')}`);
  for (const child of node.Plans ?? []) planLines(child, depth + 1, out);
  return out;
};

/** Heuristic notes on a plan: big sequential scans, big sorts, per-row sub-plans. The reading stays with a person. */
const planHints = (root: PlanNode): string[] => {
  const hints: string[] = [];
  const walk = (node: PlanNode) => {
    const loops = node['Actual Loops'] ?? 1;
    const read = ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * loops;
    if (node['Node Type'] === 'Seq Scan' && read >= 5000) {
      const filter = node.Filter ?? '';
      let why = `reads ${read} rows${filter ? ` to keep ${(node['Actual Rows'] ?? 0) * loops} (filter ${filter})` : ''}`;
      if (/~~\*|ILIKE/i.test(filter) && /'%/.test(filter))
        why += ': a leading-wildcard ILIKE cannot use a btree index (a pg_trgm GIN index on the column could)';
      hints.push(`Seq Scan on ${node['Relation Name']} ${why}`);
    }
    if (node['Node Type'] === 'Sort' && (node['Actual Rows'] ?? 0) * loops >= 5000) {
      hints.push(
        `Sort of ${(node['Actual Rows'] ?? 0) * loops} rows by ${(node['Sort Key'] ?? []).join(', ')} [${node['Sort Method'] ?? '?'}]: no index gives that order under this filter`,
      );
    }
    if (node['Parent Relationship'] === 'SubPlan' && loops >= 1000) {
      hints.push(
        `${node['Subplan Name'] ?? 'sub-plan'} runs ${loops} times (${num((node['Actual Total Time'] ?? 0) * loops, 1)} ms in all): once per row read, skipped OFFSET rows included`,
      );
    }
    if (node['Node Type'] === 'Limit' || node['Node Type'] === 'Incremental Sort') {
      /* nothing to note */
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  return [...new Set(hints)];
};

const EXPLAIN_RUNS = 3;

/**
 * The statements the service code sends for a request, captured through the ORM's logger on a
 * separate instance over the same pool, then each run again under EXPLAIN (ANALYZE, BUFFERS), the fastest of EXPLAIN_RUNS runs kept.
 */
const explain = async (pool: ReturnType<typeof poolOf>, call: (db: Db) => Promise<unknown>): Promise<Explained> => {
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => void captured.push({ sql, params }) },
  }) as unknown as Db;
  try {
    await call(db);
    const statements: StatementPlan[] = [];
    for (const { sql, params } of captured) {
      // The fastest of a few runs: one run is easily slowed down by other processes on the cores.
      let plan: { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number } | undefined;
      for (let i = 0; i < EXPLAIN_RUNS; i++) {
        const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
        const run = (rows[0] as { 'QUERY PLAN': NonNullable<typeof plan>[] })['QUERY PLAN'][0];
        if (!plan || run['Execution Time'] < plan['Execution Time']) plan = run;
      }
      if (!plan) continue;
      statements.push({
        sql,
        params,
        planningMs: round(plan['Planning Time'], 3),
        executionMs: round(plan['Execution Time'], 3),
        lines: planLines(plan.Plan),
        hints: planHints(plan.Plan),
      });
    }
    const slowest = statements.reduce<StatementPlan | null>(
      (a, s) => (!a || s.executionMs > a.executionMs ? s : a),
      null,
    );
    return { statements, slowest };
  } catch (error) {
    return { statements: [], slowest: null, error: (error as Error).message };
  }
};

// ---------------------------------------------------------------- exports

const countLines = (chunk: Uint8Array) => {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
};

/**
 * The body of a GET as a stream, inflated as its Content-Encoding says. Read with node:http and
 * zlib: the built-in fetch, run under the bench's loader, inflated a compressed million-row export
 * at a tenth of the server's pace (1.2 cores in this process against 0.08 in the server's).
 */
const responseBody = (url: string, headers: Record<string, string>) =>
  new Promise<Readable>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        if (res.statusCode !== 200) {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => reject(new Error(`GET ${url} answered ${res.statusCode}: ${text.slice(0, 300)}`)));
          return;
        }
        const encoding = res.headers['content-encoding'];
        const inflate =
          encoding === 'gzip'
            ? zlib.createGunzip()
            : encoding === 'deflate'
              ? zlib.createInflate()
              : encoding === 'br'
                ? zlib.createBrotliDecompress()
                : null;
        resolve(inflate ? res.pipe(inflate) : res);
      })
      .on('error', reject);
  });

/** One CSV export read as a stream (lines counted, nothing kept), with the server's peak memory meanwhile. */
export const exportOnce = async (
  url: string,
  headers: Record<string, string>,
  pid: number,
  expected: number,
): Promise<Omit<ExportResult, 'path'>> => {
  const rssBeforeMb = memoryMb(pid, 'VmRSS');
  const reset = resetPeakRss(pid);
  let sampled = rssBeforeMb ?? 0;
  const timer = setInterval(() => {
    const now = memoryMb(pid, 'VmRSS');
    if (now !== null && now > sampled) sampled = now;
  }, 20);
  try {
    const t0 = performance.now();
    const body = await responseBody(url, headers);
    let firstChunkMs = NaN;
    let bytes = 0;
    let lines = 0;
    let last = 10;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (Number.isNaN(firstChunkMs)) firstChunkMs = performance.now() - t0;
      bytes += chunk.length;
      lines += countLines(chunk);
      if (chunk.length > 0) last = chunk[chunk.length - 1];
    }
    const totalMs = performance.now() - t0;
    if (bytes > 0 && last !== 10) lines++;
    const hwm = reset ? memoryMb(pid, 'VmHWM') : null;
    const rows = Math.max(0, lines - 1);
    return {
      rows,
      expected,
      bytes,
      firstChunkMs: round(firstChunkMs, 1),
      totalMs: round(totalMs, 1),
      rowsPerSec: round(rows / (totalMs / 1000), 0),
      rssBeforeMb: rssBeforeMb === null ? null : round(rssBeforeMb, 1),
      peakRssMb: round(Math.max(hwm ?? 0, sampled), 1) || null,
      peakFrom: hwm !== null ? 'VmHWM' : 'samples',
    };
  } finally {
    clearInterval(timer);
  }
};

// ---------------------------------------------------------------- the section

/** Where the last batch of an export starts: the cursor after every full batch before it. */
const lastCursor = async (batches: Batches): Promise<Cursor | undefined> => {
  let after: Cursor | undefined;
  for (;;) {
    const { rows, next } = await batches(after, EXPORT_BATCH);
    if (rows.length < EXPORT_BATCH || !next) return after;
    after = next;
  }
};

const PAGE1: Paging<'createdAt'> = { page: 1, pageSize: 25, sortBy: 'createdAt', sortOrder: 'desc' };

/**
 * Lists and exports of merchants and bank accounts over generated data on a throwaway PostgreSQL
 * database, served by the product in a process of its own (so its memory is its own).
 */
export const benchScale = async (settings: Settings, log: (line: string) => void): Promise<ScaleResult> => {
  const out: ScaleResult = { lists: [], exports: [], slowMs: settings.slowMs, problems: [] };
  const reason = await postgresReachable(settings.postgresUrl);
  if (reason) {
    out.skipped = `PostgreSQL not reachable: ${reason}`;
    return out;
  }
  log('scale: opening a throwaway PostgreSQL database');
  const opened = await openBenchDatabase('postgres', settings.postgresUrl);
  out.version = opened.version;
  out.where = opened.where;
  try {
    log(
      `scale: seeding ${settings.scaleMerchants} merchants, ${settings.scaleBankAccounts} bank accounts over ${settings.scaleVendors} vendors`,
    );
    out.seed = await seedAll(opened.database, {
      merchants: settings.scaleMerchants,
      bankAccounts: settings.scaleBankAccounts,
      vendors: settings.scaleVendors,
    });
    const pool = poolOf(opened.database);
    const { rows: vendorRows } = await pool.query<{ code: string }>(
      `SELECT code FROM vendors WHERE code <> 'VEN-ALPHA' ORDER BY code`,
    );
    const vendorCode = vendorRows[Math.min(vendorRows.length - 1, 7)]?.code ?? 'VEN-BETA';
    out.vendorFilter = vendorCode;

    const { rows: people } = await pool.query<{
      id: string;
      user_name: string;
      role: SessionUser['role'];
      vendor_code: string | null;
    }>(`SELECT id, user_name, role, vendor_code FROM users WHERE user_name = ANY($1)`, [Object.values(USERS)]);
    const session = (token: Token): SessionUser => {
      const p = people.find((u) => u.user_name === USERS[token]);
      if (!p) throw new Error(`demo user ${USERS[token]} missing`);
      return {
        id: p.id,
        userName: p.user_name,
        role: p.role,
        merchantCodes: [],
        vendorCode: p.vendor_code,
        sessionId: '',
      };
    };

    log('scale: starting the product on that database');
    const product = await startProduct({ DATABASE_URL: opened.url!, AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
    try {
      const tokens: Record<Token, Record<string, string>> = {
        ADMIN: { authorization: `Bearer ${await signIn(product.url, USERS.ADMIN)}` },
        VENDOR: { authorization: `Bearer ${await signIn(product.url, USERS.VENDOR)}` },
      };
      const lists: { path: string; token: Token; reproduce: (db: Db) => Promise<unknown> }[] = [
        {
          path: '/v1/merchants?page=1&pageSize=25&sortBy=createdAt&sortOrder=desc',
          token: 'ADMIN',
          reproduce: (db) => listMerchants(db, session('ADMIN'), {}, PAGE1),
        },
        {
          path: '/v1/merchants?page=200&pageSize=25&code=M1',
          token: 'ADMIN',
          reproduce: (db) => listMerchants(db, session('ADMIN'), { code: 'M1' }, { ...PAGE1, page: 200 }),
        },
        {
          path: '/v1/bank-accounts?page=1&pageSize=25',
          token: 'ADMIN',
          reproduce: (db) => listBankAccounts(db, session('ADMIN'), {}, PAGE1),
        },
        {
          path: `/v1/bank-accounts?vendorCode=${encodeURIComponent(vendorCode)}&page=1&pageSize=25`,
          token: 'ADMIN',
          reproduce: (db) => listBankAccounts(db, session('ADMIN'), { vendorCode }, PAGE1),
        },
        {
          path: '/v1/bank-accounts?page=1&pageSize=25',
          token: 'VENDOR',
          reproduce: (db) => listBankAccounts(db, session('VENDOR'), {}, PAGE1),
        },
      ];

      for (const spec of lists) {
        const url = `${product.url}${spec.path}`;
        const headers = tokens[spec.token];
        const { body, bytes } = await expectOk(url, headers);
        const page = body as { data: unknown[]; total: number };
        const result: ListResult = {
          path: spec.path,
          token: spec.token,
          rows: page.data.length,
          total: page.total,
          bytes,
          runs: [],
          slow: false,
        };
        out.lists.push(result);
        if (page.data.length === 0)
          out.problems.push(`GET ${spec.path} (${spec.token}): an empty page (${page.total} in all)`);
        for (const connections of [...new Set([1, settings.connections])]) {
          log(`scale: GET ${spec.path} as ${spec.token}, ${connections} connection${connections > 1 ? 's' : ''}`);
          const opts = { url, headers, connections };
          const r = await measured(
            () => runLoad({ ...opts, seconds: settings.seconds }),
            () => runLoad({ ...opts, seconds: settings.warmupSeconds }),
          );
          result.runs.push({
            connections,
            load: { ...r, meanFromRateMs: round((r.connections * 1000) / r.reqPerSec, 3) },
          });
          if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) {
            out.problems.push(
              `GET ${spec.path} (${spec.token}, ${connections} conn.): ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts of ${r.requests} requests`,
            );
          }
        }
        const single = result.runs.find((x) => x.connections === 1)?.load;
        result.slow = single !== undefined && single.latencyMs.p50 > settings.slowMs;
        result.plans = await explain(pool, spec.reproduce);
      }

      const exports: { path: string; expected: number; batches: (db: Db) => Promise<Batches> }[] = [
        {
          path: '/v1/merchants/export',
          expected: out.seed.merchants,
          batches: (db) => exportMerchants(db, session('ADMIN'), {}, PAGE1),
        },
        {
          path: '/v1/bank-accounts/export',
          expected: out.seed.bankAccounts,
          batches: (db) => exportBankAccounts(db, session('ADMIN'), {}, PAGE1),
        },
      ];
      for (const spec of exports) {
        log(`scale: GET ${spec.path} (${spec.expected} rows expected), streamed`);
        const r = await measured(async () => ({
          path: spec.path,
          ...(await exportOnce(`${product.url}${spec.path}`, tokens.ADMIN, product.pid, spec.expected)),
        }));
        const cursor = await lastCursor(await spec.batches(opened.database.db));
        r.lastBatch = await explain(pool, async (db) => (await spec.batches(db))(cursor, EXPORT_BATCH));
        out.exports.push(r);
        if (r.rows !== spec.expected) out.problems.push(`GET ${spec.path}: ${r.rows} rows, ${spec.expected} expected`);
      }
    } finally {
      await product.stop();
    }
  } finally {
    await opened.close();
  }
  return out;
};

// ---------------------------------------------------------------- report

/** A statement in a few words: what it selects from which table. */
const shape = (sql: string) => {
  let top = sql;
  while (/\([^()]*\)/.test(top)) top = top.replace(/\([^()]*\)/g, '');
  const table = /\bfrom\s+"?(\w+)"?/i.exec(top)?.[1] ?? '?';
  const what = /^\s*select\s+count\(\*\)/i.test(sql) ? 'count(*)' : 'rows';
  return `${what} from ${table}${/\boffset\b/i.test(sql) ? ' (offset)' : ''}`;
};

const s1 = (ms: number) => fmt(ms / 1000, 1);
const thousands = (n: number) => n.toLocaleString('en-US');

export const scaleReport = (r: ScaleResult, connections: number): string[] => {
  const out: string[] = [];
  if (r.skipped) return [`6. Lists at scale on PostgreSQL: skipped (${r.skipped})`];
  out.push(
    `6. Lists at scale on PostgreSQL ${r.version ?? '?'} (${r.where ?? ''}); the product in a process of its own (its pool: 10 connections), load generator in a child process`,
  );
  const s = r.seed;
  if (s) {
    out.push(
      `   Seed (INSERT … SELECT generate_series, then ANALYZE): ${thousands(s.merchants)} merchants (${thousands(s.subMerchants)} sub-merchants, ${thousands(s.codeM1)} match code=M1),`,
      `   ${thousands(s.bankAccounts)} bank accounts over ${s.vendors} vendors (${thousands(s.accountsPerVendor.min)}–${thousands(s.accountsPerVendor.max)} each), ${thousands(s.links)} merchant links:`,
      `   ${s1(s.ms.total)} s in all (demo data ${s1(s.ms.demo)}, vendors ${s1(s.ms.vendors)}, merchants ${s1(s.ms.merchants)}, bank accounts ${s1(s.ms.bankAccounts)}, links ${s1(s.ms.links)}, analyze ${s1(s.ms.analyze)}).`,
    );
  }
  const rows: (string | number)[][] = [];
  for (const l of r.lists) {
    l.runs.forEach(({ connections: c, load }, i) =>
      rows.push([
        i === 0 ? `GET ${l.path}` : '',
        i === 0 ? l.token : '',
        i === 0 ? `${l.rows}/${thousands(l.total)}` : '',
        c,
        fmt(load.reqPerSec, 0),
        fmt(load.meanFromRateMs, 2),
        fmt(load.latencyMs.p50, 0),
        fmt(load.latencyMs.p97_5, 0),
        fmt(load.latencyMs.p99, 0),
        load.non2xx + load.errors + load.timeouts,
        others(load.otherCpu),
      ]),
    );
  }
  out.push(
    '',
    `   6a. Lists (${connections > 1 ? `1 and ${connections} connections` : '1 connection'}; mean = connections ÷ req/s)`,
  );
  out.push(
    table(
      [
        'request',
        'token',
        'rows/total',
        'conn',
        'req/s',
        'mean ms',
        'p50 ms',
        'p97.5 ms',
        'p99 ms',
        'failed',
        'others before / during',
      ],
      rows,
    ),
  );

  out.push('', '   6b. CSV exports (ADMIN), body read as a stream and its lines counted; server memory from /proc');
  out.push(
    table(
      [
        'request',
        'rows',
        'expected',
        'MB',
        'first chunk ms',
        'total ms',
        'rows/s',
        'RSS before MB',
        'peak RSS MB',
        'others before / during',
      ],
      r.exports.map((e) => [
        `GET ${e.path}`,
        thousands(e.rows),
        thousands(e.expected),
        fmt(e.bytes / 2 ** 20, 1),
        fmt(e.firstChunkMs, 0),
        fmt(e.totalMs, 0),
        thousands(e.rowsPerSec),
        fmt(e.rssBeforeMb, 0),
        fmt(e.peakRssMb, 0),
        others(e.otherCpu),
      ]),
    ),
  );

  const planRow = (what: string, p: Explained | undefined) => {
    const slowest = p?.slowest;
    const total = p?.statements.reduce((sum, x) => sum + x.executionMs, 0);
    return [
      what,
      p?.statements.length ?? 0,
      fmt(total, 2),
      fmt(slowest?.executionMs, 2),
      p?.error
        ? `error: ${p.error.slice(0, 80)}`
        : slowest
          ? `${shape(slowest.sql)}: ${slowest.lines[0]?.trim() ?? ''}`
          : '–',
    ];
  };
  const planRows = [
    ...r.lists.map((l) => planRow(`GET ${l.path} (${l.token})`, l.plans)),
    ...r.exports.map((e) => planRow(`last batch (deepest OFFSET) of GET ${e.path}`, e.lastBatch)),
  ];
  out.push(
    '',
    `   6c. Database time: the statements the service code sends for each request, run again under EXPLAIN ANALYZE (fastest of ${EXPLAIN_RUNS})`,
  );
  out.push(table(['request', 'statements', 'all ms', 'slowest ms', 'slowest statement: its top plan node'], planRows));

  const flagged: { what: string; plan: StatementPlan }[] = [];
  for (const l of r.lists)
    if (l.slow && l.plans?.slowest)
      flagged.push({
        what: `GET ${l.path} (${l.token}): p50 at 1 connection above ${r.slowMs} ms`,
        plan: l.plans.slowest,
      });
  for (const e of r.exports) {
    if (e.lastBatch?.slowest && e.lastBatch.slowest.executionMs > r.slowMs)
      flagged.push({
        what: `last batch of GET ${e.path}: ${fmt(e.lastBatch.slowest.executionMs, 0)} ms in the database`,
        plan: e.lastBatch.slowest,
      });
  }
  if (flagged.length === 0)
    out.push(`   No list request above ${r.slowMs} ms p50 at 1 connection, no export batch above ${r.slowMs} ms.`);
  for (const f of flagged) {
    out.push('', `   SLOW: ${f.what}; plan of its slowest statement (${fmt(f.plan.executionMs, 1)} ms):`);
    out.push(...f.plan.lines.slice(0, 24).map((l) => `     ${l.length > 200 ? `${l.slice(0, 200)}…` : l}`));
    if (f.plan.lines.length > 24) out.push(`     … ${f.plan.lines.length - 24} more nodes (all in results.json)`);
    out.push(...f.plan.hints.map((h) => `   hint: ${h}`));
  }
  return out;
};

export const scaleOtherCpu = (r: ScaleResult | undefined) => [
  ...(r?.lists ?? []).flatMap((l) => l.runs.map((x) => x.load.otherCpu)),
  ...(r?.exports ?? []).map((e) => e.otherCpu),
];
