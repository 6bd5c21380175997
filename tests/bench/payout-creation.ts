import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import type { Db } from '../../server/db';
import { merchantByApiKey } from '../../server/services/merchants/merchant-api-keys';
import { createPayout } from '../../server/services/payouts/payout-create';
import { feeOf } from '../../domain/money';
import { measured, type OtherCpu } from './measured';
import { checkRun, ledgerProblems, type LedgerCheck, type RunCheck } from './payout-checks';
import { apiKeyOf, merchantCode } from './seed/payouts';
import { ROOT, type Settings } from './settings';
import { capture, closedLoop, watchCpu, watchWaits, type Latency } from './sql-probes';
import { tempDir } from './targets';

/**
 * Pay-out creation through POST /v1/merchant-api/payouts at BENCH_CONNECTIONS on ten hot merchant
 * accounts, from a child process (post-payouts.ts): a run on merchants funded far beyond what it
 * asks (M001–M010), and a run on merchants funded for exactly half of it (M011–M020, ₹1,000 each),
 * so that the second half is refused with 409 INSUFFICIENT_BALANCE. Beside them the floor: the
 * statements a lone request sends (the merchant's key, then createPayout's transaction), captured
 * and replayed on bare connections over the same ten accounts. After each run the ledger is
 * checked (payout-checks.ts).
 */
const execFileAsync = promisify(execFile);
const knob = (name: string, fallback: number) => {
  const v = Number(process.env[name] || fallback);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} must be a positive whole number`);
  return v;
};
/** Requests of each run. */
export const CREATE = knob('PAYOUTS_CREATE', 10_000);
export const HOT = 10;
/** The issue's target (pay-outs created a second). */
export const CREATE_PER_SEC = 500;
const WARM_UP = 1_000;
/** The second run's pay-outs: one amount, so that each merchant's money covers exactly SHORT_EACH of them. */
const SHORT_PAISE = 1_000_00;
const SHORT_EACH = Math.floor(CREATE / HOT / 2);

const funded = Array.from({ length: HOT }, (_, i) => i + 1);
const short = Array.from({ length: HOT }, (_, i) => HOT + i + 1);

/** What the bench lets each generated merchant spend beyond what its waiting pay-outs hold (paise). */
export const spendOf = (code: string, bps: number): number => {
  const n = Number(code.slice(1));
  if (n <= HOT) return 10_00_00_000_00;
  if (n <= 2 * HOT) return SHORT_EACH * (SHORT_PAISE + feeOf(SHORT_PAISE, bps));
  return 10_00_000_00;
};

export interface CreationRun {
  name: string;
  merchants: string;
  requests: number;
  answers: Record<string, number>;
  created: number;
  ms: number;
  perSec: number;
  rowsPerSec: number;
  p50: number;
  p99: number;
  otherCpu: OtherCpu;
  waits: { what: string; sessions: number }[];
  cpu: { server: number; database: number };
  check: RunCheck;
}
export interface CreationResult {
  statementsPerRequest: number;
  statements: string[];
  runs: CreationRun[];
  floor?: Latency & { otherCpu: OtherCpu; waits: CreationRun['waits']; cpu: CreationRun['cpu'] };
  ledger?: LedgerCheck;
  problems: string[];
}

const rupees = (i: number) => (i % 3 === 0 ? 500 + ((i * 7919) % 49_500) : 500 + ((i * 104_729) % 19_500) + 0.25);
const beneficiaryOf = (i: number) =>
  i % 10 === 0
    ? { upiId: `cust${i}@okaxis` }
    : {
        accountHolder: 'Rahul Sharma',
        accountNumber: String(10_000_000_000 + i),
        ifsc: 'HDFC0000123',
        bankName: 'HDFC Bank',
      };

const requestsOf = (prefix: string, merchants: number[], count: number, amount?: number) =>
  Array.from({ length: count }, (_, i) => ({
    apiKey: apiKeyOf(merchants[i % merchants.length]),
    body: {
      merchantOrderId: `${prefix}${i + 1}`,
      customerId: `cust-${i % 5000}`,
      amount: amount ?? rupees(i),
      beneficiary: beneficiaryOf(i),
    },
  }));

type Posted = {
  requests: number;
  answers: Record<string, number>;
  created: [string, string][];
  ms: number;
  perSec: number;
  p50: number;
  p99: number;
  problems: string[];
};

/** The requests POSTed from a child process (tests/bench/post-payouts.ts). */
const post = async (base: string, workers: number, requests: ReturnType<typeof requestsOf>): Promise<Posted> => {
  const tmp = tempDir('pgc-bench-payouts-');
  try {
    const file = path.join(tmp.dir, 'job.json');
    writeFileSync(file, JSON.stringify({ base, workers, requests }));
    const script = path.join(ROOT, 'tests', 'bench', 'post-payouts.ts');
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', script, file], {
      cwd: ROOT,
      maxBuffer: 1 << 26,
    });
    return JSON.parse(stdout.trim().split('\n').pop()!) as Posted;
  } finally {
    await tmp.remove();
  }
};

/**
 * The statements a lone request of merchant n sends (the merchant's key, then createPayout's
 * transaction, a batch of one), captured from a real pay-out of ₹1,000: its replay needs a fresh
 * order id, and the new pay-out's id where the captured one stood.
 */
const probe = async (db: Db, pool: pg.Pool, n: number) => {
  const merchant = await merchantByApiKey(db, apiKeyOf(n));
  const orderId = `probe-${merchantCode(n)}`;
  let id = '';
  const statements = await capture(pool, async (cdb) => {
    const m = await merchantByApiKey(cdb, apiKeyOf(n));
    const { row } = await createPayout(
      cdb,
      m,
      { merchantOrderId: orderId, customerId: 'cust-probe', amount: 1000, beneficiary: beneficiaryOf(1) },
      { actor: { userName: `merchant-api:${merchant.code}`, ip: '127.0.0.1' } },
    );
    id = row.id;
  });
  return { statements, orderId, id };
};

let floorSerial = 0;
const replay = async (client: pg.PoolClient, p: Awaited<ReturnType<typeof probe>>) => {
  const orderId = `floor-${++floorSerial}`;
  let id = p.id;
  const swap = (v: unknown): unknown =>
    typeof v === 'string' ? v.replaceAll(p.orderId, orderId).replaceAll(p.id, id) : Array.isArray(v) ? v.map(swap) : v;
  for (const s of p.statements) {
    const { rows } = await client.query(s.sql, s.params.map(swap));
    if (/^insert into "payouts"/i.test(s.sql)) id = (rows[0] as { id: string }).id;
  }
};

const runOf = async (
  name: string,
  merchants: number[],
  base: string,
  settings: Settings,
  pool: pg.Pool,
  bare: pg.Pool,
  requests: ReturnType<typeof requestsOf>,
  prefix: string,
): Promise<CreationRun> => {
  const stopWaits = watchWaits(bare);
  const stopCpu = await watchCpu(bare);
  const run = await measured(() => post(base, settings.connections, requests));
  const cpu = await stopCpu();
  const waits = await stopWaits();
  const check = await checkRun(pool, prefix, run.created, merchants.map(merchantCode));
  const created = run.created.length;
  return {
    name,
    merchants: `${merchantCode(merchants[0])}–${merchantCode(merchants.at(-1)!)}`,
    requests: run.requests,
    answers: run.answers,
    created,
    ms: run.ms,
    perSec: run.perSec,
    rowsPerSec: Math.round(created / (run.ms / 1000)),
    p50: run.p50,
    p99: run.p99,
    otherCpu: run.otherCpu,
    waits,
    cpu,
    check: { ...check, problems: [...run.problems.slice(0, 10), ...check.problems] },
  };
};

export const benchCreation = async (
  settings: Settings,
  log: (line: string) => void,
  base: string,
  db: Db,
  pool: pg.Pool,
  bare: pg.Pool,
): Promise<CreationResult> => {
  const probes: Awaited<ReturnType<typeof probe>>[] = [];
  for (const n of funded) probes.push(await probe(db, pool, n));
  const out: CreationResult = {
    statementsPerRequest: probes[0].statements.length,
    statements: probes[0].statements.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 140)),
    runs: [],
    problems: [],
  };
  log(`payouts: warm-up, ${WARM_UP} pay-outs (not measured)`);
  await post(base, settings.connections, requestsOf('bench-warm-', funded, WARM_UP));

  log(`payouts: ${CREATE} pay-outs on ${HOT} funded merchants at ${settings.connections} connections`);
  const a = requestsOf('bench-funded-', funded, CREATE);
  out.runs.push(await runOf('funded', funded, base, settings, pool, bare, a, 'bench-funded-'));

  log(`payouts: the floor, createPayout's statements bare on ${settings.connections} connections`);
  const clients = await Promise.all(Array.from({ length: settings.connections }, () => bare.connect()));
  try {
    const once = (w: number) => replay(clients[w], probes[w % probes.length]);
    const stopWaits = watchWaits(bare);
    const stopCpu = await watchCpu(bare);
    const floor = await measured(
      () => closedLoop(settings.connections, settings.seconds, once),
      () => closedLoop(settings.connections, settings.warmupSeconds, once),
    );
    out.floor = { ...floor, cpu: await stopCpu(), waits: await stopWaits() };
  } finally {
    for (const c of clients) c.release();
  }

  log(`payouts: ${CREATE} pay-outs of ₹1,000 on ${HOT} merchants funded for ${SHORT_EACH} each`);
  const b = requestsOf('bench-short-', short, CREATE, SHORT_PAISE / 100);
  const runB = await runOf('running out', short, base, settings, pool, bare, b, 'bench-short-');
  runB.check.expectedEach = SHORT_EACH;
  if (runB.check.perMerchant.some((m) => m.created !== SHORT_EACH || m.available !== 0))
    runB.check.problems.push(
      `running out: expected ${SHORT_EACH} pay-outs a merchant and nothing left: ${runB.check.perMerchant
        .map((m) => `${m.code} ${m.created} (₹${m.available / 100} left)`)
        .join(', ')}`,
    );
  out.runs.push(runB);

  out.ledger = await ledgerProblems(pool);
  for (const r of out.runs) out.problems.push(...r.check.problems.map((p) => `${r.name}: ${p}`));
  out.problems.push(...out.ledger.problems);
  return out;
};
