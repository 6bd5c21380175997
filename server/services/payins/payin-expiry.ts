import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { payins } from '../../db/schema';
import { repeatEvery } from '../common/jobs';
import { recordStep, SYSTEM, type PayinRow } from './payin-steps';

const BATCH = 500;

/**
 * Links past their expiry become DROPPED (issue 10, item 5): done by the server on a timer, never
 * on a read. Each run takes a batch with SKIP LOCKED, so several instances share the work and a
 * pay-in a customer is acting on right now is left for the next run.
 */
export const dropExpired = async (db: Db): Promise<number> =>
  db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      SELECT id FROM ${payins}
      WHERE status IN ('INITIATED', 'ASSIGNED') AND expires_at <= now()
      ORDER BY expires_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`);
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => r.id);
    const before = await tx
      .select()
      .from(payins)
      .where(sql`${payins.id} = ANY(${sql.param(ids)}::uuid[])`);
    const after = await tx
      .update(payins)
      .set({ status: 'DROPPED', reason: 'Link expired', version: sql`${payins.version} + 1`, updatedAt: sql`now()` })
      .where(sql`${payins.id} = ANY(${sql.param(ids)}::uuid[])`)
      .returning();
    const byId = new Map<string, PayinRow>(before.map((b) => [b.id, b]));
    await recordStep(
      tx,
      after.map((a) => ({ before: byId.get(a.id)!, after: a, action: 'expire' as const })),
      SYSTEM,
    );
    return after.length;
  });

/** Runs the expiry every few seconds until stopped; a failed run is logged and the next one tries again. */
export const startExpiryJob = (db: Db, log: { warn: (o: object, m: string) => void }, intervalMs = 5000) => {
  const job = repeatEvery(
    'expiry',
    intervalMs,
    async (stopped) => {
      while (!stopped() && (await dropExpired(db)) === BATCH);
    },
    (error) => log.warn({ err: error }, 'dropping expired pay-ins failed'),
  );
  return { runOnce: () => dropExpired(db), stop: job.stop };
};
