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

/** The parts of the bench, in the order they run; BENCH_ONLY=bundle,usable picks some of them. */
export const SECTIONS = [
  'api',
  'signin',
  'start',
  'bundle',
  'usable',
  'scale',
  'exports',
  'deposits',
  'payouts',
  'boards',
  'servers',
  'large',
  'team',
  'soak',
] as const;
export type Section = (typeof SECTIONS)[number];
/** Sections run only when named: ten million rows to generate (an hour here), minutes of soak. */
const ON_REQUEST: readonly Section[] = ['large', 'soak'];

const sectionsFrom = (text: string | undefined): Section[] => {
  const names = (text ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return SECTIONS.filter((s) => !ON_REQUEST.includes(s));
  const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown section ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`);
  return SECTIONS.filter((s) => names.includes(s));
};

/** The bench measures this machine only: the database server must be local too. */
const localDatabaseUrl = (url: string): string => {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host))
    throw new Error(`The bench only uses a local PostgreSQL server (got host ${host})`);
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
  postgresUrl: localDatabaseUrl(
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  ),
  /** The sections to run (BENCH_ONLY, comma-separated; all when unset). */
  only: sectionsFrom(process.env.BENCH_ONLY),
  /** Measured sign-ins in the browser, each in a fresh context, after unmeasured ones. */
  usableRuns: Math.round(positive('BENCH_USABLE_RUNS', 5)),
  usableWarmup: Math.round(numberFrom('BENCH_USABLE_WARMUP', 1, true)),
  /** Generated data of the lists-at-scale section (totals, demo rows included). */
  scaleMerchants: Math.round(positive('BENCH_SCALE_MERCHANTS', 10_000)),
  scaleBankAccounts: Math.round(positive('BENCH_SCALE_BANK_ACCOUNTS', 50_000)),
  scaleVendors: Math.round(positive('BENCH_SCALE_VENDORS', 20)),
  /** Merchants generated for the exports section (keyset against offset). */
  exportRows: Math.round(positive('BENCH_EXPORT_ROWS', 200_000)),
  /** A list request slower than this (p50 at 1 connection) gets its query plans explained. */
  slowMs: positive('BENCH_SLOW_MS', 50),
  outFile: path.join(ROOT, '.bench', 'results.json'),
});

export type Settings = ReturnType<typeof loadSettings>;
