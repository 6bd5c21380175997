import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outcomeOf, type CallbackOutcome } from '../../../domain/callback-schedule';
import type { Db } from '../../db';
import { callbackAttempts, callbacks, merchants } from '../../db/schema';
import { attemptDelivery, type AttemptRecord } from './callback-delivery';
import { countRun } from '../common/metrics';

export interface CallbackWorkerOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'debug' | 'warn' | 'error'>;
  /** ALLOW_PRIVATE_CALLBACK_URLS, applied again at every send. */
  allowPrivate: boolean;
  intervalMs?: number;
  batchSize?: number;
  /** Sends at once within a batch. */
  concurrency?: number;
  timeoutMs?: number;
  /** Instead of the built-in sender (which connects only to the addresses checked). */
  fetchImpl?: typeof fetch;
}

export interface CallbackWorker {
  /** Claims one batch of due callbacks and sends them; answers how many it claimed. */
  runOnce(): Promise<number>;
  /** Stops polling, waits for the sends under way and gives back what was claimed but not sent. */
  stop(): Promise<void>;
}

interface Claimed extends Record<string, unknown> {
  id: string;
  url: string;
  body: string;
  attempts: number;
  /** The lease as PostgreSQL wrote it: the worker's token that the callback is still its own. */
  lease: string;
  secret: string;
}

/** The URL's look-up (at most 5 s), the writes, and room to spare, beside the answer's time-out. */
const PER_SEND_OVERHEAD_MS = 10_000;
const LEASE_MARGIN_MS = 30_000;

/**
 * Leases the next due callback in one statement, counting the attempt. SKIP LOCKED keeps instances
 * from waiting on each other; a row another instance leased in the meantime is re-checked and
 * skipped. The merchant's secret is read now, so that a rotated secret signs every later attempt.
 */
const claim = async (db: Db, leaseMs: number): Promise<Claimed | undefined> => {
  const { rows } = await db.execute<Claimed>(sql`
    with due as (
      select id from ${callbacks}
      where state = 'PENDING' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by next_attempt_at
      limit 1
      for update skip locked
    )
    update ${callbacks} c
    set locked_until = now() + ${leaseMs}::float8 * interval '1 millisecond', attempts = c.attempts + 1
    from due, ${merchants} m
    where c.id = due.id and m.id = c.merchant_id
    returning c.id, c.url, c.body, c.attempts, c.locked_until::text as lease, m.signing_secret as secret`);
  return rows[0];
};

const after = (ms: number) => sql`now() + ${ms}::float8 * interval '1 millisecond'`;

/** Records the attempt; moves the callback on only if it is still this worker's (a re-send resets it). */
const finish = (db: Db, c: Claimed, attempt: AttemptRecord, outcome: CallbackOutcome) =>
  db.transaction(async (tx) => {
    await tx.insert(callbackAttempts).values({
      callbackId: c.id,
      attemptedAt: sql`now() - ${attempt.durationMs}::float8 * interval '1 millisecond'`,
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
    });
    const moved = await tx
      .update(callbacks)
      .set({
        state: outcome.state,
        lockedUntil: null,
        lastStatusCode: attempt.statusCode ?? undefined,
        deliveredAt: outcome.state === 'DELIVERED' ? sql`now()` : undefined,
        nextAttemptAt: outcome.state === 'PENDING' ? after(outcome.delayMs) : undefined,
      })
      .where(
        and(
          eq(callbacks.id, c.id),
          eq(callbacks.attempts, c.attempts),
          sql`${callbacks.lockedUntil} = ${c.lease}::timestamptz`,
        ),
      )
      .returning({ id: callbacks.id });
    return moved.length > 0;
  });

/**
 * Gives back a callback claimed as the worker stopped, before anything was sent: free at once for
 * another instance, its attempt uncounted, rather than waiting for its lease to run out.
 */
const release = (db: Db, c: Claimed) =>
  db
    .update(callbacks)
    .set({ lockedUntil: null, attempts: sql`${callbacks.attempts} - 1` })
    .where(
      and(
        eq(callbacks.id, c.id),
        eq(callbacks.attempts, c.attempts),
        sql`${callbacks.lockedUntil} = ${c.lease}::timestamptz`,
      ),
    );

export const startCallbackWorker = (opts: CallbackWorkerOptions): CallbackWorker => {
  const { db, log, intervalMs = 1_000, batchSize = 20, concurrency = 5, timeoutMs = 10_000 } = opts;
  const policy = { allowPrivate: opts.allowPrivate };
  // A callback is leased only when a sender is free to send it, for as long as that send can take:
  // after a crash only the sends under way wait for their leases, never a queue of untouched ones.
  const leaseMs = timeoutMs + PER_SEND_OVERHEAD_MS + LEASE_MARGIN_MS;
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const send = async (c: Claimed) => {
    try {
      const attempt = await attemptDelivery(c, { policy, timeoutMs, fetchImpl: opts.fetchImpl });
      const outcome = outcomeOf(c.attempts, attempt, new Date());
      const moved = await finish(db, c, attempt, outcome);
      const facts = { callbackId: c.id, attempt: c.attempts, statusCode: attempt.statusCode, state: outcome.state };
      if (!moved) log.warn(facts, 'callback changed while it was sent: the attempt is recorded, its state left');
      else if (outcome.state === 'DELIVERED') log.debug(facts, 'callback delivered');
      else log.warn({ ...facts, error: attempt.error }, 'callback not delivered');
    } catch (error) {
      // The lease runs out and the callback is tried again.
      log.error({ err: error, callbackId: c.id }, 'callback attempt could not be recorded');
    }
  };

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    const forget = () => running.delete(work);
    work.then(forget, forget);
    return work;
  };

  /** One sender: claims a callback, sends it, and the next, until the batch is used up or none is due. */
  const lane = async (budget: { left: number }) => {
    let claimed = 0;
    while (!stopped && budget.left > 0) {
      budget.left -= 1;
      const c = await claim(db, leaseMs);
      if (!c) return claimed;
      if (stopped) {
        await release(db, c).catch((error: unknown) =>
          log.warn({ err: error, callbackId: c.id }, 'callback claimed as the worker stopped waits for its lease'),
        );
        return claimed;
      }
      claimed += 1;
      await send(c);
    }
    return claimed;
  };

  const runOnce = () =>
    track(
      (async () => {
        const budget = { left: batchSize };
        const lanes = await Promise.all(Array.from({ length: Math.min(concurrency, batchSize) }, () => lane(budget)));
        return lanes.reduce((sum, n) => sum + n, 0);
      })(),
    );

  const poll = async () => {
    try {
      // A full batch means more may be due: take the next one at once.
      while (!stopped && (await countRun('callbacks', runOnce())) === batchSize);
    } catch (error) {
      log.error({ err: error }, 'callback worker could not claim callbacks');
    }
    if (!stopped) timer = setTimeout(poll, intervalMs).unref();
  };
  timer = setTimeout(poll, intervalMs).unref();

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
};
