import type { Static } from '@fastify/type-provider-typebox';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db';
import { callbackAttempts, callbacks } from '../../db/schema';
import type { CallbackState, CallbackView } from '../../schemas/payins';

export type CallbackStateName = Static<typeof CallbackState>;
export type CallbackView = Static<typeof CallbackView>;

export interface NewCallback {
  merchantId: string;
  /** `payin.status`, … */
  type: string;
  /** The table of the record it tells about (`payins`) and the record's id. */
  entity: string;
  entityId: string;
  url: string;
  data: Record<string, unknown>;
}

/**
 * Queues a merchant callback in the caller's transaction (the state change's), due at once: it
 * leaves when that transaction commits, and never for a change rolled back.
 */
export const queueCallback = async (tx: DbOrTx, c: NewCallback): Promise<void> => queueCallbacks(tx, [c]);

/** Several callbacks in one statement, in their order. */
export const queueCallbacks = async (tx: DbOrTx, list: NewCallback[]): Promise<void> => {
  if (list.length === 0) return;
  await tx.insert(callbacks).values(
    list.map((c) => ({
      merchantId: c.merchantId,
      type: c.type,
      entity: c.entity,
      entityId: c.entityId,
      url: c.url,
      body: JSON.stringify({ type: c.type, data: c.data }),
      // The clock, not the transaction's start: two callbacks of one transaction keep their order.
      createdAt: sql`clock_timestamp()`,
    })),
  );
};

const newestOf = (tx: DbOrTx, entity: string, entityId: string) =>
  tx
    .select({ id: callbacks.id })
    .from(callbacks)
    .where(and(eq(callbacks.entity, entity), eq(callbacks.entityId, entityId)))
    .orderBy(desc(callbacks.createdAt), desc(callbacks.id))
    .limit(1);

/**
 * Sends the newest callback of a record again, whatever its state: the same message (same id, so
 * the merchant can tell it is a repeat), due now, with a fresh retry schedule. A worker sending it
 * at this moment keeps its lease; its result is then ignored and the callback goes out once more.
 */
export const resendLatest = async (tx: DbOrTx, entity: string, entityId: string): Promise<boolean> => {
  const resent = await tx
    .update(callbacks)
    .set({ state: 'PENDING', nextAttemptAt: sql`now()`, attempts: 0, deliveredAt: null })
    .where(eq(callbacks.id, newestOf(tx, entity, entityId)))
    .returning({ id: callbacks.id });
  return resent.length > 0;
};

/**
 * The state of the newest callback of each record of a page, in one query: a function answering
 * 'NONE' for a record that has none.
 */
export const callbackStateOf = async (
  db: DbOrTx,
  entity: string,
  entityIds: string[],
): Promise<(entityId: string) => CallbackStateName> => {
  const ids = [...new Set(entityIds)];
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectDistinctOn([callbacks.entityId], { entityId: callbacks.entityId, state: callbacks.state })
          .from(callbacks)
          .where(and(eq(callbacks.entity, entity), inArray(callbacks.entityId, ids)))
          .orderBy(callbacks.entityId, desc(callbacks.createdAt), desc(callbacks.id));
  const states = new Map(rows.map((r) => [r.entityId, r.state]));
  return (entityId) => states.get(entityId) ?? 'NONE';
};

/**
 * The same as a column of a list's own query (for CSV exports that walk many rows): the newest
 * callback's state of the row whose id is `idColumn`, or 'NONE'.
 */
export const callbackStateColumn = (entity: string, idColumn: AnyPgColumn | SQL): SQL<CallbackStateName> =>
  sql<CallbackStateName>`coalesce((select c.state from ${callbacks} c
    where c.entity = ${entity} and c.entity_id = ${idColumn}
    order by c.created_at desc, c.id desc limit 1), 'NONE')`;

/**
 * The records of a kind whose latest callback failed for good (the red bell): a sub-select of
 * their ids, read through the partial index of failed callbacks.
 */
export const failingCallbackIds = (entity: string): SQL => sql`SELECT c.entity_id FROM ${callbacks} c
  WHERE c.entity = ${entity} AND c.state = 'FAILED' AND NOT EXISTS (SELECT 1 FROM ${callbacks} n
    WHERE n.entity = c.entity AND n.entity_id = c.entity_id AND (n.created_at, n.id) > (c.created_at, c.id))`;

/** A record's callbacks with their attempts, newest first, as the record's show view lists them. */
export const callbacksOf = async (db: DbOrTx, entity: string, entityId: string): Promise<CallbackView[]> => {
  const rows = await db
    .select()
    .from(callbacks)
    .where(and(eq(callbacks.entity, entity), eq(callbacks.entityId, entityId)))
    .orderBy(desc(callbacks.createdAt), desc(callbacks.id));
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(callbackAttempts)
    .where(
      inArray(
        callbackAttempts.callbackId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(desc(callbackAttempts.attemptedAt), desc(callbackAttempts.id));
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    state: r.state,
    url: r.url,
    createdAt: r.createdAt.toISOString(),
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    attempts: attempts
      .filter((a) => a.callbackId === r.id)
      .map((a) => ({
        at: a.attemptedAt.toISOString(),
        statusCode: a.statusCode,
        durationMs: a.durationMs,
        error: a.error,
      })),
  }));
};
