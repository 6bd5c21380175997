import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { CLUSTER, PASSWORD_FILE } from '../../server/db/data-folder';
import { DATABASE } from '../../server/db/embedded';
import { spawnProduct } from '../support/product';
import { onCleanup } from './cleanup';
import { measured, type Measured } from './measured';
import { signIn } from './measure';
import { fillRollups } from './seed/boards';
import { generatedApiKey } from './seed/deposits';
import { BIG_MERCHANT, seedDeposits, type DepositSeed } from './seed/deposits';
import { poolOf } from './seed/scale';
import { ROOT, type Settings } from './settings';
import { round } from './stats';
import { watchCpu, watchWaits } from './sql-probes';
import { ENGINE_LABEL, openBenchDatabase, postgresReachable, tempDir, type Engine } from './targets';
import { runTeam, teamScreens, type Person, type TeamLoad } from './team-load';
import { judgeTeam, teamReport } from './team-report';

/**
 * Issue 15, item 3: the embedded default holds a small team. The product as npm start runs it (the
 * server bundle; no DATABASE_URL, so its own PostgreSQL in a fresh data folder, demo data seeded)
 * gets TEAM_PAYINS (100,000) generated pay-ins written straight into its database (the deposits
 * bench's generator, then the boards bench's rollups of them), then TEAM_PEOPLE (20) people browse
 * it for TEAM_SECONDS (60, after TEAM_WARMUP_SECONDS 5 unmeasured) while one merchant creates
 * TEAM_CREATE_PER_SEC (20) pay-ins a second through the merchant API (team-load.ts). The same
 * server code, data and load then run on a throwaway database of the system's PostgreSQL
 * (TEAM_ENGINES=postgres,embedded swaps the order: on a busy machine the order alone moves the figures).
 * Both runs get the same settings beside their database: no second factor at sign-in (not what is
 * measured), sign-in and merchant-API limits raised (the API's default, 600 a minute per key, is
 * 10 a second), private callback URLs allowed (the generated merchants call back to this server).
 */
const knob = (name: string, fallback: number) => {
  const v = Number(process.env[name] || fallback);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} must be a positive whole number`);
  return v;
};
const PAYINS = knob('TEAM_PAYINS', 100_000);
const SECONDS = knob('TEAM_SECONDS', 60);
const WARMUP_SECONDS = knob('TEAM_WARMUP_SECONDS', 5);
const PEOPLE = knob('TEAM_PEOPLE', 20);
const CREATE_PER_SEC = knob('TEAM_CREATE_PER_SEC', 20);
const THINK_MS = 200;
/** Which databases, in which order (TEAM_ENGINES=postgres,embedded puts the system's first). */
const ORDER = (process.env.TEAM_ENGINES || 'embedded,postgres').split(',') as Engine[];
if (ORDER.some((e) => !(e in ENGINE_LABEL))) throw new Error('TEAM_ENGINES: embedded and/or postgres, comma-separated');
/** The biggest generated merchant's (M001) API key. */
const BIG_MERCHANT_KEY = generatedApiKey(1);
const STAFF = ['admin', 'transactions', 'operations'];
/** Settings shown side by side: what would explain one server being slower than the other. */
const SETTINGS = (
  'shared_buffers effective_cache_size work_mem max_connections synchronous_commit fsync full_page_writes wal_buffers ' +
  'max_wal_size checkpoint_timeout random_page_cost jit huge_pages data_checksums lc_collate password_encryption'
).split(' ');

export interface TeamRun {
  engine: Engine;
  version: string;
  where: string;
  settings: Record<string, string>;
  seed: DepositSeed & { rollupsMs: number };
  load: Measured<TeamLoad> & {
    /** Cores busy during the measured window: the product's process, its database sessions, this process. */
    cores: { server: number | null; database: number; loadGenerator: number };
    waits: { what: string; sessions: number }[];
  };
}
export interface TeamResult {
  skipped?: string;
  plan: {
    payins: number;
    seconds: number;
    warmupSeconds: number;
    people: number;
    createPerSec: number;
    thinkMs: number;
  };
  runs: TeamRun[];
  targets: { what: string; target: string; figure: string; met: boolean }[];
  problems: string[];
}

interface Started {
  url: string;
  pid: number;
  pool: pg.Pool;
  where: string;
  stop: () => Promise<void>;
}

/** The embedded server's superuser URL, from what the product left in its data folder. */
const embeddedUrl = (dir: string) => {
  const password = fs.readFileSync(path.join(dir, PASSWORD_FILE), 'utf8').trim();
  const port = fs
    .readFileSync(path.join(dir, CLUSTER, 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
};

/** The product's bundle on a fresh data folder, on its embedded database or on a throwaway one. */
const startOn = async (engine: Engine, settings: Settings): Promise<Started> => {
  const tmp = tempDir('pgc-bench-team-');
  const opened = engine === 'postgres' ? await openBenchDatabase('postgres', settings.postgresUrl) : undefined;
  const env: NodeJS.ProcessEnv = {
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    REQUIRE_2FA_ROLES: 'none',
    MERCHANT_API_RATE_LIMIT_PER_MINUTE: String(CREATE_PER_SEC * 60 * 4),
    ALLOW_PRIVATE_CALLBACK_URLS: '1',
    LOG_LEVEL: 'warn',
    ...(opened ? { DATABASE_URL: opened.url, SEED_DEMO: '1' } : {}),
  };
  const run = spawnProduct(tmp.dir, env, true);
  const stopProduct = onCleanup('team product', async () => {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGTERM');
      const forced = setTimeout(() => run.child.kill('SIGKILL'), 15_000);
      await run.exited;
      clearTimeout(forced);
    }
  });
  const done = async () => {
    await stopProduct();
    await opened?.close();
    await tmp.remove();
  };
  try {
    const url = await run.ready;
    const pool = opened ? poolOf(opened.database) : new pg.Pool({ connectionString: embeddedUrl(tmp.dir), max: 4 });
    pool.on('error', () => undefined);
    const endPool = opened ? async () => undefined : onCleanup('team embedded pool', () => pool.end());
    const where = opened ? opened.where : 'temp data folder (npm start without DATABASE_URL)';
    return { url, pid: run.child.pid!, pool, where, stop: async () => (await endPool(), await done()) };
  } catch (error) {
    await done();
    throw new Error(`${(error as Error).message}\n${run.output().slice(-800)}`);
  }
};

/** The generated pay-ins and their rollups; the demo's own rows keep the rollups the services wrote. */
const seed = async (pool: pg.Pool, base: string) => {
  const deposits = await seedDeposits(pool, PAYINS);
  const t0 = performance.now();
  // fillRollups adds up every live pay-in and pay-out: the demo's are set aside while it runs.
  const hidden = {
    payins: (
      await pool.query<{ id: string }>(
        `UPDATE payins SET test = true WHERE NOT test AND merchant_code !~ '^M[0-9]{3}$' RETURNING id`,
      )
    ).rows.map((r) => r.id),
    payouts: (await pool.query<{ id: string }>('UPDATE payouts SET test = true WHERE NOT test RETURNING id')).rows.map(
      (r) => r.id,
    ),
  };
  try {
    await fillRollups(pool);
  } finally {
    await pool.query('UPDATE payins SET test = false WHERE id = ANY($1::uuid[])', [hidden.payins]);
    await pool.query('UPDATE payouts SET test = false WHERE id = ANY($1::uuid[])', [hidden.payouts]);
  }
  await pool.query('VACUUM (ANALYZE) payins, payouts');
  await pool.query(`UPDATE users SET merchant_codes = ARRAY['${BIG_MERCHANT}'] WHERE user_name = 'merchant'`);
  // Callbacks of the generated merchants go to this server's own demo receiver, never outside.
  await pool.query(
    `UPDATE merchants SET payin_callback_url = $1 || '/v1/demo/callbacks/' || code WHERE code ~ '^M[0-9]{3}$'`,
    [base],
  );
  return { ...deposits, rollupsMs: Math.round(performance.now() - t0) };
};

const serverSettings = async (pool: pg.Pool) => {
  const { rows } = await pool.query<{ name: string; value: string }>(
    `SELECT name, current_setting(name) AS value FROM unnest($1::text[]) AS name`,
    [SETTINGS],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
};

/** CPU seconds a process has used (user and system), from /proc. */
const cpuSeconds = (pid: number): number | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
};

const benchOn = async (engine: Engine, settings: Settings, log: (line: string) => void): Promise<TeamRun> => {
  const label = ENGINE_LABEL[engine];
  log(`team: ${label}: starting the product (bundle, demo data)`);
  const started = await startOn(engine, settings);
  try {
    const { pool, url: base } = started;
    log(`team: ${label}: generating ${PAYINS.toLocaleString('en-US')} pay-ins and their rollups in SQL`);
    const seeded = await seed(pool, base);
    const version = (await pool.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0].v;
    const staff = await Promise.all(STAFF.map((u) => signIn(base, u)));
    const tokens: Record<Person, string[]> = {
      staff,
      merchant: [await signIn(base, 'merchant')],
      vendor: [await signIn(base, 'vendor')],
    };
    const { rows } = await pool.query<{ code: string }>(
      `SELECT merchant_code AS code FROM payins GROUP BY 1 ORDER BY count(*) DESC LIMIT 10`,
    );
    const plan = {
      base,
      tokens,
      people: PEOPLE,
      thinkMs: THINK_MS,
      merchantCodes: rows.map((r) => r.code),
      create: { perSecond: CREATE_PER_SEC, apiKey: BIG_MERCHANT_KEY, tag: `team-${engine}-${Date.now().toString(36)}` },
    };
    log(
      `team: ${label}: ${PEOPLE} people browsing and ${CREATE_PER_SEC} pay-ins/s for ${SECONDS} s (after ${WARMUP_SECONDS} s unmeasured)`,
    );
    const load = await measured(
      async () => {
        const cpu = await watchCpu(pool);
        const waits = watchWaits(pool);
        const server0 = cpuSeconds(started.pid);
        const t0 = performance.now();
        const r = await runTeam({ ...plan, seconds: SECONDS });
        const s = (performance.now() - t0) / 1000;
        const server1 = cpuSeconds(started.pid);
        const { server: loadGenerator, database } = await cpu();
        const server = server0 === null || server1 === null ? null : round((server1 - server0) / s, 2);
        return { ...r, cores: { server, database, loadGenerator }, waits: (await waits()).slice(0, 4) };
      },
      () => runTeam({ ...plan, seconds: WARMUP_SECONDS, create: { ...plan.create, tag: `${plan.create.tag}-warm` } }),
    );
    return { engine, version, where: started.where, settings: await serverSettings(pool), seed: seeded, load };
  } finally {
    await started.stop();
  }
};

/** The section: both databases in turn, the figures printed as a table and returned. */
export const benchTeam = async (
  settings: Settings,
  log: (line: string) => void,
  record: { errors: string[]; team?: TeamResult },
): Promise<TeamResult> => {
  const out: TeamResult = {
    plan: {
      payins: PAYINS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      people: PEOPLE,
      createPerSec: CREATE_PER_SEC,
      thinkMs: THINK_MS,
    },
    runs: [],
    targets: [],
    problems: [],
  };
  record.team = out;
  log('team: bundling the server as npm start does');
  execFileSync(process.execPath, ['scripts/start.mjs', '--bundle-only'], { cwd: ROOT, stdio: 'inherit' });
  const reason = await postgresReachable(settings.postgresUrl);
  const engines = ORDER.filter((e) => e === 'embedded' || !reason);
  if (reason) out.skipped = `the system's PostgreSQL not reachable (${reason}): embedded only`;
  for (const engine of engines) {
    try {
      out.runs.push(await benchOn(engine, settings, log));
    } catch (error) {
      out.problems.push(`${ENGINE_LABEL[engine]}: ${(error as Error).message}`);
    }
  }
  judgeTeam(out, teamScreens([]).length);
  record.errors.push(...out.problems.map((p) => `team: ${p}`));
  console.log(`\n${teamReport(out).join('\n')}\n`);
  return out;
};
