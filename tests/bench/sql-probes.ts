import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../../server/db';
import * as schema from '../../server/db/schema';
import { percentile, round } from './stats';

/**
 * What the pay-outs bench measures with beside HTTP: the statements a service sends (captured
 * through the ORM's logger), replayed on bare connections in a closed loop, their plans, and what
 * the database's sessions and processes were doing meanwhile. (The deposits bench has its own
 * copies of the first four.)
 */
export interface Statement {
  sql: string;
  params: unknown[];
  executionMs: number;
  planningMs: number;
  plan: string[];
}
export interface Latency {
  requests: number;
  ms: number;
  perSec: number;
  p50: number;
  p99: number;
}

/** The IST calendar day `daysAgo` days before today, yyyy-mm-dd. */
export const istDay = (daysAgo: number) =>
  new Date(Date.now() + 5.5 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

export const summary = (samples: number[], ms: number): Latency => {
  const sorted = samples.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    ms: round(ms, 0),
    perSec: round(sorted.length / (ms / 1000), 0),
    p50: round(percentile(sorted, 50), 2),
    p99: round(percentile(sorted, 99), 2),
  };
};

/** Runs `once` in a closed loop on `workers` workers for `seconds`; latency of each call in ms. */
export const closedLoop = async (workers: number, seconds: number, once: (worker: number) => Promise<void>) => {
  const samples: number[] = [];
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < until) {
        const t = performance.now();
        await once(w);
        samples.push(performance.now() - t);
      }
    }),
  );
  return summary(samples, performance.now() - t0);
};

/** The statements `call` sends, captured through the ORM's logger over the same pool. */
export const capture = async (pool: pg.Pool, call: (db: Db) => Promise<unknown>) => {
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => void captured.push({ sql, params }) },
  }) as unknown as Db;
  await call(db);
  return captured;
};

/** EXPLAIN (ANALYZE, BUFFERS) of a statement: the faster of two runs (the first may warm the cache). */
export const explain = async (pool: pg.Pool, s: { sql: string; params: unknown[] }): Promise<Statement> => {
  let best: { plan: string[]; ms: number } | undefined;
  for (let i = 0; i < 2; i++) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
    const plan = rows.map((r) => r['QUERY PLAN']);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1) ?? '')?.[1] ?? NaN);
    if (!best || ms < best.ms) best = { plan, ms };
  }
  const planning = best!.plan.map((l) => /Planning Time: ([\d.]+)/.exec(l)?.[1]).find(Boolean);
  return { ...s, executionMs: best!.ms, planningMs: Number(planning ?? NaN), plan: best!.plan };
};

/** A plan without its Buffers/Planning lines below the top node, and long lines cut. */
export const abridged = (plan: string[]) =>
  plan
    .filter((l, i) => i === 0 || !/^\s*(Buffers|Planning|I\/O Timings)/.test(l) || /^\s*Execution/.test(l))
    .map((l) => (l.length > 160 ? `${l.slice(0, 160)}…` : l));

/**
 * Samples pg_stat_activity every 50 ms until stopped: how many of the bench database's sessions
 * were on the CPU, waiting for a lock, for the WAL, or for the client's next statement (idle in
 * transaction: the round trip through Node). Averages, largest first.
 */
export const watchWaits = (pool: pg.Pool) => {
  const totals = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    const client = await pool.connect();
    try {
      while (running) {
        const { rows } = await client.query<{ what: string; n: string }>(
          `SELECT CASE WHEN state = 'idle in transaction' THEN 'idle in transaction'
                  ELSE coalesce(wait_event_type || ':' || wait_event, 'CPU') END AS what, count(*) AS n
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
             AND state IN ('active', 'idle in transaction') GROUP BY 1`,
        );
        samples += 1;
        for (const r of rows) totals.set(r.what, (totals.get(r.what) ?? 0) + Number(r.n));
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      client.release();
    }
  })();
  return async () => {
    running = false;
    await loop;
    return [...totals]
      .map(([what, n]) => ({ what, sessions: round(n / Math.max(1, samples), 2) }))
      .sort((a, b) => b.sessions - a.sessions);
  };
};

const TICK_MS = 10;
const ticksOf = (pid: number): number => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};

/**
 * Where the CPU went during a run, in cores: this process (the server), and the database backends
 * of the bench database (read from /proc, so only on a local server; backends are stable in the
 * pools). The client's child process is not counted.
 */
export const watchCpu = async (pool: pg.Pool) => {
  const backends = async () =>
    (
      await pool.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
    ).rows.map((r) => r.pid);
  const before = new Map((await backends()).map((pid) => [pid, ticksOf(pid)]));
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  return async () => {
    const ms = performance.now() - t0;
    const self = process.cpuUsage(self0);
    let ticks = 0;
    for (const pid of await backends()) ticks += ticksOf(pid) - (before.get(pid) ?? 0);
    return {
      server: round((self.user + self.system) / 1000 / ms, 2),
      database: round((ticks * TICK_MS) / ms, 2),
    };
  };
};
