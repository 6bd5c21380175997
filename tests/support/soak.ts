import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db';
import { bankAccounts, merchants } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { hashApiKey } from '../../server/services/merchants/keys';

/**
 * Issue 15, item 4 (d): a soak. Simulated people use one running server for a while, each with
 * a pause between actions as a person has: staff list and open deposits and withdrawals, merchants'
 * users and vendors list theirs, merchants' servers create pay-ins and read their status, and
 * customers open their pay page, pay and type the UTR, which staff then match to the bank credit.
 * Every answer must be a success; the server's resident memory is sampled from /proc meanwhile.
 * Used by tests/api/soak.test.ts (20 s) and the bench (tests/bench/soak.ts, 5 minutes).
 */

/**
 * Memory, sampled each second from /proc. Resident memory carries garbage V8 has not collected
 * yet, so under load its peaks wander (a five-minute run here: 217 MB after warm-up, peaks of 343
 * MB, 235 MB at the end) while the live set stays put. What remains after collections is the
 * floor, the lowest sample of a stretch: a leak raises it. The floor of the last quarter of the
 * run may exceed that of the second quarter (just after warm-up) by at most RSS_GROWTH_LIMIT_MB:
 * over the bench's five minutes (about 45,000 requests) that catches 1.5 kB kept per request.
 */
export const RSS_GROWTH_LIMIT_MB = 64;
/** No sample exceeds this, warm-up included: twice the peaks seen, half of a small VM's 1 GB. */
export const RSS_CEILING_MB = 512;

export interface Memory {
  /** The lowest sample of the second quarter and of the last quarter, and the highest of all. */
  settledFloorMb: number;
  lateFloorMb: number;
  peakMb: number;
  endMb: number;
  /** One sample every 10 s, for the report. */
  timelineMb: number[];
}

/** Where the memory broke its bounds; none when it kept them. */
export const memoryProblems = (m: Memory): string[] => [
  ...(m.lateFloorMb - m.settledFloorMb > RSS_GROWTH_LIMIT_MB
    ? [`floor grew from ${m.settledFloorMb} MB to ${m.lateFloorMb} MB (limit +${RSS_GROWTH_LIMIT_MB} MB)`]
    : []),
  ...(m.peakMb > RSS_CEILING_MB ? [`peak ${m.peakMb} MB above ${RSS_CEILING_MB} MB`] : []),
];

/** The floors of the stretch after `warmupMs` (its second and last quarters); the peak of the whole run. */
const memoryOf = (samples: { at: number; mb: number }[], warmupMs: number, ms: number): Memory => {
  const within = (from: number, to: number) =>
    samples.filter((s) => s.at > warmupMs + from && s.at <= warmupMs + to).map((s) => s.mb);
  return {
    settledFloorMb: Math.min(...within(ms / 4, ms / 2)),
    lateFloorMb: Math.min(...within((ms * 3) / 4, Infinity)),
    peakMb: Math.max(...samples.map((s) => s.mb)),
    endMb: samples.at(-1)!.mb,
    timelineMb: samples.filter((_, i) => i % 10 === 0).map((s) => s.mb),
  };
};

export interface SoakOptions {
  users: number;
  seconds: number;
  /** A person's pause between two actions: uniform from 0.5 to 1.5 times this. */
  thinkMs: number;
  /**
   * Load before the `seconds` whose memory is judged (none unless set): the floors are read after
   * it. Under this load the server's memory climbs for about 30 s before its first full collections
   * (a minute's run here: 226, 244, 296, 352, then 283, 273 and 274 MB at each 10 s), so a short
   * run judged without it measures the heap growing into its size, not a leak.
   */
  warmupSeconds?: number;
}

export interface SoakResult {
  users: number;
  seconds: number;
  requests: number;
  /** Requests by action. */
  byAction: Record<string, number>;
  /** Requests answered otherwise than 2xx (429s included) or not answered at all. */
  failures: number;
  failureSamples: string[];
  /** Pay-ins paid and matched during the soak. */
  matched: number;
  rss: Memory;
}

const USERS = ['admin', 'transactions', 'operations', 'merchant', 'merchant-admin', 'vendor'] as const;
type User = (typeof USERS)[number];
const MERCHANT = 'CRISP';
const API_KEY = 'pg_live_soak_CRISP_key_0123456789';

/** The demo data made ready: the merchant's API key known, no bank account's daily limit in the way. */
export const prepareSoakData = async (db: Db) => {
  await db
    .update(merchants)
    .set({ apiKeyHash: hashApiKey(API_KEY) })
    .where(eq(merchants.code, MERCHANT));
  await db.update(bankAccounts).set({ dailyLimit: null });
};

/** The resident memory of a process, in MB, from /proc (Linux). */
export const rssMbOf = (pid: number): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const runSoak = async (url: string, pid: number, opts: SoakOptions): Promise<SoakResult> => {
  const byAction: Record<string, number> = {};
  const failureSamples: string[] = [];
  let failures = 0;
  let serial = 0;
  let matched = 0;
  const tokens = {} as Record<User, string>;

  const request = async (
    action: string,
    method: string,
    path: string,
    o: { token?: string; body?: unknown; key?: boolean } = {},
  ) => {
    byAction[action] = (byAction[action] ?? 0) + 1;
    const headers: Record<string, string> = {};
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.key) headers['x-api-key'] = API_KEY;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(`${url}${path}`, {
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${res.status} ${text.slice(0, 200)}`);
      return JSON.parse(text) as { data: any };
    } catch (error) {
      failures += 1;
      if (failureSamples.length < 20) failureSamples.push(`${action} ${method} ${path}: ${(error as Error).message}`);
      return undefined;
    }
  };

  for (const user of USERS) {
    const res = await request('sign-in', 'POST', '/v1/login', {
      body: { userName: user, password: DEMO_PASSWORD, override: true },
    });
    if (!res) throw new Error(`soak: ${user} could not sign in: ${failureSamples.join('; ')}`);
    tokens[user] = res.data.accessToken as string;
  }

  const list = (action: string, user: User, resource: string) =>
    request(action, 'GET', `/v1/${resource}?page=1&pageSize=25`, { token: tokens[user] });
  /** A list, then one of its rows opened, as staff do. */
  const browse = async (user: User, resource: string) => {
    const page = await list(`list ${resource}`, user, resource);
    const rows = (page?.data ?? []) as { id: string }[];
    const row = rows[Math.floor(Math.random() * rows.length)];
    if (row) await request(`open ${resource}`, 'GET', `/v1/${resource}/${row.id}`, { token: tokens[user] });
  };
  /** A merchant's server creates a pay-in and reads its status back. */
  const newPayin = async () => {
    const merchantOrderId = `soak-${process.pid}-${(serial += 1)}`;
    const created = await request('api create pay-in', 'POST', '/v1/merchant-api/payins', {
      key: true,
      body: { merchantOrderId, customerId: `cust-${serial}`, amount: 300 },
    });
    if (created) await request('api pay-in status', 'GET', `/v1/merchant-api/payins/${merchantOrderId}`, { key: true });
    return created?.data.id as string | undefined;
  };
  /** A customer opens the pay page, pays and types the UTR; staff record the bank's credit. */
  const pay = async () => {
    const id = await newPayin();
    if (!id) return;
    await request('pay page', 'GET', `/v1/pay/${id}`);
    const assigned = await request('pay assign', 'POST', `/v1/pay/${id}/assign`, { body: {} });
    if (!assigned) return;
    const utr = `8${String(process.pid % 1000).padStart(3, '0')}${String((serial += 1) % 1e8).padStart(8, '0')}`;
    if (!(await request('pay utr', 'POST', `/v1/pay/${id}/utr`, { body: { utr } }))) return;
    const page = await request('pay page', 'GET', `/v1/pay/${id}`);
    const bankAccountId = (await request('open payins', 'GET', `/v1/payins/${id}`, { token: tokens.operations }))?.data
      .bankAccountId as string | undefined;
    if (!page || !bankAccountId) return;
    const entry = await request('staff match', 'POST', '/v1/bank-entries', {
      token: tokens.operations,
      body: { bankAccountId, utr, amount: 300 },
    });
    if (entry?.data.matched?.status === 'SUCCESS') matched += 1;
  };

  /** What each simulated person does, in turn: a share of the people per kind. */
  const people: Array<() => Promise<unknown>> = [
    () => browse('admin', 'payins'),
    () => browse('transactions', 'payouts'),
    () => browse('operations', 'bank-entries'),
    () => list('merchant payins', 'merchant', 'payins'),
    () => list('merchant payouts', 'merchant-admin', 'payouts'),
    () => list('vendor payins', 'vendor', 'payins'),
    newPayin,
    pay,
  ];

  const warmupMs = (opts.warmupSeconds ?? 0) * 1000;
  const started = Date.now();
  const end = started + warmupMs + opts.seconds * 1000;
  const samples: { at: number; mb: number }[] = [];
  const sampler = setInterval(() => samples.push({ at: Date.now() - started, mb: rssMbOf(pid) }), 1000);
  const person = async (i: number) => {
    const act = people[i % people.length];
    // Arrivals spread over the first pause, so the people do not move in step.
    await pause(Math.random() * opts.thinkMs);
    while (Date.now() < end) {
      await act();
      await pause(opts.thinkMs * (0.5 + Math.random()));
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.users }, (_, i) => person(i)));
  } finally {
    clearInterval(sampler);
  }
  samples.push({ at: Date.now() - started, mb: rssMbOf(pid) });
  return {
    users: opts.users,
    seconds: opts.seconds,
    requests: Object.entries(byAction).reduce((n, [action, count]) => n + (action === 'sign-in' ? 0 : count), 0),
    byAction,
    failures,
    failureSamples,
    matched,
    rss: memoryOf(samples, warmupMs, opts.seconds * 1000),
  };
};

/** The ledger's own arithmetic, for runs outside the test suite: unbalanced journals and stale cached balances. */
export const ledgerImbalances = async (db: Db) =>
  (
    await db.execute<{ problem: string }>(sql`
    SELECT 'journal ' || journal_id || ' sums to ' || sum(amount) AS problem FROM ledger_entries
      GROUP BY journal_id HAVING sum(amount) <> 0
    UNION ALL
    SELECT 'ledger sums to ' || sum(amount) FROM ledger_entries HAVING sum(amount) <> 0
    UNION ALL
    SELECT 'account ' || a.key || ' caches ' || a.balance || ' of ' || coalesce(sum(e.amount), 0)
      FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.caches_balance GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)`)
  ).rows.map((r) => r.problem);
