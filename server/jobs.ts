import type { FastifyInstance } from 'fastify';
import type { Db } from './db';
import { forgetOldGuesses } from './services/identity/guesses';
import { forgetSpentConfirmations } from './services/identity/confirmations';
import { forgetEndedLimits } from './plugins/rate-limit-store';
import { GUESS_WINDOW_SECONDS } from './services/identity/auth';
import { startCallbackWorker, type CallbackWorker } from './services/callbacks/callback-worker';
import { startExpiryJob } from './services/payins/payin-expiry';
import { startFoldJob } from './services/ledger/rollup-folds';
import { startEkoWorker, type EkoWorker } from './services/payouts/eko-worker';
import type { EkoSetup } from './services/payouts/payout-eko';
import { startDemoTopUp, type TopUpOptions } from './demo/demo-top-up';
import { countRun } from './services/common/metrics';

export interface JobOptions {
  db: Db;
  /** How often pay-ins expire, totals fold and callbacks are polled (tests run them on demand). */
  intervalMs?: number;
  /** Whether this instance delivers merchants' callbacks (on unless configured off). */
  callbackWorker?: boolean;
  /** Private callback addresses allowed (a callback goes only where its merchant's URL may point). */
  allowPrivate: boolean;
  /** Eko when configured: its worker inquires about every transfer left waiting. */
  eko?: EkoSetup;
  /** Only in the demo: its open pay-ins are topped up from the end of its seed (serve.ts). */
  demo?: TopUpOptions & { seeded: Promise<unknown> };
}

/**
 * The server's background work, started with the app and stopped at its close: pay-in expiry, the
 * totals' folds, the callback worker, the sweep, the Eko worker, the demo's top-up.
 */
export const startJobs = (
  app: FastifyInstance,
  { db, intervalMs, callbackWorker, allowPrivate, eko, demo }: JobOptions,
) => {
  // Guess counters whose window and wait have both ended, spent confirmations long expired and
  // ended rate-limit windows serve nobody: swept every ten minutes.
  const sweep = setInterval(() => {
    const guesses = forgetOldGuesses(db, GUESS_WINDOW_SECONDS).catch((error: unknown) => {
      app.log.warn({ err: error }, 'sweeping old guess counters failed');
      throw error;
    });
    const confirmations = forgetSpentConfirmations(db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'sweeping spent confirmations failed');
      throw error;
    });
    const limits = forgetEndedLimits(db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'sweeping rate-limit counters failed');
      throw error;
    });
    countRun('sweep', Promise.all([guesses, confirmations, limits])).catch(() => undefined);
  }, 10 * 60_000);
  sweep.unref();

  // Expired links are dropped and callbacks delivered by every instance, sharing the work safely.
  const expiry = startExpiryJob(db, app.log, intervalMs ?? 5000);
  // One instance at a time folds the all-merchants totals (the others skip their turn).
  const folds = startFoldJob(db, app.log, intervalMs ?? 1000);
  let callbacks: CallbackWorker | undefined;
  let ekoWorker: EkoWorker | undefined;
  // The running demo keeps pay-ins in every In Progress status, which the expiry would empty.
  let topUp: { stop: () => Promise<void> } | undefined;
  let closed = false;
  void demo?.seeded.then(() => {
    if (!closed) topUp = startDemoTopUp(db, app.log, demo, intervalMs ?? 30_000);
  });
  app.addHook('onReady', async () => {
    if (callbackWorker ?? true)
      callbacks = startCallbackWorker({
        db,
        log: app.log.child({ worker: 'callbacks' }),
        allowPrivate,
        intervalMs: intervalMs ?? 1000,
      });
    if (eko)
      ekoWorker = startEkoWorker({
        db,
        deps: eko,
        log: app.log.child({ worker: 'eko' }),
        intervalMs: eko.intervalMs,
        timeoutMs: eko.timeoutMs,
      });
  });
  // Stopping starts as the server closes, beside the requests still being answered; the server's
  // close waits for it, and only then does the pool close (serve.ts), so every callback under way
  // is recorded as sent and none is sent again after its lease.
  let stopping: Promise<unknown> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      closed = true;
      clearInterval(sweep);
      await topUp?.stop();
      await Promise.all([expiry.stop(), folds.stop(), callbacks?.stop(), ekoWorker?.stop()]);
    })());
  app.addHook('preClose', async () => void stop().catch(() => undefined));
  app.addHook('onClose', async () => {
    await stop();
  });
};
