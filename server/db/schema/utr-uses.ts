import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { UTR_USERS } from '../../../domain/utr-uses';
import { createdAt } from './common';

/**
 * Every UTR that paid or proved something (domain/utr-uses): written in the transaction of the step
 * that uses it, so a second use of one UTR fails on the key, whatever path and however concurrent.
 */
export const utrUses = pgTable(
  'utr_uses',
  {
    utr: text('utr').primaryKey(),
    entity: text('entity', { enum: UTR_USERS }).notNull(),
    entityId: uuid('entity_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('utr_uses_entity_idx').on(t.entityId)],
);

/**
 * A password confirmation spent (issue 29, item 4): its id is the key, so it serves one request only,
 * and the record it served is kept beside it.
 */
export const confirmationUses = pgTable(
  'confirmation_uses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    recordId: text('record_id'),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('confirmation_uses_used_idx').on(t.usedAt)],
);
