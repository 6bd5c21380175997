import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db';
import { callbacks, merchants } from '../../server/db/schema';
import { queueCallback } from '../../server/services/callbacks/callbacks';
import { HEARTBEAT } from '../../server/services/events/listener';
import { startReceiver } from '../support/callback-receiver';
import { approvePayout, bankIdOf, callbacksTo, createPayout, fund, utrFor } from '../support/fault-flows';
import {
  callerOf,
  freshDatabase,
  keyOf,
  moneyProblems,
  openSeeded,
  pause,
  PRODUCT_ENV,
  signIn,
  until,
} from '../support/faults';
import { spawnProduct } from '../support/product';

/**
 * Issue 32, items 4 and 5: two server processes on one PostgreSQL. A server that loses its LISTEN
 * connection ends its live streams (their readers reconnect and refresh) and listens again; a
 * server told to stop (SIGTERM) fails its ready probe at once, serves through its drain, then
 * answers what is in flight, records the callbacks it was sending, and exits 0.
 */
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let database: Database;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-rolling-'));
const running: ReturnType<typeof spawnProduct>[] = [];
let key: string;
let operations: string;
let transactions: string;

/** A server process on the test's database, its connections named for pg_stat_activity. */
const server = async (name: string, env: NodeJS.ProcessEnv = {}) => {
  const url = new URL(fresh.url);
  url.searchParams.set('application_name', name);
  const run = spawnProduct(dataDir, { ...PRODUCT_ENV, DATABASE_URL: url.toString(), ...env });
  running.push(run);
  const base = await run.ready.catch((error: Error) => {
    throw new Error(`${error.message}\n${run.output()}`);
  });
  return { ...run, base, call: callerOf(() => base) };
};
type Server = Awaited<ReturnType<typeof server>>;

/** GET /v1/events, read until it ends: `ended` resolves then. */
const stream = async (s: Server, token: string) => {
  const res = await fetch(`${s.base}/v1/events?topics=bank-entries,payins`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const heard: string[] = [];
  let done = false;
  const ended = (async () => {
    if (!res.ok || !res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) return;
        heard.push(...[...value.matchAll(/^data: (.*)$/gm)].map((m) => (JSON.parse(m[1]) as { id: string }).id));
      }
    } catch {
      /* cut off: ended all the same */
    } finally {
      done = true;
    }
  })();
  return { status: res.status, heard, ended, isEnded: () => done };
};

const exitCode = (s: Server) => s.exited;

beforeAll(async () => {
  fresh = await freshDatabase();
  database = await openSeeded(fresh.url);
  receiver = await startReceiver();
  await callbacksTo(database.db, 'CRISP', receiver.url);
  key = await keyOf(database.db, 'CRISP');
}, 120_000);

afterAll(async () => {
  for (const run of running)
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  await Promise.all(running.map((run) => run.exited));
  await database?.close();
  await receiver?.close();
  await fresh?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('two servers on one PostgreSQL', () => {
  let a: Server;
  let b: Server;

  it('ends the live streams of a server whose LISTEN connection is lost, and listens again', async () => {
    [a, b] = await Promise.all([
      server('rolling-a', { SHUTDOWN_DRAIN_SECONDS: '3' }),
      server('rolling-b', { CALLBACK_WORKER: '0' }),
    ]);
    operations = await signIn(b.call, 'operations');
    transactions = await signIn(b.call, 'transactions');
    const onA = await stream(a, operations);
    const onB = await stream(b, operations);
    expect([onA.status, onB.status]).toEqual([200, 200]);

    const admin = new pg.Client({ connectionString: fresh.url });
    await admin.connect();
    try {
      const listening = async () =>
        (
          await admin.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database()
               AND application_name = 'rolling-a' AND (query LIKE 'LISTEN %' OR query = $1)`,
            [HEARTBEAT],
          )
        ).rows;
      const [found] = await listening();
      expect(found).toBeDefined();
      await admin.query('SELECT pg_terminate_backend($1)', [found.pid]);
      await until('the stream on A ends', async () => onA.isEnded(), 15_000);
      // B's stream is not A's business.
      expect(onB.isEnded()).toBe(false);

      // A listens again on a connection of its own, and a new stream hears what B changes.
      await until('A listens again', async () => (await listening()).some((r) => r.pid !== found.pid));
      // Refused (503) while A does not listen yet: a stream open then would miss changes unseen.
      const statuses: number[] = [];
      let again = await stream(a, operations);
      statuses.push(again.status);
      await until('a new stream on A opens', async () => {
        if (again.status !== 200) statuses.push((again = await stream(a, operations)).status);
        return again.status === 200;
      });
      expect(statuses.filter((x) => x !== 200 && x !== 503)).toEqual([]);
      const entry = await b.call('POST', '/v1/bank-entries', {
        token: operations,
        body: { bankAccountId: await bankIdOf(database.db, 'BETA-AXIS-01'), utr: utrFor(), amount: 123 },
      });
      expect(entry.status).toBe(201);
      const id = entry.body.data.entry.id as string;
      await until('A and B tell their readers', async () => again.heard.includes(id) && onB.heard.includes(id));
    } finally {
      await admin.end();
    }
  }, 120_000);

  it('stops on SIGTERM without losing a request: ready fails at once, serves the drain, exits 0', async () => {
    await fund(b.call, database.db, key, operations, 5_000, utrFor());
    const payout = await createPayout(b.call, key, 700);
    const payoutBank = await bankIdOf(database.db, 'BETA-KOTAK-PAYOUT');
    const live = await stream(a, operations);
    expect(live.status).toBe(200);
    expect((await a.call('GET', '/v1/health/ready')).status).toBe(200);

    // An approval held in flight by a lock on its pay-out, to be answered while A closes.
    const locker = new pg.Client({ connectionString: fresh.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM payouts WHERE id = $1 FOR UPDATE', [payout]);
    const approval = approvePayout(a.call, transactions, payout, payoutBank, utrFor());
    await until('the approval waits for the lock', async () => {
      const { rows } = await locker.query(
        `SELECT 1 FROM pg_stat_activity WHERE application_name = 'rolling-a' AND wait_event_type = 'Lock'`,
      );
      return rows.length > 0;
    });

    a.child.kill('SIGTERM');
    await until('A says it is not ready', async () => (await a.call('GET', '/v1/health/ready')).status === 503, 5_000);
    const ready = await a.call('GET', '/v1/health/ready');
    expect(ready.body).toEqual({ data: { status: 'draining', database: 'not checked' } });
    expect((await a.call('GET', '/v1/health/live')).status).toBe(200);

    // Through the drain A still serves, each answer closing its connection.
    const answers: string[] = [];
    while (!live.isEnded()) {
      try {
        const res = await a.call('GET', '/v1/payouts?page=1&pageSize=5', { token: operations });
        answers.push(res.status === 200 ? `200 ${res.headers.get('connection')}` : `${res.status}`);
      } catch (error) {
        // Refused once A stopped listening, before the stream's end was read: never sent.
        const code = (error as { cause?: { code?: string } }).cause?.code;
        answers.push(code === 'ECONNREFUSED' ? 'refused' : `failed ${code}`);
      }
      await pause(50);
    }
    const served = answers.filter((x) => x === '200 close').length;
    expect(served).toBeGreaterThan(0);
    // At the drain's end a request may meet the close: refused, or 503 from the closing server.
    expect(answers.filter((x) => x !== '200 close' && x !== '503' && x !== 'refused')).toEqual([]);

    // The stream ended: A is closing. The approval it holds in flight is answered whole.
    await locker.query('COMMIT');
    await locker.end();
    const approved = await approval;
    expect([approved.status, approved.body?.data?.status]).toEqual([200, 'SUCCESS']);
    expect(await exitCode(a)).toBe(0);

    expect((await b.call('GET', '/v1/health/ready')).status).toBe(200);
    expect((await b.call('GET', '/v1/payouts?page=1&pageSize=5', { token: operations })).status).toBe(200);
    expect(await moneyProblems(database.db)).toEqual([]);
  }, 120_000);

  it('sends no callback twice across a restart: the sends under way are recorded', async () => {
    // Only A delivers callbacks; B serves on.
    a = await server('rolling-a', { SHUTDOWN_DRAIN_SECONDS: '1' });
    const [crisp] = await database.db.select().from(merchants).where(eq(merchants.code, 'CRISP'));
    await until('the earlier callbacks delivered', async () => {
      const { rows } = await database.db.execute(sql`SELECT 1 FROM callbacks WHERE state = 'PENDING'`);
      return rows.length === 0;
    });
    const before = receiver.deliveries.length;
    receiver.hold();
    const ids = Array.from({ length: 12 }, () => randomUUID());
    await database.db.transaction(async (tx) => {
      for (const entityId of ids)
        await queueCallback(tx, {
          merchantId: crisp.id,
          type: 'payin.status',
          entity: 'payins',
          entityId,
          url: receiver.url,
          data: { entityId },
        });
    });
    // A's worker sends five at once: A is told to stop while the merchant holds them unanswered
    // (for less than the 10 s a send may take).
    await until('five sends held open', async () => receiver.deliveries.length - before >= 5);
    a.child.kill('SIGTERM');
    await until('A closes: it stops listening', async () => {
      try {
        await fetch(`${a.base}/v1/health/live`);
        return false;
      } catch {
        return true;
      }
    });
    receiver.release();
    expect(await exitCode(a)).toBe(0);

    // The replacement sends the rest; a lease left behind has run out, as it would in time.
    a = await server('rolling-a2');
    await database.db
      .update(callbacks)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(inArray(callbacks.entityId, ids), eq(callbacks.state, 'PENDING')));
    const mine = () => database.db.select().from(callbacks).where(inArray(callbacks.entityId, ids));
    // Not within the limit: the comparison below says which are not.
    await until('every callback delivered', async () => (await mine()).every((c) => c.state === 'DELIVERED')).catch(
      () => undefined,
    );
    const counts = receiver.countsById();
    expect((await mine()).map((c) => [c.state, counts.get(`msg_${c.id}`), c.attempts])).toEqual(
      ids.map(() => ['DELIVERED', 1, 1]),
    );
    expect((await b.call('GET', '/v1/health/ready')).status).toBe(200);
  }, 120_000);
});
