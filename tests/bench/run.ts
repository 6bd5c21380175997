/**
 * npm run bench: sign-in latency, merchant-list throughput against a bare Fastify route, the start
 * time of the real entry point, the dashboard's bundle, the time from sign-in to a usable dashboard
 * in headless Chromium, and lists and exports over generated data on PostgreSQL, all on 127.0.0.1.
 * Prints tables, writes .bench/results.json.
 * Sections: BENCH_ONLY=api,signin,start,bundle,usable,scale,exports,deposits,payouts,boards,servers,team,large,soak
 * (comma-separated; all but large and soak when unset).
 * team: the embedded default (npm start) with 100,000 pay-ins, 20 people browsing and a merchant creating 20 pay-ins/s,
 * beside the same on the system's PostgreSQL. soak: 200 simulated users for SOAK_SECONDS (300).
 * servers: the staff In Progress list through 1, 2 and 4 server processes on one PostgreSQL (SERVERS_PAYINS, 200000), beside its same-SQL floor.
 * boards: the Dashboard, Vendor Board and Accounts report over rollups of 1M pay-ins and 500k pay-outs, and the Payins CSV export.
 * large: lists, boards, export, creation and sign-in over 10M pay-ins and 2M pay-outs with journals, each beside its same-SQL floor.
 * Tuning: BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (1), BENCH_CONNECTIONS (50), BENCH_LOGINS (50),
 * BENCH_LOGIN_USER (admin), BENCH_START_RUNS (1), BENCH_DATABASE_URL (local PostgreSQL, database test),
 * BENCH_WAIT_QUIET_SECONDS (15: how long to wait, before each measurement, for other processes to go quiet),
 * BENCH_USABLE_RUNS (5), BENCH_USABLE_WARMUP (1), BENCH_SCALE_MERCHANTS (10000),
 * BENCH_SCALE_BANK_ACCOUNTS (50000), BENCH_SCALE_VENDORS (20), BENCH_SLOW_MS (50), BENCH_EXPORT_ROWS (200000),
 * DEPOSITS_PAYINS (1000000), DEPOSITS_MATCH (5000 per run), DEPOSITS_CALLBACKS (5000),
 * PAYOUTS_COUNT (500000), PAYOUTS_CREATE (10000 per creation run),
 * BOARDS_PAYINS (1000000), BOARDS_PAYOUTS (500000), BOARDS_CONNECTIONS (10: the boards' second load level),
 * LARGE_DATABASE_URL (a database seeded before, used as it is; else one is seeded), LARGE_PAYINS (10000000),
 * LARGE_PAYOUTS (2000000), LARGE_CREATE (10000 pay-ins created).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeBundle, buildDashboard, bundleReport, type BundleResult } from './bundle';
import { cleanupAll, cleanupOnSignals } from './cleanup';
import { runLoad, type LoadResult } from './load';
import { loadAverage } from './machine';
import { expectOk, measureLogins, signIn } from './measure';
import { measured, otherShares, others, pct, QUIET, type Measured, type OtherCpu } from './measured';
import { startProduct } from './product';
import { benchBoards, type BoardsResult } from './boards';
import { boardsOtherCpu, boardsReport } from './boards-report';
import { benchDeposits, depositsOtherCpu, depositsReport, type DepositsResult } from './deposits';
import { benchExports, exportsReport, type ExportsResult } from './exports';
import { benchLarge, type LargeResult } from './large';
import { largeOtherCpu, largeReport } from './large-report';
import { benchTeam } from './embedded-team';
import { benchSoak, soakReport, type SoakBenchResult } from './soak';
import { benchPayouts, type PayoutsResult } from './payouts';
import { payoutsOtherCpu, payoutsReport } from './payouts-report';
import { benchSignInFlood, signInFloodReport, type SignInFloodResult } from './signin-flood';
import { benchServers, serversReport, type ServersResult } from './servers';
import { benchScale, scaleOtherCpu, scaleReport, type ScaleResult } from './scale';
import { loadSettings, ROOT, type Section } from './settings';
import { round, type Summary } from './stats';
import { measureStart, type StartResult } from './startup';
import { fmt, table, times } from './table';
import {
  ENGINE_LABEL,
  openBenchDatabase,
  poolErrors,
  postgresReachable,
  startApp,
  startBare,
  tempDir,
  type Engine,
} from './targets';
import { CHROMIUM_PATH, measureUsable, usableReport, type UsableResult } from './usable';

const settings = loadSettings();
const ran = (section: Section) => settings.only.includes(section);
const log = (line: string) => console.error(`· ${line}`);

/** Latency ratios use 1 ms for a bare percentile the 1 ms histogram rounds to 0 (then a lower bound). */
interface Ratio {
  value: number;
  lowerBound: boolean;
}
interface Ratios {
  reqPerSec: number;
  /** Mean time a connection waits per request, connections ÷ req/s (exact for this closed loop). */
  meanFromRate: number;
  p50: Ratio;
  p97_5: Ratio;
  p99: Ratio;
}
type LoadFigures = Measured<LoadResult> & { responseBytes: number; meanFromRateMs: number };

interface EngineResult {
  version?: string;
  where?: string;
  skipped?: string;
  error?: string;
  login?: Measured<Summary & { samples: number[]; user: string; warmup: number }>;
  merchants?: LoadFigures & { rows: number; vsBare?: Ratios };
}

const results = {
  startedAt: new Date().toISOString(),
  finishedAt: '',
  environment: {
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cores: os.availableParallelism(),
    memoryGb: round(os.totalmem() / 2 ** 30, 1),
    loadAverageAtStart: round(loadAverage(), 2),
    loadAverageAtEnd: 0,
  },
  settings: {
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
    connections: settings.connections,
    logins: settings.logins,
    loginWarmup: settings.loginWarmup,
    loginUser: settings.loginUser,
    startRuns: settings.startRuns,
    waitQuietSeconds: settings.waitQuietSeconds,
    only: settings.only,
    usableRuns: settings.usableRuns,
    usableWarmup: settings.usableWarmup,
    scale: {
      merchants: settings.scaleMerchants,
      bankAccounts: settings.scaleBankAccounts,
      vendors: settings.scaleVendors,
      slowMs: settings.slowMs,
    },
    server:
      'api: in this process (buildApp on 127.0.0.1, port 0); start, usable, scale: node --import tsx server/main.ts as a child process',
    loadGenerator: 'child process (shares the same cores)',
    otherCpu: 'share of all cores used by processes other than this bench, its children and the database server',
  },
  /** The bare route, measured before the engines and again after them; ratios use their mean. */
  bare: [] as LoadFigures[],
  engines: {} as Record<Engine, EngineResult>,
  start: [] as {
    cold?: Measured<StartResult>;
    warm?: Measured<StartResult>;
    sources?: Measured<StartResult>;
    error?: string;
  }[],
  bundle: undefined as Measured<BundleResult> | undefined,
  usable: undefined as (Measured<UsableResult> & { where: string }) | undefined,
  scale: undefined as ScaleResult | undefined,
  exports: undefined as ExportsResult | undefined,
  deposits: undefined as DepositsResult | undefined,
  payouts: undefined as PayoutsResult | undefined,
  boards: undefined as BoardsResult | undefined,
  large: undefined as LargeResult | undefined,
  servers: undefined as ServersResult | undefined,
  soak: undefined as SoakBenchResult | undefined,
  signInFlood: undefined as SignInFloodResult | undefined,
  errors: [] as string[],
};

const load = async (url: string, headers: Record<string, string>, responseBytes: number): Promise<LoadFigures> => {
  const opts = { url, headers, connections: settings.connections };
  const r = await measured(
    () => runLoad({ ...opts, seconds: settings.seconds }),
    () => runLoad({ ...opts, seconds: settings.warmupSeconds }),
  );
  return { ...r, responseBytes, meanFromRateMs: round((r.connections * 1000) / r.reqPerSec, 3) };
};

const checkLoad = (name: string, r: LoadResult) => {
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) {
    results.errors.push(
      `${name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts of ${r.requests} requests`,
    );
  }
};

const benchBare = async () => {
  log(`bare Fastify route (${results.bare.length === 0 ? 'first' : 'again'})`);
  const bare = await startBare();
  try {
    const url = `${bare.url}/bare`;
    const { bytes } = await expectOk(url);
    const r = await load(url, {}, bytes);
    results.bare.push(r);
    checkLoad('GET /bare', r);
  } finally {
    await bare.close();
  }
};

const benchEngine = async (engine: Engine) => {
  const out: EngineResult = (results.engines[engine] = {});
  const label = ENGINE_LABEL[engine];
  if (engine === 'postgres') {
    const reason = await postgresReachable(settings.postgresUrl);
    if (reason) {
      out.skipped = `PostgreSQL not reachable: ${reason}`;
      log(`${label}: skipped (${reason})`);
      return;
    }
  }
  log(`${label}: opening a fresh database`);
  const opened = await openBenchDatabase(engine, settings.postgresUrl);
  out.version = opened.version;
  out.where = opened.where;
  try {
    const server = await startApp(opened.database);
    try {
      log(`${label}: ${settings.logins} sequential sign-ins`);
      out.login = await measured(async () => ({
        ...(await measureLogins(server.url, settings.loginUser, settings.logins, settings.loginWarmup)),
        user: settings.loginUser,
        warmup: settings.loginWarmup,
      }));
      // After the sign-in run: signing a user in again ends that user's earlier session.
      const headers = { authorization: `Bearer ${await signIn(server.url, 'admin')}` };
      const url = `${server.url}/v1/getall-merchant`;
      const { body, bytes } = await expectOk(url, headers);
      const rows = (body as { data: { merchants: unknown[] } }).data.merchants.length;
      log(`${label}: GET /v1/getall-merchant under load`);
      out.merchants = { ...(await load(url, headers, bytes)), rows };
      checkLoad(`GET /v1/getall-merchant on ${label}`, out.merchants);
    } finally {
      await server.close();
    }
  } finally {
    await opened.close();
  }
};

const benchStart = async () => {
  log('start: bundling the server as npm start does');
  execFileSync(process.execPath, ['scripts/start.mjs', '--bundle-only'], { cwd: ROOT, stdio: 'inherit' });
  for (let i = 0; i < settings.startRuns; i++) {
    const run: (typeof results.start)[number] = {};
    results.start.push(run);
    const tmp = tempDir('pgc-bench-start-');
    const dataDir = tmp.dir;
    try {
      log(`start ${i + 1}/${settings.startRuns}: cold (empty data folder)`);
      run.cold = await measured(() => measureStart(dataDir));
      log(`start ${i + 1}/${settings.startRuns}: warm (same folder again)`);
      run.warm = await measured(() => measureStart(dataDir));
      log(`start ${i + 1}/${settings.startRuns}: warm from the TypeScript sources (tsx), for comparison`);
      run.sources = await measured(() => measureStart(dataDir, 'sources'));
    } catch (error) {
      run.error = (error as Error).message;
      results.errors.push(`start: ${run.error}`);
    } finally {
      await tmp.remove();
    }
  }
};

/** The dashboard built for this run (a temp folder, removed at cleanup), shared by the bundle and usable sections. */
let builtDist: string | null = null;
const distFolder = () => {
  const tmp = tempDir('pgc-bench-dist-');
  return path.join(tmp.dir, 'dist');
};

const benchBundle = async () => {
  log('bundle: production build of the dashboard');
  const outDir = distFolder();
  results.bundle = await measured(async () => analyzeBundle(outDir, await buildDashboard(outDir)));
  builtDist = outDir;
};

const benchUsable = async () => {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  if (!builtDist) {
    log('usable: building the dashboard first');
    const outDir = distFolder();
    await buildDashboard(outDir);
    builtDist = outDir;
  }
  const tmp = tempDir('pgc-bench-usable-');
  log('usable: starting the product (embedded database, demo data)');
  const product = await startProduct({
    DATA_DIR: tmp.dir,
    DIST_DIR: builtDist,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  });
  try {
    log(
      `usable: ${settings.usableWarmup} unmeasured and ${settings.usableRuns} measured sign-ins in headless Chromium`,
    );
    const r = await measured(() => measureUsable(product.url, settings.usableRuns, settings.usableWarmup, log));
    results.usable = { ...r, where: "the product on its embedded database, this run's build" };
  } finally {
    await product.stop();
    await tmp.remove();
  }
};

const benchScaleSection = async () => {
  results.scale = await benchScale(settings, log);
  if (results.scale.skipped) log(`scale: skipped (${results.scale.skipped})`);
  results.errors.push(...results.scale.problems.map((p) => `scale: ${p}`));
};

const benchSignInFloodSection = async () => {
  results.signInFlood = await benchSignInFlood(settings.postgresUrl, log);
};

const benchExportsSection = async () => {
  results.exports = await benchExports(settings, log);
  if (results.exports.skipped) log(`exports: skipped (${results.exports.skipped})`);
  results.errors.push(...results.exports.problems.map((p) => `exports: ${p}`));
};

const benchDepositsSection = async () => {
  results.deposits = await benchDeposits(settings, log);
  if (results.deposits.skipped) log(`deposits: skipped (${results.deposits.skipped})`);
  results.errors.push(...results.deposits.problems.map((p) => `deposits: ${p}`));
};

const benchPayoutsSection = async () => {
  results.payouts = await benchPayouts(settings, log);
  if (results.payouts.skipped) log(`payouts: skipped (${results.payouts.skipped})`);
  results.errors.push(...results.payouts.problems.map((p) => `payouts: ${p}`));
};

const benchBoardsSection = async () => {
  results.boards = await benchBoards(settings, log);
  if (results.boards.skipped) log(`boards: skipped (${results.boards.skipped})`);
  results.errors.push(...results.boards.problems.map((p) => `boards: ${p}`));
};

const benchServersSection = async () => {
  results.servers = await benchServers(settings, log);
  if (results.servers.skipped) log(`servers: skipped (${results.servers.skipped})`);
  results.errors.push(...results.servers.problems.map((p) => `servers: ${p}`));
};

const benchLargeSection = async () => {
  results.large = await benchLarge(settings, log);
  if (results.large.skipped) log(`large: skipped (${results.large.skipped})`);
  results.errors.push(...results.large.problems.map((p) => `large: ${p}`));
};

const ratio = (route: number, bare: number): Ratio => ({
  value: round(route / Math.max(bare, 1), 2),
  lowerBound: bare < 1,
});

/** The mean of the bare runs (latency percentiles too: a reference, not a distribution). */
const bareReference = (runs: LoadFigures[]) => {
  const avg = (f: (r: LoadFigures) => number) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
  return {
    reqPerSec: avg((r) => r.reqPerSec),
    meanFromRateMs: avg((r) => r.meanFromRateMs),
    latencyMs: {
      p50: avg((r) => r.latencyMs.p50),
      p97_5: avg((r) => r.latencyMs.p97_5),
      p99: avg((r) => r.latencyMs.p99),
    },
  };
};

const ratios = (r: LoadFigures, bare: ReturnType<typeof bareReference>): Ratios => ({
  reqPerSec: round(r.reqPerSec / bare.reqPerSec, 4),
  meanFromRate: round(r.meanFromRateMs / bare.meanFromRateMs, 2),
  p50: ratio(r.latencyMs.p50, bare.latencyMs.p50),
  p97_5: ratio(r.latencyMs.p97_5, bare.latencyMs.p97_5),
  p99: ratio(r.latencyMs.p99, bare.latencyMs.p99),
});

const showRatio = (r: Ratio) => `${r.lowerBound ? '≥' : ''}${times(r.value)}`;

const allOtherCpu = (): number[] => {
  const all: (OtherCpu | undefined)[] = results.bare.map((b) => b.otherCpu);
  for (const r of Object.values(results.engines)) all.push(r.login?.otherCpu, r.merchants?.otherCpu);
  for (const r of results.start) all.push(r.cold?.otherCpu, r.warm?.otherCpu, r.sources?.otherCpu);
  all.push(results.bundle?.otherCpu, results.usable?.otherCpu, ...scaleOtherCpu(results.scale));
  all.push(
    ...depositsOtherCpu(results.deposits),
    ...payoutsOtherCpu(results.payouts),
    ...boardsOtherCpu(results.boards),
    ...largeOtherCpu(results.large),
  );
  return otherShares(all);
};

const report = (): string => {
  const s = results.settings;
  const engines = Object.entries(results.engines) as [Engine, EngineResult][];
  const out: string[] = [];
  out.push(
    `Payment-Gateway console bench · Node ${results.environment.node} · ${results.environment.cores} cores · 127.0.0.1 · sections: ${s.only.join(', ')}`,
    `Load generator in a child process on the same cores. ${s.seconds} s per load run after ${s.warmupSeconds} s warm-up, ${s.connections} connections unless stated.`,
  );
  if (ran('api')) apiReport(out, engines);
  if (ran('signin') && results.signInFlood) out.push('', ...signInFloodReport(results.signInFlood));
  if (ran('start')) startReport(out);
  if (ran('bundle') && results.bundle) out.push('', ...bundleReport(results.bundle));
  if (ran('usable') && results.usable) out.push('', ...usableReport(results.usable, results.usable.where));
  if (ran('scale') && results.scale) out.push('', ...scaleReport(results.scale, s.connections));
  if (ran('exports') && results.exports) out.push('', ...exportsReport(results.exports));
  if (ran('deposits') && results.deposits) out.push('', ...depositsReport(results.deposits));
  if (ran('payouts') && results.payouts) out.push('', ...payoutsReport(results.payouts));
  if (ran('boards') && results.boards) out.push('', ...boardsReport(results.boards));
  if (ran('servers') && results.servers) out.push('', ...serversReport(results.servers));
  if (ran('large') && results.large) out.push('', ...largeReport(results.large));
  if (ran('soak') && results.soak) out.push('', ...soakReport(results.soak));

  const env = results.environment;
  out.push(
    '',
    '"others": share of all cores used by other processes (not this bench, its children or the database server),',
    'just before (this bench idle) and during each measurement.',
    `Load average (1 min): ${fmt(env.loadAverageAtStart, 2)} at start, ${fmt(env.loadAverageAtEnd, 2)} at end.`,
  );
  const busiest = Math.max(0, ...allOtherCpu());
  if (busiest > QUIET)
    out.push(
      `WARNING: other processes used up to ${pct(busiest)} of the cores during this run; the figures above are disturbed. Re-run when the machine is quiet.`,
    );
  if (results.errors.length > 0) out.push('', 'Problems:', ...results.errors.map((e) => `  - ${e}`));
  return out.join('\n');
};

/** Sections 1 and 2: sign-in and merchant-list throughput against the bare route (server in this process). */
const apiReport = (out: string[], engines: [Engine, EngineResult][]) => {
  const s = results.settings;
  out.push('', 'Sections 1–2: the server runs in this process (buildApp on 127.0.0.1).');
  for (const [engine, r] of engines) {
    const what = r.skipped
      ? r.skipped
      : `${r.version ?? '?'}, ${r.where ?? ''}${r.error ? ` — FAILED: ${r.error}` : ''}`;
    out.push(`${ENGINE_LABEL[engine]}: ${what}`);
  }

  out.push(
    '',
    `1. Sign-in round trip: POST /v1/login (user ${s.loginUser}, override), ${s.logins} sequential requests after ${s.loginWarmup} unmeasured`,
  );
  out.push(
    table(
      ['engine', 'n', 'mean ms', 'p50 ms', 'p99 ms', 'min ms', 'max ms', 'others before / during'],
      engines
        .filter(([, r]) => r.login)
        .map(([e, r]) => {
          const l = r.login!;
          return [
            ENGINE_LABEL[e],
            l.n,
            fmt(l.mean),
            fmt(l.p50),
            fmt(l.p99),
            fmt(l.min),
            fmt(l.max),
            others(l.otherCpu),
          ];
        }),
    ),
  );

  const bare = results.bare;
  out.push('', '2. Throughput: GET /v1/getall-merchant (ADMIN token) against a bare Fastify route GET /bare');
  const loadRow = (name: string, r: LoadFigures) => [
    name,
    fmt(r.reqPerSec, 0),
    fmt(r.meanFromRateMs, 2),
    fmt(r.latencyMs.p50, 0),
    fmt(r.latencyMs.p97_5, 0),
    fmt(r.latencyMs.p99, 0),
    r.requests,
    r.non2xx + r.errors + r.timeouts,
    others(r.otherCpu),
  ];
  const rows: (string | number)[][] = [];
  if (bare[0]) rows.push(loadRow('bare /bare, before', bare[0]));
  for (const [e, r] of engines) if (r.merchants) rows.push(loadRow(`merchants, ${ENGINE_LABEL[e]}`, r.merchants));
  if (bare[1]) rows.push(loadRow('bare /bare, after', bare[1]));
  out.push(
    table(
      ['target', 'req/s', 'mean ms', 'p50 ms', 'p97.5 ms', 'p99 ms', 'requests', 'failed', 'others before / during'],
      rows,
    ),
  );
  if (bare.length > 0) {
    out.push(
      '',
      `   Ratio to the bare route (${bare.length > 1 ? 'mean of its two runs; ' : ''}req/s: share of bare; latency: multiple of bare)`,
    );
    out.push(
      table(
        ['target', 'req/s', 'mean', 'p50', 'p97.5', 'p99'],
        engines
          .filter(([, r]) => r.merchants?.vsBare)
          .map(([e, r]) => {
            const v = r.merchants!.vsBare!;
            return [
              `merchants, ${ENGINE_LABEL[e]}`,
              `${fmt(v.reqPerSec * 100, 2)}%`,
              times(v.meanFromRate),
              showRatio(v.p50),
              showRatio(v.p97_5),
              showRatio(v.p99),
            ];
          }),
      ),
    );
    const m = engines.find(([, r]) => r.merchants)?.[1].merchants;
    out.push(
      `   Bodies: /bare ${bare[0].responseBytes} B${m ? `; merchant list ${m.responseBytes} B (${m.rows} demo merchants)` : ''}.`,
      '   mean = connections ÷ req/s (exact for this closed loop). Percentiles come from a 1 ms histogram, so their',
      '   ratios are rough; "≥" where the bare figure rounds below 1 ms (taken as 1 ms).',
    );
  }
};

/** Section 3: cold and warm start of the entry point. */
const startReport = (out: string[]) => {
  out.push(
    '',
    '3. Start as npm start does (node scripts/start.mjs: the server bundle; embedded PostgreSQL, no dashboard build, PORT=0) to GET /v1/health 200, stopped with SIGTERM',
  );
  const startRows: (string | number)[][] = [];
  results.start.forEach((run, i) => {
    const tag = results.start.length > 1 ? ` #${i + 1}` : '';
    for (const [kind, label] of [
      ['cold', 'empty data folder'],
      ['warm', 'same folder again'],
      ['sources', 'same folder, from sources (tsx)'],
    ] as const) {
      const r = run[kind];
      if (r)
        startRows.push([
          `${kind}${tag}`,
          label,
          fmt(r.readyMs, 0),
          fmt(r.healthMs, 0),
          fmt(r.peakRssMb, 0),
          fmt(r.rssMb, 0),
          fmt(r.databaseMb, 0),
          r.peakRssMb === null ? '' : fmt(r.peakRssMb + (r.databaseMb ?? 0), 0),
          fmt(r.stopMs, 0),
          String(r.exitCode),
          others(r.otherCpu),
        ]);
    }
    if (run.error) startRows.push([`failed${tag}`, run.error.slice(0, 60), '', '', '', '', '', '', '', '', '']);
  });
  out.push(
    table(
      [
        'run',
        'data folder',
        'ready ms',
        'health 200 ms',
        'server peak RSS MB',
        'server RSS MB',
        'database PSS MB',
        'server peak + database MB',
        'stop ms',
        'exit',
        'others before / during',
      ],
      startRows,
    ),
  );
};

const main = async () => {
  cleanupOnSignals();
  const all: [Section, string, () => Promise<void>][] = [
    ['api', 'bare route', benchBare],
    // The engines are measured in this one process: whichever ran first paid for the server code's
    // JIT warm-up (the first engine lost 10-20 %, in either order). One unrecorded round first.
    ['api', 'warm-up round (not recorded)', () => benchEngine('postgres')],
    ['api', 'embedded PostgreSQL', () => benchEngine('embedded')],
    ['api', 'PostgreSQL', () => benchEngine('postgres')],
    ['api', 'bare route', benchBare],
    ['signin', 'sign-in flood', benchSignInFloodSection],
    ['start', 'start', benchStart],
    ['bundle', 'bundle', benchBundle],
    ['usable', 'usable', benchUsable],
    ['scale', 'scale', benchScaleSection],
    ['exports', 'exports', benchExportsSection],
    ['deposits', 'deposits', benchDepositsSection],
    ['payouts', 'payouts', benchPayoutsSection],
    ['boards', 'boards', benchBoardsSection],
    ['servers', 'N servers', benchServersSection],
    ['large', 'large', benchLargeSection],
    ['team', 'embedded default, small team', async () => void (await benchTeam(settings, log, results))],
    ['soak', 'soak', async () => void (results.soak = await benchSoak(settings.postgresUrl, log))],
  ];
  const steps = all.filter(([section]) => ran(section)).map(([, name, step]) => [name, step] as const);
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      const message = (error as Error).message;
      results.errors.push(`${name}: ${message}`);
      const engine = name === 'embedded PostgreSQL' ? 'embedded' : name === 'PostgreSQL' ? 'postgres' : null;
      if (engine && results.engines[engine]) results.engines[engine].error = message;
      log(`${name} failed: ${message}`);
    }
  }
  if (results.bare.length > 0) {
    const reference = bareReference(results.bare);
    for (const r of Object.values(results.engines))
      if (r.merchants) r.merchants.vsBare = ratios(r.merchants, reference);
  }
  results.errors.push(...(await cleanupAll()).map((f) => `cleanup: ${f}`));
  results.errors.push(...poolErrors.map((e) => `idle database connection lost: ${e}`));
  results.finishedAt = new Date().toISOString();
  results.environment.loadAverageAtEnd = round(loadAverage(), 2);

  fs.mkdirSync(path.dirname(settings.outFile), { recursive: true });
  fs.writeFileSync(settings.outFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${report()}\n\nWrote ${path.relative(ROOT, settings.outFile)}`);
  return results.errors.length === 0 ? 0 : 1;
};

main().then(
  (code) => process.exit(code),
  async (error: Error) => {
    console.error(`bench failed: ${error.stack ?? error.message}`);
    await cleanupAll();
    process.exit(1);
  },
);
