import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (tests/bench/ is two levels below it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const numberFrom = (name: string, fallback: number, allowZero = false): number => {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number (got "${text}")`);
  }
  return value;
};
const positive = (name: string, fallback: number) => numberFrom(name, fallback);

/** The bench measures this machine only: the database server must be local too. */
const localDatabaseUrl = (url: string): string => {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) throw new Error(`The bench only uses a local PostgreSQL server (got host ${host})`);
  return url;
};

/** Everything a run can be tuned with, from the environment. */
export const loadSettings = () => ({
  /** Length of each measured load run. */
  seconds: Math.max(1, Math.round(positive('BENCH_SECONDS', 5))),
  /** Warm-up load before each measured run (not counted). */
  warmupSeconds: Math.max(1, Math.round(positive('BENCH_WARMUP_SECONDS', 1))),
  connections: Math.round(positive('BENCH_CONNECTIONS', 50)),
  /** Sequential sign-ins measured per engine (after a few unmeasured ones). */
  logins: Math.round(positive('BENCH_LOGINS', 50)),
  loginWarmup: 3,
  loginUser: process.env.BENCH_LOGIN_USER || 'admin',
  /** Cold + warm start pairs of the real entry point. */
  startRuns: Math.round(positive('BENCH_START_RUNS', 1)),
  /** Before each measurement, wait up to this long for other processes to go quiet (0: do not wait). */
  waitQuietSeconds: numberFrom('BENCH_WAIT_QUIET_SECONDS', 15, true),
  /** Server on which a throwaway database is created (and dropped) for the PostgreSQL runs. */
  postgresUrl: localDatabaseUrl(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'),
  outFile: path.join(ROOT, '.bench', 'results.json'),
});

export type Settings = ReturnType<typeof loadSettings>;
