import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db';
import { UNAVAILABLE_MESSAGE } from '../../server/plugins/errors';
import { startReceiver } from '../support/callback-receiver';
import {
  approvePayout,
  bankIdOf,
  callbacksTo,
  createPayin,
  createPayout,
  fund,
  halfMatched,
  matchEntry,
  pendingPayin,
  utrFor,
  type PendingPayin,
} from '../support/fault-flows';
import {
  type Call,
  keyOf,
  moneyProblems,
  openSeeded,
  pause,
  productOn,
  restartablePostgres,
  signIn,
  until,
} from '../support/faults';

/**
 * Issue 15, item 4 (a): PostgreSQL restarted under load. While it is down every request fails
 * cleanly (503, the house's error shape, a sentence a person can read, Retry-After); the server
 * recovers by itself when it is back; and no money operation is left half-applied.
 */
let pgServer: Awaited<ReturnType<typeof restartablePostgres>>;
let product: ReturnType<typeof productOn>;
let database: Database;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const tokens = {} as Record<'admin' | 'operations' | 'transactions' | 'merchant', string>;
let key: string;
let payoutBank: string;

beforeAll(async () => {
  pgServer = await restartablePostgres();
  const admin = new pg.Client({ connectionString: pgServer.url });
  await admin.connect();
  await admin.query('CREATE DATABASE console');
  await admin.end();
  product = productOn(pgServer.urlOf('console'));
  database = await openSeeded(pgServer.urlOf('console'));
  await product.start();
  receiver = await startReceiver();
  await callbacksTo(database.db, 'CRISP', receiver.url);
  for (const user of ['admin', 'operations', 'transactions', 'merchant'] as const)
    tokens[user] = await signIn(product.call, user);
  key = await keyOf(database.db, 'CRISP');
  payoutBank = await bankIdOf(database.db, 'BETA-KOTAK-PAYOUT');
  await fund(product.call, database.db, key, tokens.operations, 40_000, utrFor());
}, 120_000);

afterAll(async () => {
  await product?.stop();
  await database?.close();
  await receiver?.close();
  await pgServer?.close();
});

interface Answer {
  op: string;
  status: number;
  body: any;
  retryAfter: string | null;
  /** The record the operation was about, to check it afterwards. */
  ref?: string;
}

/** The load: eight clients, each taking the next operation of a round robin until told to stop. */
const driveLoad = (work: { pending: PendingPayin[]; payouts: string[] }) => {
  const answers: Answer[] = [];
  const failures: string[] = [];
  let stopped = false;
  const answer = async (op: string, sent: ReturnType<Call>, ref?: string): Promise<Answer> => {
    const res = await sent;
    return { op, ref, status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') };
  };
  const ops: Array<() => Promise<Answer | undefined> | undefined> = [
    () => answer('create', createPayin(product.call, key, 300)),
    () => {
      const p = work.pending.shift();
      return p && answer('match', matchEntry(product.call, tokens.operations, p), p.id);
    },
    () => {
      const id = work.payouts.shift();
      return id === undefined
        ? undefined
        : answer('approve', approvePayout(product.call, tokens.transactions, id, payoutBank, utrFor()), id);
    },
    () => answer('list', product.call('GET', '/v1/payins?page=1&pageSize=25', { token: tokens.admin })),
    () => answer('merchant-list', product.call('GET', '/v1/payouts?page=1&pageSize=25', { token: tokens.merchant })),
  ];
  let turn = 0;
  const client = async () => {
    while (!stopped) {
      try {
        const done = await ops[(turn += 1) % ops.length]();
        if (done) answers.push(done);
      } catch (error) {
        failures.push(String(error));
      }
    }
  };
  const clients = Array.from({ length: 8 }, client);
  return {
    answers,
    failures,
    stop: async () => {
      stopped = true;
      await Promise.all(clients);
    },
  };
};

describe('PostgreSQL restarted under load', () => {
  it('answers 503 while it is down, recovers by itself, and leaves no money half-applied', async () => {
    const pending: PendingPayin[] = [];
    for (let i = 0; i < 40; i += 1) pending.push(await pendingPayin(product.call, database.db, key, 200, utrFor()));
    const payouts: string[] = [];
    for (let i = 0; i < 30; i += 1) payouts.push(await createPayout(product.call, key, 500));
    const work = { pending: [...pending], payouts: [...payouts] };

    const load = driveLoad(work);
    await until('some operations done before the restart', async () => load.answers.length >= 20);
    await pgServer.stop();
    await until(
      'requests answered while PostgreSQL is down',
      async () => load.answers.some((a) => a.status >= 500) || load.failures.length > 0,
    );
    await pause(1500);
    await pgServer.start();
    const restarted = load.answers.length;
    // Recovered without restarting the server: the same process answers from the database again.
    await until('the server answers from the database again', async () =>
      load.answers.slice(restarted).some((a) => a.op === 'list' && a.status === 200),
    );
    await until(
      'more operations done after the restart',
      async () => load.answers.slice(restarted).filter((a) => a.status < 300).length >= 30,
    );
    await load.stop();

    expect(product.alive()).toBe(true);
    expect(load.failures).toEqual([]);
    const unclean = load.answers.filter(
      (a) =>
        a.status >= 300 &&
        !(
          a.status === 503 &&
          a.retryAfter === '5' &&
          JSON.stringify(a.body) === JSON.stringify({ error: { message: UNAVAILABLE_MESSAGE, code: 'DB_UNAVAILABLE' } })
        ),
    );
    expect(unclean.map((a) => `${a.op} ${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    const refused = load.answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);

    // Each operation answered 503 changed nothing; each answered 2xx is whole.
    const matched = load.answers.filter((a) => a.op === 'match');
    expect(
      await halfMatched(
        database.db,
        matched.map((a) => a.ref!),
      ),
    ).toEqual([]);
    const { rows: payins } = await database.db.execute<{ id: string; status: string }>(
      sql`SELECT id, status FROM payins WHERE id = ANY(${sql.param(matched.map((a) => a.ref!))}::uuid[])`,
    );
    const statusOf = new Map(payins.map((p) => [p.id, p.status]));
    for (const a of matched)
      expect(`${a.status} ${statusOf.get(a.ref!)}`).toBe(a.status === 201 ? '201 SUCCESS' : '503 PENDING');
    const approved = load.answers.filter((a) => a.op === 'approve');
    const { rows: outs } = await database.db.execute<{ id: string; status: string }>(
      sql`SELECT id, status FROM payouts WHERE id = ANY(${sql.param(approved.map((a) => a.ref!))}::uuid[])`,
    );
    const payoutStatus = new Map(outs.map((p) => [p.id, p.status]));
    for (const a of approved)
      expect(`${a.status} ${payoutStatus.get(a.ref!)}`).toBe(a.status === 200 ? '200 SUCCESS' : '503 INITIATED');
    const created = load.answers.filter((a) => a.op === 'create' && a.status === 201).length;
    expect(created).toBeGreaterThan(0);

    expect(await moneyProblems(database.db)).toEqual([]);
  }, 90_000);
});
