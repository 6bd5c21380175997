import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './common';
import { merchants } from './merchants';

export const CALLBACK_STATES = ['PENDING', 'DELIVERED', 'FAILED'] as const;

/**
 * The callback outbox (DESIGN §4): a merchant's signed notice of a status change, queued in the
 * transaction of the change and delivered by the worker with retries for about three days.
 */
export const callbacks = pgTable(
  'callbacks',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** `payin.status`, … */
    type: text('type').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    url: text('url').notNull(),
    /** The JSON body exactly as signed and sent. */
    body: text('body').notNull(),
    state: text('state', { enum: CALLBACK_STATES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the callback until then; another may take it after (a crashed worker's). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    createdAt: createdAt(),
  },
  (t) => [
    index('callbacks_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'PENDING'`),
    index('callbacks_entity_idx').on(t.entity, t.entityId, t.createdAt),
    // The failed ones, for the attention panel and the list filtered to them.
    index('callbacks_failed_idx')
      .on(t.entity, t.entityId)
      .where(sql`${t.state} = 'FAILED'`),
  ],
);

/** Each delivery attempt as it happened: shown on the pay-in. */
export const callbackAttempts = pgTable(
  'callback_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callbackId: uuid('callback_id')
      .notNull()
      .references(() => callbacks.id),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('callback_attempts_callback_idx').on(t.callbackId, t.attemptedAt)],
);
