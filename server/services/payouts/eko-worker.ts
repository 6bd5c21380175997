import { or, and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { payoutProviderCalls, payouts } from '../../db/schema';
import { inquireEko, type EkoDeps } from './payout-eko';
import { countRun } from '../common/metrics';
import type { PayoutRow } from './payout-create';

export interface EkoWorker {
  /** Inquires about the pay-outs waiting for Eko once; answers how many it asked about. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Pay-outs whose transfer Eko has not settled: AWAITED ones, and SENDING ones whose request
 * should long have ended (the server stopped while it was out). Oldest first, a few at a time.
 * An AWAITED one is asked again only after a quarter of its age has passed since the last call
 * about it: every round for a fresh one, every quarter of an hour for an NEFT waiting an hour.
 */
const waiting = (db: Db, timeoutMs: number, limit: number): Promise<PayoutRow[]> =>
  db
    .select()
    .from(payouts)
    .where(
      and(
        isNotNull(payouts.providerState),
        or(
          and(
            eq(payouts.providerState, 'AWAITED'),
            sql`NOT EXISTS (SELECT 1 FROM ${payoutProviderCalls} c WHERE c.payout_id = ${payouts.id}
              AND c.created_at > now() - (now() - ${payouts.providerSentAt}) / 4)`,
          ),
          sql`${payouts.providerSentAt} < now() - ${timeoutMs + 5_000}::float8 * interval '1 millisecond'`,
        ),
      ),
    )
    .orderBy(payouts.providerSentAt)
    .limit(limit);

/**
 * A time-out is not a failure (Eko's inquiry API): every pay-out left waiting is asked about
 * until Eko says paid or failed. Each instance may run it; settling is idempotent under the row lock.
 */
export const startEkoWorker = (opts: {
  db: Db;
  deps: EkoDeps;
  log: Pick<FastifyBaseLogger, 'warn'>;
  intervalMs: number;
  timeoutMs: number;
}): EkoWorker => {
  let stopped = false;
  let running: Promise<number> = Promise.resolve(0);
  const runOnce = async () => {
    const rows = await waiting(opts.db, opts.timeoutMs, 20);
    for (const row of rows) {
      if (stopped) break;
      await inquireEko(opts.db, opts.deps, row).catch((err: unknown) =>
        opts.log.warn({ err, payoutId: row.id }, 'inquiring Eko about a pay-out failed'),
      );
    }
    return rows.length;
  };
  const tick = () => {
    if (stopped) return;
    running = countRun('eko', runOnce())
      .catch((err: unknown) => {
        opts.log.warn({ err }, 'the Eko inquiry round failed');
        return 0;
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.intervalMs);
      });
  };
  let timer = setTimeout(tick, opts.intervalMs);
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
