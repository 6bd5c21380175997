import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db';
import { callbacks, merchants } from '../../server/db/schema';
import { queueCallback } from '../../server/services/callbacks/callbacks';
import { startReceiver } from '../support/callback-receiver';
import {
  approvePayout,
  bankIdOf,
  callbacksTo,
  createPayout,
  fund,
  halfMatched,
  matchEntry,
  pendingPayin,
  statusCounts,
  utrFor,
  type PendingPayin,
} from '../support/fault-flows';
import { freshDatabase, keyOf, moneyProblems, openSeeded, productOn, signIn, until } from '../support/faults';

/**
 * Issue 15, item 4 (b): the server killed (SIGKILL) in the middle of matching bank entries,
 * approving pay-outs and delivering callbacks. After a restart nothing is half-written, and every
 * callback is delivered, each attempt once.
 */
let dropDatabase: () => Promise<void>;
let product: ReturnType<typeof productOn>;
let database: Database;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let key: string;
let operations: string;
let transactions: string;

beforeAll(async () => {
  const fresh = await freshDatabase();
  dropDatabase = fresh.drop;
  product = productOn(fresh.url);
  database = await openSeeded(fresh.url);
  await product.start();
  receiver = await startReceiver();
  // Every step of CRISP's pay-ins and pay-outs queues a callback to the receiver.
  await callbacksTo(database.db, 'CRISP', receiver.url);
  key = await keyOf(database.db, 'CRISP');
  operations = await signIn(product.call, 'operations');
  transactions = await signIn(product.call, 'transactions');
}, 120_000);

afterAll(async () => {
  await product?.stop();
  await database?.close();
  await receiver?.close();
  await dropDatabase?.();
});

/**
 * Sends the requests, `atOnce` at a time (all at once by default), and kills the server as soon as
 * `answersBeforeKill` have answered; answers each request's status, or null for one the kill cut
 * off (in flight, or not sent before the server was gone).
 */
const killAmid = async (
  requests: Array<() => Promise<{ status: number }>>,
  answersBeforeKill: number,
  atOnce = requests.length,
) => {
  let answered = 0;
  let killing: Promise<void> | undefined;
  const statuses: (number | null)[] = [];
  let next = 0;
  const sender = async () => {
    while (next < requests.length) {
      const i = next++;
      try {
        const { status } = await requests[i]();
        answered += 1;
        if (answered >= answersBeforeKill) killing ??= product.kill();
        statuses[i] = status;
      } catch {
        statuses[i] = null;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, requests.length) }, sender));
  await killing;
  await product.start();
  return statuses;
};

const inBatches = async <T>(count: number, make: () => Promise<T>) => {
  const made: T[] = [];
  while (made.length < count) made.push(...(await Promise.all(Array.from({ length: 10 }, make))));
  return made.slice(0, count);
};

describe('the server killed mid-operation', () => {
  it('matching bank entries: each pay-in is whole, matched with its journal and callback, or untouched', async () => {
    const payins = await inBatches(60, () => pendingPayin(product.call, database.db, key, 250, utrFor()));
    // Ten at a time: entries are written in batches, and sixty sent at once could all be answered
    // by the time the kill lands.
    const statuses = await killAmid(
      payins.map((p) => () => matchEntry(product.call, operations, p)),
      3,
      10,
    );
    const cut = payins.filter((_, i) => statuses[i] === null);
    expect(statuses.filter((s) => s !== null && s !== 201)).toEqual([]);
    expect(cut.length).toBeGreaterThan(0);

    const ids = payins.map((p) => p.id);
    expect(await halfMatched(database.db, ids)).toEqual([]);
    const answered = payins.filter((_, i) => statuses[i] === 201).map((p) => p.id);
    expect(await statusCounts(database.db, 'payins', answered)).toEqual({ SUCCESS: answered.length });
    expect(await moneyProblems(database.db)).toEqual([]);

    // The credits the kill cut off are recorded again: a pay-in already matched refuses its repeat.
    const again = await Promise.all(cut.map((p: PendingPayin) => matchEntry(product.call, operations, p)));
    expect(again.filter((r) => r.status !== 201 && r.status !== 409).map((r) => r.body)).toEqual([]);
    expect(await statusCounts(database.db, 'payins', ids)).toEqual({ SUCCESS: 60 });
    expect(await halfMatched(database.db, ids)).toEqual([]);
    expect(await moneyProblems(database.db)).toEqual([]);
  }, 90_000);

  it('approving pay-outs: each is SUCCESS with its journal or still INITIATED with its hold', async () => {
    await fund(product.call, database.db, key, operations, 40_000, utrFor());
    const bank = await bankIdOf(database.db, 'BETA-KOTAK-PAYOUT');
    const ids = await inBatches(40, () => createPayout(product.call, key, 500));
    const statuses = await killAmid(
      ids.map((id) => () => approvePayout(product.call, transactions, id, bank, utrFor())),
      3,
    );
    expect(statuses.filter((s) => s !== null && s !== 200)).toEqual([]);
    const cut = ids.filter((_, i) => statuses[i] === null);
    expect(cut.length).toBeGreaterThan(0);
    const answered = ids.filter((_, i) => statuses[i] === 200);
    expect(await statusCounts(database.db, 'payouts', answered)).toEqual({ SUCCESS: answered.length });
    // moneyProblems checks the holds: one PENDING hold while INITIATED, one journal once SUCCESS.
    expect(await moneyProblems(database.db)).toEqual([]);

    const again = await Promise.all(cut.map((id) => approvePayout(product.call, transactions, id, bank, utrFor())));
    expect(again.filter((r) => r.status !== 200 && r.status !== 409).map((r) => r.body)).toEqual([]);
    expect(await statusCounts(database.db, 'payouts', ids)).toEqual({ SUCCESS: 40 });
    expect(await moneyProblems(database.db)).toEqual([]);
  }, 90_000);

  it('delivering callbacks: each is delivered after the restart, and no attempt is sent twice', async () => {
    const crisp = (await database.db.select().from(merchants).where(eq(merchants.code, 'CRISP')))[0].id;
    // The seed's callbacks went to the product's own demo receiver; these, to the test's.
    const ofCrisp = async () =>
      database.db
        .select()
        .from(callbacks)
        .where(and(eq(callbacks.merchantId, crisp), eq(callbacks.url, receiver.url)));
    // Sends the earlier kills cut off wait for their leases: those run out now, as they would in time.
    await database.db
      .update(callbacks)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(callbacks.merchantId, crisp), eq(callbacks.state, 'PENDING')));
    await until('the earlier callbacks delivered', async () => (await ofCrisp()).every((c) => c.state === 'DELIVERED'));
    const ids = Array.from({ length: 12 }, () => randomUUID());
    const before = receiver.deliveries.length;
    receiver.hold();
    // Twelve callbacks due at once (one transaction), as a busy moment's pay-in events queue them.
    await database.db.transaction(async (tx) => {
      for (const entityId of ids)
        await queueCallback(tx, {
          merchantId: crisp,
          type: 'payin.status',
          entity: 'payins',
          entityId,
          url: receiver.url,
          data: { entityId },
        });
    });
    // The worker sends five at once: kill it while those five wait for their answers.
    await until('five sends held open by the receiver', async () => receiver.deliveries.length - before >= 5);
    await product.kill();
    const inFlight = new Set(receiver.deliveries.slice(before).map((d) => d.webhookId));
    receiver.release();
    await product.start();

    const mine = () =>
      database.db
        .select()
        .from(callbacks)
        .where(and(eq(callbacks.merchantId, crisp), inArray(callbacks.entityId, ids)));
    // The callbacks no send had begun on are free at once; the ones cut off wait for their leases.
    await until('the untouched callbacks delivered', async () =>
      (await mine()).every((c) => c.state === 'DELIVERED' || inFlight.has(`msg_${c.id}`)),
    );
    const waiting = (await mine()).filter((c) => inFlight.has(`msg_${c.id}`));
    expect(waiting.map((c) => [c.state, c.attempts, c.lockedUntil!.getTime() > Date.now()])).toEqual(
      waiting.map(() => ['PENDING', 1, true]),
    );
    // A lease that has run out, as it will when its time is up.
    await database.db
      .update(callbacks)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(inArray(callbacks.id, [...waiting.map((c) => c.id)]));
    await until('every callback delivered', async () => (await ofCrisp()).every((c) => c.state === 'DELIVERED'));

    // Each request the receiver saw is an attempt the worker counted, none sent twice: a kill
    // between the claim and the request leaves an attempt counted that never arrived.
    const counts = receiver.countsById();
    const all = await ofCrisp();
    const received = (c: { id: string }) => counts.get(`msg_${c.id}`) ?? 0;
    expect(all.filter((c) => received(c) < 1 || received(c) > c.attempts).map((c) => [c.id, c.attempts])).toEqual([]);
    // The five cut off by this kill: the answered resend is their second request and second attempt.
    const cutOff = all.filter((c) => inFlight.has(`msg_${c.id}`));
    expect(cutOff.map((c) => [received(c), c.attempts])).toEqual([...inFlight].map(() => [2, 2]));
    // Every callback was answered by the merchant at least once; more than once only when a kill
    // came between the merchant's answer and its record (the same webhook-id lets them see it).
    const answered = new Set(receiver.deliveries.filter((d) => d.answered).map((d) => d.webhookId));
    expect(all.filter((c) => !answered.has(`msg_${c.id}`)).map((c) => c.id)).toEqual([]);
  }, 90_000);
});
