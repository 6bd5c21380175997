import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../server/db';
import { callbackAttempts, callbacks, merchants } from '../../server/db/schema';
import { seedDemo } from '../../server/demo/seed';
import { startCallbackWorker, type CallbackWorkerOptions } from '../../server/services/callbacks/callback-worker';
import {
  callbackStateColumn,
  callbackStateOf,
  callbacksOf,
  queueCallback,
  resendLatest,
} from '../../server/services/callbacks/callbacks';
import { generateSigningSecret } from '../../server/services/merchants/keys';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import { openTestDatabase } from '../support/database';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}
interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Answer only when the test lets it (or never). */
  hold?: Promise<void>;
}

/** A merchant's endpoint on 127.0.0.1: records what arrives and answers as told, path by path (200 by default). */
const startReceiver = async () => {
  const received: Received[] = [];
  const answers = new Map<string, Answer[]>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', async () => {
      received.push({ path: req.url!, headers: req.headers as Record<string, string>, body });
      const answer = answers.get(req.url!)?.shift() ?? { status: 200 };
      await answer.hold;
      res.writeHead(answer.status, answer.headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    answer: (path: string, ...list: Answer[]) => answers.set(path, list),
    at: (path: string) => received.filter((r) => r.path === path),
    reset: () => {
      received.length = 0;
      answers.clear();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
};

let database: Database;
let db: Db;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let merchantId: string;
let secret: string;
const errors: unknown[] = [];
const log = { debug: () => undefined, warn: () => undefined, error: (o: unknown) => void errors.push(o) };
const workers: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  setPasswordHashCost(15);
  await seedDemo(db);
  secret = generateSigningSecret();
  [{ id: merchantId }] = await db
    .update(merchants)
    .set({ signingSecret: secret })
    .where(eq(merchants.code, 'ACME'))
    .returning({ id: merchants.id });
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await database?.close();
});

beforeEach(async () => {
  await db.delete(callbackAttempts);
  await db.delete(callbacks);
  receiver.reset();
  errors.length = 0;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  expect(errors).toEqual([]);
});

/** A worker that only runs when the test says so. */
const worker = (opts: Partial<CallbackWorkerOptions> = {}) => {
  const w = startCallbackWorker({ db, log, allowPrivate: true, intervalMs: 3_600_000, ...opts });
  workers.push(w);
  return w;
};

const queue = async (url: string, data: Record<string, unknown> = {}, entityId: string = randomUUID()) => {
  await db.transaction((tx) =>
    queueCallback(tx, { merchantId, type: 'payin.status', entity: 'payins', entityId, url, data }),
  );
  const [row] = await db
    .select()
    .from(callbacks)
    .where(eq(callbacks.entityId, entityId))
    .orderBy(sql`${callbacks.createdAt} desc`)
    .limit(1);
  return row;
};

const reload = async (id: string) => (await db.select().from(callbacks).where(eq(callbacks.id, id)))[0];
const attemptsOf = (id: string) =>
  db.select().from(callbackAttempts).where(eq(callbackAttempts.callbackId, id)).orderBy(asc(callbackAttempts.id));
const dueNow = (id: string) =>
  db
    .update(callbacks)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(callbacks.id, id));
const verify = (r: Received, withSecret = secret) => new Webhook(withSecret).verify(r.body, r.headers);

describe('delivering merchant callbacks', () => {
  it('delivers a queued callback once, signed by Standard Webhooks', async () => {
    const data = { id: 'p1', status: 'SUCCESS', amount: 499.5 };
    const cb = await queue(receiver.url('/ok'), data);
    expect(cb.body).toBe(JSON.stringify({ type: 'payin.status', data }));
    expect(cb).toMatchObject({ state: 'PENDING', attempts: 0 });

    const w = worker();
    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(0);

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got.body).toBe(cb.body);
    expect(got.headers).toMatchObject({
      'webhook-id': `msg_${cb.id}`,
      'content-type': 'application/json',
      'user-agent': 'Payment-Gateway-Callbacks/1',
    });
    expect(Number(got.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(verify(got)).toEqual({ type: 'payin.status', data });
    expect(() => verify(got, generateSigningSecret())).toThrow();

    const after = await reload(cb.id);
    expect(after).toMatchObject({ state: 'DELIVERED', attempts: 1, lastStatusCode: 200, lockedUntil: null });
    expect(after.deliveredAt).toBeInstanceOf(Date);
    expect(await attemptsOf(cb.id)).toMatchObject([{ statusCode: 200, error: null }]);
  });

  it('retries a 500 on the schedule and records both attempts', async () => {
    receiver.answer('/flaky', { status: 500 });
    const cb = await queue(receiver.url('/flaky'));
    const w = worker();

    expect(await w.runOnce()).toBe(1);
    expect(await reload(cb.id)).toMatchObject({ state: 'PENDING', attempts: 1, lastStatusCode: 500 });
    const {
      rows: [{ wait }],
    } = await db.execute<{ wait: number }>(
      sql`select extract(epoch from next_attempt_at - now())::float8 as wait from callbacks where id = ${cb.id}`,
    );
    expect(wait).toBeGreaterThan(3.5);
    expect(wait).toBeLessThanOrEqual(5.5);
    expect(await w.runOnce()).toBe(0);

    await dueNow(cb.id);
    expect(await w.runOnce()).toBe(1);
    expect(await reload(cb.id)).toMatchObject({ state: 'DELIVERED', attempts: 2, lastStatusCode: 200 });
    const attempts = await attemptsOf(cb.id);
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    for (const a of attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
    const sent = receiver.at('/flaky');
    expect(sent.map((r) => r.headers['webhook-id'])).toEqual([`msg_${cb.id}`, `msg_${cb.id}`]);
    for (const r of sent) expect(verify(r)).toBeTruthy();
  });

  it('fails a callback at once on 410 Gone', async () => {
    receiver.answer('/gone', { status: 410 });
    const cb = await queue(receiver.url('/gone'));
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    expect(await reload(cb.id)).toMatchObject({ state: 'FAILED', lastStatusCode: 410, deliveredAt: null });
    await dueNow(cb.id);
    expect(await w.runOnce()).toBe(0);
    expect(receiver.at('/gone')).toHaveLength(1);
  });

  it('waits as long as a Retry-After asks', async () => {
    receiver.answer('/busy', { status: 503, headers: { 'retry-after': '3600' } });
    const cb = await queue(receiver.url('/busy'));
    await worker().runOnce();
    const {
      rows: [{ wait }],
    } = await db.execute<{ wait: number }>(
      sql`select extract(epoch from next_attempt_at - now())::float8 as wait from callbacks where id = ${cb.id}`,
    );
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
  });

  it('signs each attempt with the secret the merchant has then', async () => {
    receiver.answer('/rotate', { status: 500 });
    const cb = await queue(receiver.url('/rotate'));
    const w = worker();
    await w.runOnce();
    const rotated = generateSigningSecret();
    await db.update(merchants).set({ signingSecret: rotated }).where(eq(merchants.id, merchantId));
    try {
      await dueNow(cb.id);
      await w.runOnce();
      const [first, second] = receiver.at('/rotate');
      expect(verify(first)).toBeTruthy();
      expect(verify(second, rotated)).toBeTruthy();
      expect(() => verify(second)).toThrow();
    } finally {
      await db.update(merchants).set({ signingSecret: secret }).where(eq(merchants.id, merchantId));
    }
  });

  it.each([
    ['the built-in sender', undefined],
    ['a fetch given', fetch],
  ])('follows no redirect with %s', async (_name, fetchImpl) => {
    receiver.answer('/moved', { status: 302, headers: { location: receiver.url('/elsewhere') } });
    const cb = await queue(receiver.url('/moved'));
    expect(await worker({ fetchImpl }).runOnce()).toBe(1);
    expect(await reload(cb.id)).toMatchObject({ state: 'PENDING', lastStatusCode: 302 });
    expect(receiver.at('/elsewhere')).toHaveLength(0);
    expect(verify(receiver.at('/moved')[0])).toBeTruthy();
  });

  it('records a time-out as a failed attempt', async () => {
    let answer = () => undefined as void;
    receiver.answer('/slow', { status: 200, hold: new Promise((resolve) => (answer = resolve)) });
    const cb = await queue(receiver.url('/slow'));
    await worker({ timeoutMs: 200 }).runOnce();
    answer();
    expect(await reload(cb.id)).toMatchObject({ state: 'PENDING', lastStatusCode: null });
    expect(await attemptsOf(cb.id)).toMatchObject([{ statusCode: null, error: 'No answer within 0.2 s.' }]);
  });
});

describe('leases', () => {
  it('delivers a callback whose worker died once its lease has run out', async () => {
    const cb = await queue(receiver.url('/orphan'));
    await db
      .update(callbacks)
      .set({ lockedUntil: sql`now() - interval '1 second'`, attempts: 1 })
      .where(eq(callbacks.id, cb.id));
    expect(await worker().runOnce()).toBe(1);
    expect(await reload(cb.id)).toMatchObject({ state: 'DELIVERED', attempts: 2 });
    expect(receiver.at('/orphan')).toHaveLength(1);
  });

  it('leaves a callback alone while another worker holds its lease', async () => {
    const cb = await queue(receiver.url('/held'));
    await db
      .update(callbacks)
      .set({ lockedUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(eq(callbacks.id, cb.id));
    expect(await worker().runOnce()).toBe(0);
    expect(await reload(cb.id)).toMatchObject({ state: 'PENDING', attempts: 1 });
    expect(receiver.received).toHaveLength(0);
  });

  it('has two workers deliver 50 due callbacks exactly once each', async () => {
    const entityIds = Array.from({ length: 50 }, () => randomUUID());
    await db.transaction(async (tx) => {
      for (const entityId of entityIds)
        await queueCallback(tx, {
          merchantId,
          type: 'payin.status',
          entity: 'payins',
          entityId,
          url: receiver.url('/many'),
          data: { entityId },
        });
    });
    const drain = async (w: { runOnce(): Promise<number> }) => {
      let total = 0;
      for (let n = await w.runOnce(); n > 0; n = await w.runOnce()) total += n;
      return total;
    };
    const options = { batchSize: 7, concurrency: 3 };
    const claimed = await Promise.all([drain(worker(options)), drain(worker(options))]);
    expect(claimed[0] + claimed[1]).toBe(50);

    const counts = new Map<string, number>();
    for (const r of receiver.at('/many'))
      counts.set(r.headers['webhook-id'], (counts.get(r.headers['webhook-id']) ?? 0) + 1);
    expect(counts.size).toBe(50);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await db.select().from(callbacks).where(inArray(callbacks.entityId, entityIds));
    expect(rows.every((r) => r.state === 'DELIVERED' && r.attempts === 1)).toBe(true);
    expect(await db.$count(callbackAttempts)).toBe(50);
  });

  it('waits on stop for a send under way', async () => {
    let answer = () => undefined as void;
    receiver.answer('/stop', { status: 200, hold: new Promise((resolve) => (answer = resolve)) });
    const cb = await queue(receiver.url('/stop'));
    const w = worker();
    const run = w.runOnce();
    while (receiver.at('/stop').length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    answer();
    await stopping;
    expect(await run).toBe(1);
    expect(await reload(cb.id)).toMatchObject({ state: 'DELIVERED' });
    expect(await w.runOnce()).toBe(0);
  });
});

describe('URL rules at send time', () => {
  it('refuses a loopback URL unless private URLs are allowed, and always a link-local one', async () => {
    const plain = await queue(receiver.url('/private'));
    const tls = await queue(`https://127.0.0.1:${receiver.port}/private`);
    const metadata = await queue('https://169.254.169.254/latest/meta-data');

    expect(await worker({ allowPrivate: false }).runOnce()).toBe(3);
    expect(receiver.received).toHaveLength(0);
    expect(await attemptsOf(plain.id)).toMatchObject([
      { statusCode: null, error: 'The callback URL must start with https://.' },
    ]);
    expect(await attemptsOf(tls.id)).toMatchObject([
      { statusCode: null, error: 'The callback URL must not point to a private or local address.' },
    ]);
    expect(await attemptsOf(metadata.id)).toMatchObject([
      { error: 'The callback URL must not point to a link-local address.' },
    ]);
    expect(await reload(plain.id)).toMatchObject({ state: 'PENDING' });
    for (const a of await db.select().from(callbackAttempts)) expect(a.error).not.toContain(secret.slice(6));

    await db.update(callbacks).set({ state: 'FAILED' }).where(eq(callbacks.id, tls.id));
    await dueNow(plain.id);
    await dueNow(metadata.id);
    expect(await worker({ allowPrivate: true }).runOnce()).toBe(2);
    expect(await reload(plain.id)).toMatchObject({ state: 'DELIVERED', attempts: 2 });
    expect(receiver.at('/private')).toHaveLength(1);
    expect(await attemptsOf(metadata.id)).toMatchObject([
      { error: 'The callback URL must not point to a link-local address.' },
      { error: 'The callback URL must not point to a link-local address.' },
    ]);
  });
});

describe('re-sending and reading callbacks', () => {
  it('puts a delivered callback back and delivers it again with the same webhook-id', async () => {
    const cb = await queue(receiver.url('/again'));
    const w = worker();
    await w.runOnce();
    expect(await reload(cb.id)).toMatchObject({ state: 'DELIVERED' });

    expect(await db.transaction((tx) => resendLatest(tx, 'payins', cb.entityId))).toBe(true);
    expect(await reload(cb.id)).toMatchObject({ state: 'PENDING', attempts: 0, deliveredAt: null });
    expect(await w.runOnce()).toBe(1);
    expect(await reload(cb.id)).toMatchObject({ state: 'DELIVERED', attempts: 1 });
    const sent = receiver.at('/again');
    expect(sent.map((r) => r.headers['webhook-id'])).toEqual([`msg_${cb.id}`, `msg_${cb.id}`]);
    expect(await attemptsOf(cb.id)).toHaveLength(2);

    expect(await resendLatest(db, 'payins', randomUUID())).toBe(false);
  });

  it('sends a callback re-sent during an attempt once more, after that attempt', async () => {
    let answer = () => undefined as void;
    receiver.answer('/busy-resend', { status: 200, hold: new Promise((resolve) => (answer = resolve)) });
    const cb = await queue(receiver.url('/busy-resend'));
    const w = worker();
    const run = w.runOnce();
    while (receiver.at('/busy-resend').length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await resendLatest(db, 'payins', cb.entityId)).toBe(true);
    answer();
    await run;
    const held = await reload(cb.id);
    expect(held).toMatchObject({ state: 'PENDING', attempts: 0 });
    expect(held.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await attemptsOf(cb.id)).toMatchObject([{ statusCode: 200 }]);
    expect(await w.runOnce()).toBe(0);

    await db
      .update(callbacks)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(callbacks.id, cb.id));
    expect(await w.runOnce()).toBe(1);
    expect(await reload(cb.id)).toMatchObject({ state: 'DELIVERED', attempts: 1 });
    expect(receiver.at('/busy-resend').map((r) => r.headers['webhook-id'])).toEqual([`msg_${cb.id}`, `msg_${cb.id}`]);
  });

  it('re-sends the newest callback of a record, and the lists see the newest state', async () => {
    const entityId = randomUUID();
    await db.transaction(async (tx) => {
      await queueCallback(tx, {
        merchantId,
        type: 'payin.status',
        entity: 'payins',
        entityId,
        url: receiver.url('/old'),
        data: {},
      });
      await queueCallback(tx, {
        merchantId,
        type: 'payin.status',
        entity: 'payins',
        entityId,
        url: receiver.url('/new'),
        data: {},
      });
    });
    receiver.answer('/new', { status: 410 });
    await worker().runOnce();
    const other = await queue(receiver.url('/other'));
    const none = randomUUID();

    const stateOf = await callbackStateOf(db, 'payins', [entityId, other.entityId, none]);
    expect([stateOf(entityId), stateOf(other.entityId), stateOf(none)]).toEqual(['FAILED', 'PENDING', 'NONE']);
    const { rows } = await db.execute<{ id: string; state: string }>(
      sql`select v.id, ${callbackStateColumn('payins', sql`v.id`)} as state
          from (values (${entityId}::uuid), (${other.entityId}::uuid), (${none}::uuid)) v(id)`,
    );
    expect(rows.map((r) => r.state)).toEqual(['FAILED', 'PENDING', 'NONE']);

    const views = await callbacksOf(db, 'payins', entityId);
    expect(views.map((v) => [v.url, v.state])).toEqual([
      [receiver.url('/new'), 'FAILED'],
      [receiver.url('/old'), 'DELIVERED'],
    ]);
    expect(views[0].attempts).toEqual([
      { at: expect.stringMatching(/Z$/), statusCode: 410, durationMs: expect.any(Number), error: null },
    ]);
    expect(views[1].deliveredAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(await callbacksOf(db, 'payins', none)).toEqual([]);

    await resendLatest(db, 'payins', entityId);
    await worker().runOnce();
    expect(receiver.at('/old')).toHaveLength(1);
    expect(receiver.at('/new')).toHaveLength(2);
    expect(await callbackStateOf(db, 'payins', [entityId]).then((f) => f(entityId))).toBe('DELIVERED');
  });
});
