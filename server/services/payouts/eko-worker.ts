import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { payouts } from '../../db/schema';
import { inquireEko, type EkoDeps } from './payout-eko';
import { countRun } from '../common/metrics';
import type { PayoutRow } from './payout-create';

export interface EkoWorker {
  /** Inquires about the pay-outs due for an inquiry once; answers how many it asked about. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the inquiry under way, whose claim it then gives up. */
  stop(): Promise<void>;
}

/** Pay-outs one round asks about at most. */
const ROUND = 20;
/** Beside the client's own time-out: the writes of the answer, and room to spare. */
const LEASE_MARGIN_MS = 30_000;

const ms = (value: number) => sql`${value}::float8 * interval '1 millisecond'`;

/**
 * Claims the oldest pay-out due for an inquiry, in one statement: AWAITED ones, and SENDING ones
 * whose request should long have ended (the server stopped while it was out), that no server has
 * claimed until now. SKIP LOCKED keeps servers from waiting on each other, and a row another
 * server claimed meanwhile is checked again and skipped.
 *
 * `provider_locked_until` is the claim: while one server asks, the lease's end; once it has asked,
 * when the next inquiry is due (`release`). Kept on the row, the back-off cannot be read stale.
 */
const claim = async (db: Db, timeoutMs: number, leaseMs: number): Promise<PayoutRow | undefined> => {
  const due = db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        // Spelled out for the partial index of waiting pay-outs.
        isNotNull(payouts.providerState),
        or(
          eq(payouts.providerState, 'AWAITED'),
          and(eq(payouts.providerState, 'SENDING'), sql`${payouts.providerSentAt} < now() - ${ms(timeoutMs + 5_000)}`),
        ),
        or(isNull(payouts.providerLockedUntil), lte(payouts.providerLockedUntil, sql`now()`)),
      ),
    )
    .orderBy(payouts.providerSentAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(payouts)
    // To the millisecond, as the row's copy here holds it: `release` compares the two.
    .set({ providerLockedUntil: sql`date_trunc('milliseconds', now() + ${ms(leaseMs)})` })
    .where(inArray(payouts.id, due))
    .returning();
  return row;
};

/**
 * Gives the claim up: the pay-out is asked again only after a quarter of its age has passed (every
 * round for a fresh one, every quarter of an hour for an NEFT waiting an hour). Only while the
 * claim is still this server's: one whose lease ran out may be another's by now.
 */
const release = (db: Db, row: PayoutRow) =>
  db
    .update(payouts)
    .set({ providerLockedUntil: sql`now() + (now() - ${payouts.providerSentAt}) / 4` })
    .where(and(eq(payouts.id, row.id), eq(payouts.providerLockedUntil, row.providerLockedUntil!)));

/**
 * A time-out is not a failure (Eko's inquiry API): every pay-out left waiting is asked about
 * until Eko says paid or failed. Every server runs it; each pay-out is claimed by one at a time.
 */
export const startEkoWorker = (opts: {
  db: Db;
  deps: EkoDeps;
  log: Pick<FastifyBaseLogger, 'warn'>;
  intervalMs: number;
  timeoutMs: number;
}): EkoWorker => {
  const leaseMs = opts.timeoutMs + LEASE_MARGIN_MS;
  const rounds = new Set<Promise<number>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const ask = async (row: PayoutRow) => {
    try {
      await inquireEko(opts.db, opts.deps, row);
    } catch (err) {
      opts.log.warn({ err, payoutId: row.id }, 'inquiring Eko about a pay-out failed');
    } finally {
      // Left claimed if this fails too: the lease runs out.
      await release(opts.db, row).catch((err: unknown) =>
        opts.log.warn({ err, payoutId: row.id }, 'giving up the claim of a pay-out failed'),
      );
    }
  };

  const runOnce = () => {
    const round = (async () => {
      let asked = 0;
      while (!stopped && asked < ROUND) {
        const row = await claim(opts.db, opts.timeoutMs, leaseMs);
        if (!row) break;
        asked += 1;
        await ask(row);
      }
      return asked;
    })();
    rounds.add(round);
    const forget = () => rounds.delete(round);
    round.then(forget, forget);
    return round;
  };

  const tick = async () => {
    try {
      await countRun('eko', runOnce());
    } catch (err) {
      opts.log.warn({ err }, 'the Eko inquiry round failed');
    }
    if (!stopped) timer = setTimeout(() => void tick(), opts.intervalMs);
  };
  timer = setTimeout(() => void tick(), opts.intervalMs);

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...rounds]);
    },
  };
};
