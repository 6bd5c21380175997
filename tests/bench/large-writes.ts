import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import type pg from 'pg';
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { DEFAULT_HASH_COST, hashPassword, setPasswordHashCost } from '../../server/services/identity/passwords';
import { measured, type Measured, type OtherCpu } from './measured';
import { startCreateFloor } from './large-create-floor';
import { knob } from './large-database';
import { HOT } from './payout-creation';
import { generatedApiKey } from './seed/deposits';
import { merchantCode } from './seed/payouts';
import { ROOT, type Settings } from './settings';
import { closedLoop, watchCpu, watchWaits, type Latency } from './sql-probes';
import { round } from './stats';
import { tempDir } from './targets';

/**
 * The large bench's writes (issue 15, item 1): pay-ins created through POST /v1/merchant-api/payins
 * with each merchant's X-Api-Key and unique order ids, from a child process (large-post.ts), on
 * the HOT biggest generated merchants (their keys from seed/deposits.ts); then
 * sign-in round trips at 1 and 10 connections, and the time of one password hash at the
 * production cost. On a database the bench did not create, the pay-ins it made are taken out
 * again (with their audit events and their count in the rollups).
 */
const execFileAsync = promisify(execFile);
export const LARGE_CREATE = knob('LARGE_CREATE', 10_000);
const WARM_UP = 1_000;
const PREFIX = 'large-';
export const SIGN_IN_USER = 'transactions';
export const SIGN_IN_LEVELS = [1, 10];

export interface Creation {
  merchants: string;
  requests: number;
  created: number;
  answers: Record<string, number>;
  ms: number;
  rowsPerSec: number;
  p50: number;
  p99: number;
  otherCpu: OtherCpu;
  cpu: { server: number; database: number };
  waits: { what: string; sessions: number }[];
  problems: string[];
  /** The same statements from a bare route (large-create-floor.ts): rows/s, latency, statements per pay-in. */
  floor: { rowsPerSec: number; p50: number; p99: number; statements: number; answers: Record<string, number> };
}
export interface SignIns {
  user: string;
  /** log2 of scrypt's N: the product's default, and that of the stored hash signed in with. */
  defaultCost: number;
  storedCost: number | null;
  /** One hashPassword at the default cost, ms (the median of three). */
  hashMs: number;
  runs: (Measured<Latency> & { connections: number })[];
}

const rupees = (i: number) => (i % 3 === 0 ? 500 + ((i * 7919) % 49_500) : 100 + ((i * 104_729) % 19_900) + 0.5);

const requestsOf = (tag: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const n = (i % HOT) + 1;
    return {
      apiKey: generatedApiKey(n),
      body: { merchantOrderId: `${PREFIX}${tag}${i + 1}`, customerId: `cust-${i % 5000}`, amount: rupees(i) },
    };
  });

type Posted = Omit<Creation, 'merchants' | 'rowsPerSec' | 'otherCpu' | 'cpu' | 'waits' | 'floor'> & {
  perSec: number;
};

const post = async (
  base: string,
  workers: number,
  requests: ReturnType<typeof requestsOf>,
  to = '/v1/merchant-api/payins',
): Promise<Posted> => {
  const tmp = tempDir('pgc-bench-large-');
  try {
    const file = path.join(tmp.dir, 'job.json');
    writeFileSync(file, JSON.stringify({ base, path: to, workers, requests }));
    const script = path.join(ROOT, 'tests', 'bench', 'large-post.ts');
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', script, file], {
      cwd: ROOT,
      maxBuffer: 1 << 24,
    });
    return JSON.parse(stdout.trim().split('\n').pop()!) as Posted;
  } finally {
    await tmp.remove();
  }
};

export const benchCreation = async (
  settings: Settings,
  log: (line: string) => void,
  base: string,
  bare: pg.Pool,
  url: string,
): Promise<Creation> => {
  const tag = `${Date.now().toString(36)}-`;
  log(`large: warm-up, ${WARM_UP} pay-ins through the merchant API (not measured)`);
  await post(base, settings.connections, requestsOf(`${tag}warm-`, WARM_UP));
  log(`large: ${LARGE_CREATE} pay-ins through the merchant API at ${settings.connections} connections`);
  const stopWaits = watchWaits(bare);
  const stopCpu = await watchCpu(bare);
  const run = await measured(() => post(base, settings.connections, requestsOf(tag, LARGE_CREATE)));
  const cpu = await stopCpu();
  const waits = await stopWaits();
  const floor = await startCreateFloor(
    url,
    Array.from({ length: HOT }, (_, i) => generatedApiKey(i + 1)),
    PREFIX,
  );
  let bareRun: Posted;
  try {
    log(`large: the same statements from a bare route (${floor.statements} per pay-in), ${LARGE_CREATE} pay-ins`);
    await post(floor.url, settings.connections, requestsOf(`${tag}floor-warm-`, WARM_UP), '/floor/create');
    bareRun = await post(floor.url, settings.connections, requestsOf(`${tag}floor-`, LARGE_CREATE), '/floor/create');
  } finally {
    await floor.close();
  }
  return {
    floor: {
      rowsPerSec: Math.round(bareRun.created / (bareRun.ms / 1000)),
      p50: bareRun.p50,
      p99: bareRun.p99,
      statements: floor.statements,
      answers: bareRun.answers,
    },
    merchants: `${merchantCode(1)}–${merchantCode(HOT)}`,
    requests: run.requests,
    created: run.created,
    answers: run.answers,
    ms: run.ms,
    rowsPerSec: Math.round(run.created / (run.ms / 1000)),
    p50: run.p50,
    p99: run.p99,
    otherCpu: run.otherCpu,
    cpu,
    waits,
    problems: run.problems,
  };
};

/** Takes the bench's pay-ins out again: their count in the rollups, their audit events, the rows. */
export const removeCreated = async (pool: pg.Pool) => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // The rows made, once (one scan of the pay-ins), with statistics: planned from the figures
    // taken before they were written, a join of audit events to them became a nested loop that
    // scanned ten million pay-ins per event.
    await client.query(`CREATE TEMP TABLE bench_made ON COMMIT DROP AS
      SELECT id, merchant_id, created_at FROM payins WHERE merchant_order_id LIKE '${PREFIX}%' AND NOT test`);
    await client.query('ANALYZE bench_made');
    await client.query(`UPDATE money_rollups r SET created_count = r.created_count - x.n
      FROM (SELECT p.party, s.span, date_trunc(s.span, m.created_at AT TIME ZONE 'Asia/Kolkata') AS at, count(*) AS n
            FROM bench_made m CROSS JOIN LATERAL (VALUES ('payins:' || m.merchant_id), ('all:payins')) AS p(party)
            CROSS JOIN (VALUES ('day'), ('hour')) AS s(span) GROUP BY 1, 2, 3) x
      WHERE r.party = x.party AND r.span = x.span AND r.at = x.at`);
    await client.query(
      `DELETE FROM audit_events a USING bench_made m WHERE a.entity = 'payins' AND a.entity_id = m.id::text`,
    );
    const { rowCount } = await client.query(`DELETE FROM payins p USING bench_made m WHERE p.id = m.id`);
    await client.query('COMMIT');
    return rowCount ?? 0;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
};

const storedCostOf = async (pool: pg.Pool, user: string) => {
  const { rows } = await pool.query<{ hash: string }>('SELECT password_hash AS hash FROM users WHERE user_name = $1', [
    user,
  ]);
  const n = Number(rows[0]?.hash.split('$')[1]);
  return Number.isInteger(n) && n > 0 ? Math.round(Math.log2(n)) : null;
};

/** The cost the server must hash new passwords at so that signing `user` in re-hashes nothing. */
export const signInCost = async (pool: pg.Pool) => (await storedCostOf(pool, SIGN_IN_USER)) ?? DEFAULT_HASH_COST;

/**
 * One sign-in from a source address of its own: parallel attempts of one user from one address are
 * held back by the guessing guard (services/identity/guesses.ts) as it should, so each connection of the
 * loop comes from its own loopback address (127.0.0.2, …), still to the server on 127.0.0.1.
 */
const signInFrom = (base: string, localAddress: string) =>
  new Promise<void>((resolve, reject) => {
    const body = JSON.stringify({ userName: SIGN_IN_USER, password: DEMO_PASSWORD, override: true });
    const req = http.request(`${base}/v1/login`, {
      method: 'POST',
      localAddress,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve()
          : reject(new Error(`sign-in answered ${res.statusCode}: ${text.slice(0, 200)}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });

export const benchSignIns = async (
  settings: Settings,
  log: (line: string) => void,
  base: string,
  pool: pg.Pool,
): Promise<SignIns> => {
  const storedCost = await storedCostOf(pool, SIGN_IN_USER);
  const runs: SignIns['runs'] = [];
  const once = (worker: number) => signInFrom(base, `127.0.0.${worker + 2}`);
  for (const connections of SIGN_IN_LEVELS) {
    log(`large: sign-in of ${SIGN_IN_USER} at ${connections} connections`);
    const r = await measured(
      () => closedLoop(connections, settings.seconds, once),
      () => closedLoop(connections, settings.warmupSeconds, once),
    );
    runs.push({ ...r, connections });
  }
  const hashCost = await storedCostOf(pool, SIGN_IN_USER);
  setPasswordHashCost(DEFAULT_HASH_COST);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await hashPassword('a password of the bench');
    times.push(performance.now() - t);
  }
  if (hashCost !== storedCost) log(`large: the stored hash changed cost (${storedCost} → ${hashCost})`);
  return {
    user: SIGN_IN_USER,
    defaultCost: DEFAULT_HASH_COST,
    storedCost,
    hashMs: round(times.sort((a, b) => a - b)[1], 1),
    runs,
  };
};
