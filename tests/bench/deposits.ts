import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db';
import { seedDemo } from '../../server/demo/seed';
import type { SessionUser } from '../../server/services/common/session-user';
import { addEntry } from '../../server/services/bank-entries/entry-batches';
import { startCallbackWorker } from '../../server/services/callbacks/callback-worker';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import { COUNT_CAP, listPayins } from '../../server/services/payins/payins-list';
import { PAYIN_VIEWS } from '../../domain/payin';
import { TEST_HASH_COST, testConfig } from '../support/server';
import { onCleanup } from './cleanup';
import { runLoad, type LoadResult } from './load';
import { measured, others, type Measured, type OtherCpu } from './measured';
import { expectOk, signIn } from './measure';
import { addWaiting, BIG_MERCHANT, openOf, seedDeposits, type DepositSeed, type Waiting } from './seed/deposits';
import { poolOf } from './seed/scale';
import { round } from './stats';
import { fmt, table } from './table';
import { ROOT, type Settings } from './settings';
import { openBenchDatabase, postgresReachable, tempDir } from './targets';
import {
  abridged,
  capture,
  closedLoop,
  explain,
  istDay,
  summary,
  watchWaits,
  type Latency,
  type Statement,
} from './sql-probes';

/**
 * Issue 10, item 11: the Deposit lists over generated pay-ins (DEPOSITS_PAYINS, 1,000,000), the
 * matching of bank entries and the delivery of callbacks, each beside its floor measured in the
 * same run: the bare route and the bare SQL for the lists, a plain INSERT for matching, the
 * receiver's own request rate for callbacks. The server is buildApp in this process (pool of 10).
 */
const execFileAsync = promisify(execFile);

const knob = (name: string, fallback: number) => {
  const v = Number(process.env[name] || fallback);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} must be a positive whole number`);
  return v;
};
const PAYINS = knob('DEPOSITS_PAYINS', 1_000_000);
/** PENDING pay-ins matched by bank entries, for each number of workers. */
const MATCH = knob('DEPOSITS_MATCH', 5_000);
const CALLBACKS = knob('DEPOSITS_CALLBACKS', 5_000);
const MATCH_WORKERS = [1, 10, 50];
/** The issue's targets. */
export const LIST_P99_MS = 50;
export const MATCH_PER_SEC = 500;

type Token = 'ADMIN' | 'MERCHANT';
type Filters = Parameters<typeof listPayins>[2];
const PAGE1 = { page: 1, pageSize: 25, sortBy: 'createdAt', sortOrder: 'desc' } as const;

export interface DepositList {
  name: string;
  path: string;
  token: Token;
  rows: number;
  total: number;
  runs: { connections: number; http: Measured<LoadResult>; sql: Measured<Latency> }[];
  statements: Statement[];
  /** The same list with PROPOSED_INDEXES, at the top number of connections. */
  proposed?: { connections: number; http: Measured<LoadResult>; statements: Statement[] };
}
interface MatchRun {
  workers: number;
  entries: number;
  matched: number;
  ms: number;
  perSec: number;
  p50: number;
  p99: number;
  otherCpu: OtherCpu;
  /** What the database sessions were doing, on average over the run (sessions). */
  waits: { what: string; sessions: number }[];
  floor: Measured<{ rows: number; ms: number; perSec: number }>;
}
export interface DepositsResult {
  skipped?: string;
  version?: string;
  where?: string;
  seed?: DepositSeed;
  days?: { from: string; to: string };
  floor: { connections: number; http: Measured<LoadResult> }[];
  lists: DepositList[];
  matching: MatchRun[];
  /** The same matching through statement uploads, one CSV per bank account. */
  imports?: Measured<{ entries: number; files: number; matched: number; ms: number; perSec: number }>;
  /** Statements one bank entry sends through the service (captured once, beside the runs). */
  statementsPerEntry?: number;
  /** After matching: waiting pay-ins not SUCCESS, unbalanced journals, merchants whose ledger disagrees. */
  ledger?: { notSuccess: number; unbalanced: number; mismatched: number };
  callbacks?: Measured<{ queued: number; delivered: number; received: number; ms: number; perSec: number }> & {
    receiver: Measured<{ requests: number; ms: number; perSec: number }>;
  };
  problems: string[];
}

// ---------------------------------------------------------------- helpers

/** Calls `one` for every item on `workers` workers; latency of each call in ms. */
const fixedCount = async <T>(workers: number, items: T[], one: (item: T, worker: number) => Promise<void>) => {
  const samples: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (next < items.length) {
        const item = items[next++];
        const t = performance.now();
        await one(item, worker);
        samples.push(performance.now() - t);
      }
    }),
  );
  return summary(samples, performance.now() - t0);
};

const OPERATIONS: SessionUser = {
  id: '',
  userName: 'operations',
  role: 'OPERATIONS',
  merchantCodes: [],
  vendorCode: null,
  sessionId: '',
};

const receiver = async () => {
  const state = { received: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.received += 1;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = onCleanup('callback receiver', () => new Promise<void>((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, state, close };
};

/** POSTs as the callback worker sends them (a connection per request), without the database. */
const postBare = (url: string, body: string) =>
  new Promise<void>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`receiver: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });

// ---------------------------------------------------------------- the section

export const benchDeposits = async (settings: Settings, log: (line: string) => void): Promise<DepositsResult> => {
  const out: DepositsResult = { floor: [], lists: [], matching: [], problems: [] };
  const reason = await postgresReachable(settings.postgresUrl);
  if (reason) return { ...out, skipped: `PostgreSQL not reachable: ${reason}` };
  const opened = await openBenchDatabase('postgres', settings.postgresUrl);
  out.version = opened.version;
  out.where = opened.where;
  const bare = new pg.Pool({ connectionString: opened.url, max: Math.max(50, settings.connections) });
  const closeBare = onCleanup('deposits bare pool', () => bare.end());
  try {
    setPasswordHashCost(TEST_HASH_COST);
    await seedDemo(opened.database.db);
    const pool = poolOf(opened.database);
    log(`deposits: generating ${PAYINS.toLocaleString('en-US')} pay-ins in SQL`);
    out.seed = await seedDeposits(pool, PAYINS);
    await pool.query(`UPDATE users SET merchant_codes = ARRAY['${BIG_MERCHANT}'] WHERE user_name = 'merchant'`);

    const app = await buildApp({
      database: opened.database,
      config: testConfig({ authRateLimitPerMinute: 1_000_000, allowPrivateCallbackUrls: true }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const closeApp = onCleanup('deposits app', () => app.close());
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      await benchLists(out, settings, log, base, pool, bare);
      const hook = await receiver();
      try {
        await benchMatching(out, log, base, pool, bare, hook);
        await benchCallbacks(out, log, opened.database.db, pool, hook);
      } finally {
        await hook.close();
      }
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
  out: DepositsResult,
  settings: Settings,
  log: (line: string) => void,
  base: string,
  pool: pg.Pool,
  bare: pg.Pool,
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
  const lists: { name: string; query: string; filters: Filters }[] = [
    {
      name: 'In Progress',
      query: `status=${PAYIN_VIEWS.progress.join(',')}&page=1&pageSize=25`,
      filters: { status: [...PAYIN_VIEWS.progress] },
    },
    {
      name: `All: SUCCESS of ${BIG_MERCHANT}, 7 IST days`,
      query: `status=SUCCESS&merchantCode=${BIG_MERCHANT}&from=${days.from}&to=${days.to}&page=1&pageSize=25`,
      filters: { status: ['SUCCESS'], merchantCode: [BIG_MERCHANT], from: days.from, to: days.to },
    },
  ];
  const levels = [...new Set([1, settings.connections])];
  const load = (url: string, h: Record<string, string>, connections: number) =>
    measured(
      () => runLoad({ url, headers: h, connections, seconds: settings.seconds }),
      () => runLoad({ url, headers: h, connections, seconds: settings.warmupSeconds }),
    );

  for (const connections of levels) {
    log(`deposits: floor GET /v1/health at ${connections} connections`);
    out.floor.push({ connections, http: await load(`${base}/v1/health`, {}, connections) });
  }
  for (const spec of lists) {
    for (const token of ['ADMIN', 'MERCHANT'] as Token[]) {
      const path = `/v1/payins?${spec.query}`;
      const { body } = await expectOk(`${base}${path}`, headers[token]);
      const page = body as { data: unknown[]; total: number };
      const statements = await capture(pool, (db) => listPayins(db, session(token), spec.filters, PAGE1));
      const list: DepositList = {
        name: spec.name,
        path,
        token,
        rows: page.data.length,
        total: page.total,
        runs: [],
        statements: [],
      };
      for (const connections of levels) {
        log(`deposits: ${spec.name} (${token}) at ${connections} connections, HTTP and bare SQL`);
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
  await tryIndexes(out, settings, log, base, pool, lists, headers, load);
};

/**
 * The indexes proposed for the Deposit lists: ORDER BY created_at DESC, id DESC is DESC NULLS FIRST,
 * and the migrations' "DESC NULLS LAST" (Drizzle's .desc()) cannot give that order, so PostgreSQL
 * reads every matching row and sorts; and no index gives the four open statuses newest first.
 */
export const PROPOSED_INDEXES = [
  'CREATE INDEX bench_payins_merchant_status_created_idx ON payins (merchant_code, status, created_at DESC, id DESC)',
  `CREATE INDEX bench_payins_open_created_idx ON payins (created_at DESC, id DESC) WHERE status IN (${PAYIN_VIEWS.progress.map((v) => `'${v}'`).join(', ')})`,
];

/** When a list page was sorted rather than read in order: the lists again at the top level with the proposed indexes. */
const tryIndexes = async (
  out: DepositsResult,
  settings: Settings,
  log: (line: string) => void,
  base: string,
  pool: pg.Pool,
  lists: { name: string; query: string; filters: Filters }[],
  headers: Record<Token, Record<string, string>>,
  load: (url: string, h: Record<string, string>, connections: number) => Promise<Measured<LoadResult>>,
) => {
  const sorted = out.lists.some((l) =>
    l.statements.some((s) => s.plan.some((p) => /Sort Key: payins\.created_at DESC/.test(p))),
  );
  if (!sorted) return;
  log('deposits: the lists again with the proposed indexes');
  for (const ddl of PROPOSED_INDEXES) await pool.query(ddl);
  await pool.query('ANALYZE payins');
  for (const l of out.lists) {
    const spec = lists.find((x) => x.name === l.name)!;
    const http = await load(`${base}/v1/payins?${spec.query}`, headers[l.token], settings.connections);
    const statements = await Promise.all(l.statements.map((s) => explain(pool, s)));
    l.proposed = { connections: settings.connections, http, statements };
  }
  for (const ddl of PROPOSED_INDEXES) await pool.query(`DROP INDEX ${ddl.split(' ')[2]}`);
};

type Receiver = Awaited<ReturnType<typeof receiver>>;

/** POST /v1/bank-entries for each waiting pay-in from a child process (tests/bench/post-entries.ts). */
const postEntries = async (base: string, token: string, workers: number, waiting: Waiting[]) => {
  const tmp = tempDir('pgc-bench-entries-');
  try {
    const file = path.join(tmp.dir, 'job.json');
    const entries = waiting.map((w) => ({ bankAccountId: w.bankAccountId, utr: w.utr, amount: w.amount }));
    writeFileSync(file, JSON.stringify({ base, token, workers, entries }));
    const script = path.join(ROOT, 'tests', 'bench', 'post-entries.ts');
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', script, file], {
      cwd: ROOT,
      maxBuffer: 1 << 24,
    });
    return JSON.parse(stdout.trim().split('\n').pop()!) as {
      requests: number;
      matched: number;
      ms: number;
      perSec: number;
      p50: number;
      p99: number;
      problems: string[];
    };
  } finally {
    await tmp.remove();
  }
};

/**
 * The same matching through statement uploads (POST /v1/bank-entries/import): the waiting pay-ins'
 * credits as one CSV per bank account, uploaded one after another.
 */
const importStatements = async (base: string, token: string, waiting: Waiting[]) => {
  const byBank = new Map<string, Waiting[]>();
  for (const w of waiting) byBank.set(w.bankAccountId, [...(byBank.get(w.bankAccountId) ?? []), w]);
  let matched = 0;
  const problems: string[] = [];
  const t0 = performance.now();
  for (const [bankAccountId, rows] of byBank) {
    const csv = ['utr,amount,date', ...rows.map((w) => `${w.utr},${w.amount.toFixed(2)},`)].join('\n');
    const form = new FormData();
    form.append('bankAccountId', bankAccountId);
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
    const res = await fetch(`${base}/v1/bank-entries/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { data?: { recorded: number; matched: number } };
    if (res.status === 201 && body.data) matched += body.data.matched;
    else problems.push(`statement of ${rows.length} rows: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  const ms = performance.now() - t0;
  return {
    entries: waiting.length,
    files: byBank.size,
    matched,
    ms: round(ms, 0),
    perSec: round(waiting.length / (ms / 1000), 0),
    problems,
  };
};

const benchMatching = async (
  out: DepositsResult,
  log: (line: string) => void,
  base: string,
  pool: pg.Pool,
  bare: pg.Pool,
  hook: Receiver,
) => {
  // The callbacks that matching queues go to the receiver: the next step delivers them.
  await pool.query(`UPDATE merchants SET payin_callback_url = $1 WHERE code ~ '^M[0-9]{3}$'`, [
    `${hook.url}/callbacks/payin`,
  ]);
  const token = await signIn(base, 'operations');
  await bare.query('CREATE TABLE bench_floor_entries (LIKE bank_entries INCLUDING ALL)');
  const { rows: operations } = await bare.query<{ id: string }>(`SELECT id FROM users WHERE user_name = 'operations'`);
  let from = openOf(PAYINS);
  const [probe] = await addWaiting(pool, 1, from);
  from += 1;
  const user: SessionUser = { ...OPERATIONS, id: operations[0].id };
  const captured = await capture(pool, (db) => addEntry(db, user, probe));
  out.statementsPerEntry = captured.length;
  for (const workers of MATCH_WORKERS) {
    // One worker is slow to go through them all: a fifth of them says as much.
    const count = workers === 1 ? Math.ceil(MATCH / 5) : MATCH;
    const waiting = await addWaiting(pool, count, from);
    from += count;
    log(`deposits: ${count} bank entries through POST /v1/bank-entries on ${workers} workers`);
    const stopWaits = watchWaits(bare);
    const run = await measured(() => postEntries(base, token, workers, waiting));
    const { matched } = run;
    out.problems.push(...run.problems.slice(0, Math.max(0, 20 - out.problems.length)));
    const waits = await stopWaits();
    log(`deposits: the floor, ${count} single-row INSERTs on ${workers} bare connections`);
    const floor = await measured(async () => {
      const clients = await Promise.all(Array.from({ length: workers }, () => bare.connect()));
      try {
        const r = await fixedCount(workers, waiting, async (w, worker) => {
          await clients[worker].query(
            'INSERT INTO bench_floor_entries (bank_account_id, utr, amount, created_by) VALUES ($1, $2, $3, $4)',
            [w.bankAccountId, `9${w.utr.slice(1)}`, Math.round(w.amount * 100), operations[0].id],
          );
        });
        return { rows: r.requests, ms: r.ms, perSec: r.perSec };
      } finally {
        for (const c of clients) c.release();
      }
    });
    out.matching.push({
      workers,
      entries: run.requests,
      matched,
      ms: run.ms,
      perSec: run.perSec,
      p50: run.p50,
      p99: run.p99,
      otherCpu: run.otherCpu,
      waits,
      floor,
    });
  }
  const imported = await addWaiting(pool, MATCH, from);
  from += MATCH;
  log(`deposits: ${MATCH} bank entries through statement uploads`);
  const imports = await measured(() => importStatements(base, token, imported));
  out.problems.push(...imports.problems);
  out.imports = {
    entries: imports.entries,
    files: imports.files,
    matched: imports.matched,
    ms: imports.ms,
    perSec: imports.perSec,
    otherCpu: imports.otherCpu,
  };
  const one = async (text: string) => Number((await pool.query<{ n: string }>(text)).rows[0].n);
  out.ledger = {
    notSuccess: await one(
      `SELECT count(*) AS n FROM payins WHERE merchant_order_id LIKE 'wait-%' AND status <> 'SUCCESS'`,
    ),
    unbalanced: await one(
      'SELECT count(*) AS n FROM (SELECT journal_id FROM ledger_entries GROUP BY journal_id HAVING sum(amount) <> 0) x',
    ),
    // Only the matched pay-ins have journals (the generated history has none).
    mismatched: await one(`
      WITH expected AS (SELECT merchant_id, sum(confirmed_amount - fee) AS owed FROM payins
             WHERE status = 'SUCCESS' AND bank_entry_id IS NOT NULL GROUP BY merchant_id),
           ledger AS (SELECT substring(key from 10)::uuid AS merchant_id, -balance AS owed FROM ledger_accounts WHERE key LIKE 'merchant:%')
      SELECT count(*) AS n FROM expected e FULL JOIN ledger l ON l.merchant_id = e.merchant_id
      WHERE coalesce(e.owed, 0) <> coalesce(l.owed, 0)`),
  };
  const l = out.ledger;
  if (l.notSuccess + l.unbalanced + l.mismatched > 0)
    out.problems.push(
      `after matching: ${l.notSuccess} waiting pay-ins not SUCCESS, ${l.unbalanced} unbalanced journals, ${l.mismatched} merchants whose balance disagrees`,
    );
};

const benchCallbacks = async (
  out: DepositsResult,
  log: (line: string) => void,
  db: Db,
  pool: pg.Pool,
  hook: Receiver,
) => {
  // Exactly CALLBACKS due now, the oldest; the others (matching queued one per pay-in) wait a year.
  await pool.query(
    `UPDATE callbacks SET next_attempt_at = now() + interval '1 year' WHERE state = 'PENDING'
       AND id NOT IN (SELECT id FROM callbacks WHERE state = 'PENDING' ORDER BY created_at LIMIT $1)`,
    [CALLBACKS],
  );
  const queued = Number(
    (
      await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM callbacks WHERE state = 'PENDING' AND next_attempt_at <= now()`,
      )
    ).rows[0].n,
  );
  hook.state.received = 0;
  const quiet = { debug: () => undefined, warn: () => undefined, error: () => undefined };
  const worker = startCallbackWorker({ db, log: quiet, allowPrivate: true, intervalMs: 3_600_000 });
  log(`deposits: delivering ${queued} callbacks with the worker's runOnce until none is due`);
  const run = await measured(async () => {
    const t0 = performance.now();
    while ((await worker.runOnce()) > 0);
    return { ms: round(performance.now() - t0, 0) };
  });
  await worker.stop();
  const delivered = Number(
    (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM callbacks WHERE state = 'DELIVERED'`)).rows[0].n,
  );
  const received = hook.state.received;
  const { rows: sample } = await pool.query<{ body: string }>('SELECT body FROM callbacks LIMIT 1');
  log(`deposits: the floor, ${queued} bare POSTs to the receiver, 5 at once`);
  const receiverRun = await measured(async () => {
    const r = await fixedCount(5, Array.from({ length: queued }), () =>
      postBare(`${hook.url}/callbacks/payin`, sample[0].body),
    );
    return { requests: r.requests, ms: r.ms, perSec: r.perSec };
  });
  out.callbacks = {
    queued,
    delivered,
    received,
    ms: run.ms,
    perSec: round(delivered / (run.ms / 1000), 0),
    otherCpu: run.otherCpu,
    receiver: receiverRun,
  };
  if (delivered !== queued || received !== queued)
    out.problems.push(`callbacks: ${queued} queued, ${delivered} delivered, ${received} received`);
};

// ---------------------------------------------------------------- report

const n0 = (v: number | undefined) => (v === undefined ? '–' : v.toLocaleString('en-US'));

export const depositsReport = (r: DepositsResult): string[] => {
  if (r.skipped) return [`8. Deposits: skipped (${r.skipped})`];
  const out: string[] = [];
  const s = r.seed;
  out.push(
    `8. Deposits on PostgreSQL ${r.version ?? '?'} (${r.where ?? ''}); buildApp in this process (its pool: 10 connections), load generator in a child process`,
  );
  if (s) {
    const by = Object.entries(s.byStatus)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${n0(v)}`)
      .join(', ');
    out.push(
      `   Generated (INSERT … SELECT generate_series, indexes built after, VACUUM ANALYZE): ${n0(s.payins)} pay-ins over 100 merchants`,
      `   (${BIG_MERCHANT} ${fmt(s.share.top1 * 100, 0)} %, top ten ${fmt(s.share.top10 * 100, 0)} %) and 90 days: ${by}.`,
      `   ${fmt(s.ms.total / 1000, 1)} s in all: rows ${fmt(s.ms.payins / 1000, 1)} s, indexes ${fmt(s.ms.indexes / 1000, 1)} s, vacuum analyze ${fmt(s.ms.vacuumAnalyze / 1000, 1)} s.`,
    );
  }
  const rows: (string | number)[][] = [];
  for (const f of r.floor)
    rows.push([
      'floor: GET /v1/health (select 1)',
      '',
      f.connections,
      fmt(f.http.reqPerSec, 0),
      fmt(f.http.latencyMs.p50, 0),
      fmt(f.http.latencyMs.p99, 0),
      '',
      '',
      '',
      f.http.non2xx + f.http.errors + f.http.timeouts,
      others(f.http.otherCpu),
    ]);
  for (const l of r.lists)
    l.runs.forEach(({ connections, http: h, sql }, i) =>
      rows.push([
        i === 0 ? `${l.name} (${l.rows}/${n0(l.total)})` : '',
        i === 0 ? l.token : '',
        connections,
        fmt(h.reqPerSec, 0),
        fmt(h.latencyMs.p50, 0),
        fmt(h.latencyMs.p99, 0),
        fmt(sql.perSec, 0),
        fmt(sql.p50, 2),
        fmt(sql.p99, 2),
        h.non2xx + h.errors + h.timeouts,
        `${others(h.otherCpu)}; ${others(sql.otherCpu)}`,
      ]),
    );
  out.push(
    '',
    `   8a. Deposit lists (page 1 of 25, newest first; days ${r.days?.from} to ${r.days?.to}) over HTTP, and the same statements bare`,
    '       (pg client, the list then its count on one connection per worker). Target: p99 under 50 ms at 50 connections.',
  );
  out.push(
    table(
      [
        'list (rows/total)',
        'token',
        'conn',
        'HTTP req/s',
        'p50 ms',
        'p99 ms',
        'SQL req/s',
        'SQL p50 ms',
        'SQL p99 ms',
        'failed',
        'others HTTP; SQL',
      ],
      rows,
    ),
  );
  const tried = r.lists.filter((l) => l.proposed);
  if (tried.length > 0) {
    out.push(
      '',
      '   8a′. The same lists with the proposed indexes (created in the bench database, dropped after):',
      ...PROPOSED_INDEXES.map((d) => `        ${d}`),
    );
    out.push(
      table(
        ['list', 'token', 'conn', 'HTTP req/s', 'p50 ms', 'p99 ms', 'page ms', 'count ms', 'failed', 'others'],
        tried.map((l) => {
          const p = l.proposed!;
          const ms = (count: boolean) =>
            fmt(p.statements.find((x) => /count\(\*\)/.test(x.sql) === count)?.executionMs, 2);
          return [
            l.name,
            l.token,
            p.connections,
            fmt(p.http.reqPerSec, 0),
            fmt(p.http.latencyMs.p50, 0),
            fmt(p.http.latencyMs.p99, 0),
            ms(false),
            ms(true),
            p.http.non2xx + p.http.errors + p.http.timeouts,
            others(p.http.otherCpu),
          ];
        }),
      ),
    );
  }
  out.push(
    '',
    '   8b. Plans: EXPLAIN (ANALYZE, BUFFERS) of the statements listPayins sends (faster of two runs), abridged',
  );
  for (const l of r.lists) {
    for (const st of l.statements) {
      const what = /count\(\*\)/.test(st.sql) ? `count (capped at ${n0(COUNT_CAP)})` : 'page';
      out.push(`   — ${l.name}, ${l.token}, ${what}: ${fmt(st.executionMs, 2)} ms`);
      if (l.token === 'ADMIN') out.push(...abridged(st.plan).map((p) => `     ${p}`));
    }
  }
  for (const l of tried.filter((x) => x.token === 'ADMIN'))
    for (const st of l.proposed!.statements.filter((x) => !/count\(\*\)/.test(x.sql))) {
      out.push(`   — ${l.name}, ${l.token}, page, with the proposed indexes: ${fmt(st.executionMs, 2)} ms`);
      out.push(...abridged(st.plan).map((p) => `     ${p}`));
    }
  out.push(
    '',
    `   8c. Matching: PENDING pay-ins, each waiting on its UTR; POST /v1/bank-entries as OPERATIONS (fetch in a child process; ${r.statementsPerEntry ?? '?'} statements`,
    `       an entry through the service). Floor: as many single-row INSERTs into a copy of bank_entries on bare connections. Target: above ${MATCH_PER_SEC} entries/s.`,
  );
  out.push(
    table(
      [
        'workers',
        'entries',
        'SUCCESS',
        's',
        'entries/s',
        'p50 ms',
        'p99 ms',
        'floor INSERT/s',
        'database sessions (avg)',
        'others',
      ],
      r.matching.map((m) => [
        m.workers,
        n0(m.entries),
        n0(m.matched),
        fmt(m.ms / 1000, 1),
        n0(m.perSec),
        fmt(m.p50, 1),
        fmt(m.p99, 1),
        n0(m.floor.perSec),
        m.waits
          .slice(0, 4)
          .map((w) => `${w.what} ${fmt(w.sessions, 1)}`)
          .join(', '),
        `${others(m.otherCpu)}; ${others(m.floor.otherCpu)}`,
      ]),
    ),
  );
  if (r.imports)
    out.push(
      `   Statement uploads (POST /v1/bank-entries/import, one CSV per bank account, one after another): ${n0(r.imports.entries)} entries in ${r.imports.files} files, ${n0(r.imports.matched)} SUCCESS, ${fmt(r.imports.ms / 1000, 1)} s = ${n0(r.imports.perSec)} entries/s (others ${others(r.imports.otherCpu)}).`,
    );
  if (r.ledger)
    out.push(
      `   Afterwards: ${r.ledger.notSuccess} waiting pay-ins not SUCCESS, ${r.ledger.unbalanced} unbalanced journals, ${r.ledger.mismatched} merchants whose ledger balance disagrees with their pay-ins.`,
    );
  const c = r.callbacks;
  if (c) {
    out.push(
      '',
      "   8d. Callbacks: the worker's runOnce (batches of 20, 5 at once, a connection per send) until none is due; receiver on 127.0.0.1 answering 200",
    );
    out.push(
      table(
        ['what', 'callbacks', 's', 'per s', 'others'],
        [
          [
            `worker: ${n0(c.delivered)} delivered, ${n0(c.received)} received`,
            n0(c.queued),
            fmt(c.ms / 1000, 1),
            n0(c.perSec),
            others(c.otherCpu),
          ],
          [
            'floor: bare POSTs to the receiver, 5 at once',
            n0(c.receiver.requests),
            fmt(c.receiver.ms / 1000, 1),
            n0(c.receiver.perSec),
            others(c.receiver.otherCpu),
          ],
        ],
      ),
    );
  }
  for (const p of r.problems) out.push(`   problem: ${p}`);
  return out;
};

export const depositsOtherCpu = (r: DepositsResult | undefined) => [
  ...(r?.floor ?? []).map((f) => f.http.otherCpu),
  ...(r?.lists ?? []).flatMap((l) => l.runs.flatMap((x) => [x.http.otherCpu, x.sql.otherCpu])),
  ...(r?.lists ?? []).map((l) => l.proposed?.http.otherCpu),
  ...(r?.matching ?? []).flatMap((m) => [m.otherCpu, m.floor.otherCpu]),
  r?.imports?.otherCpu,
  r?.callbacks?.otherCpu,
  r?.callbacks?.receiver.otherCpu,
];
