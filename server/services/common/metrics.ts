import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { openPools, poolWaits, type PoolName } from '../../db/pools';

/**
 * The process's figures in Prometheus' text format (GET /metrics, plugins/metrics.ts). One
 * registry per process: a process serves one app, and services count where things happen without
 * being handed it. Label values are small fixed sets (route patterns, statuses, job and pool
 * names), never ids.
 */
export const registry = new Registry();
// CPU, memory, handles, GC and event-loop lag (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: registry });

const registers = [registry];

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

const POOL_STATES = { total: 'totalCount', idle: 'idleCount', waiting: 'waitingCount' } as const;

new Gauge({
  name: 'db_pool_clients',
  help: 'Clients of the database pools: total open, idle, and requests waiting for one (pool primary or read)',
  labelNames: ['pool', 'state'] as const,
  registers,
  collect() {
    this.reset();
    for (const { name, pool } of openPools)
      for (const [state, field] of Object.entries(POOL_STATES)) this.inc({ pool: name, state }, pool[field]);
  },
});

const poolWait = new Histogram({
  name: 'db_pool_wait_seconds',
  help: 'Time a query waited for a connection of its pool',
  labelNames: ['pool'] as const,
  buckets: [0.001, 0.005, 0.025, 0.1, 0.5, 1, 2.5, 5],
  registers,
});

const poolWaitFailures = new Counter({
  name: 'db_pool_wait_failures_total',
  help: 'Waits for a connection that ended without one (out of time: the request answered 503)',
  labelNames: ['pool'] as const,
  registers,
});

poolWaits.on('wait', (pool: PoolName, seconds: number, failed: boolean) => {
  poolWait.observe({ pool }, seconds);
  if (failed) poolWaitFailures.inc({ pool });
});

const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Turns of the background jobs, by job',
  labelNames: ['job'] as const,
  registers,
});

const jobFailures = new Counter({
  name: 'job_failures_total',
  help: 'Turns of the background jobs that failed, by job',
  labelNames: ['job'] as const,
  registers,
});

const jobDuration = new Histogram({
  name: 'job_run_duration_seconds',
  help: 'Time a background job took per turn, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.25, 1, 5, 30, 120],
  registers,
});

export type JobName = 'expiry' | 'folds' | 'callbacks' | 'eko' | 'sweep' | 'demo-top-up';

/** Counts a job's turn and, when it rejects, its failure; hands back the turn's own result. */
export const countRun = <T>(job: JobName, turn: Promise<T>): Promise<T> => {
  const end = jobDuration.startTimer({ job });
  jobRuns.inc({ job });
  turn.then(
    () => end(),
    () => {
      end();
      jobFailures.inc({ job });
    },
  );
  return turn;
};

export const payinStatusEntered = new Counter({
  name: 'payin_status_entered_total',
  help: 'Pay-ins that entered each status (counted when the change committed)',
  labelNames: ['status'] as const,
  registers,
});

export const callbacksWaiting = new Gauge({
  name: 'callbacks',
  help: "Merchants' callbacks by state, read at the scrape: pending (due or waiting to retry), retrying (pending after a failed attempt), failed (given up); each capped at the cap",
  labelNames: ['state'] as const,
  registers,
});
