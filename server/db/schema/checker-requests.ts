import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CHECKED_ACTIONS } from '../../../domain/four-eyes';
import { roleEnum } from './users';

/**
 * A maker's request waiting for its checker (domain/four-eyes): one per record at a time, replaced
 * or cleared by any other step of that record.
 */
export const checkerRequests = pgTable(
  'checker_requests',
  {
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action', { enum: CHECKED_ACTIONS }).notNull(),
    makerId: uuid('maker_id').notNull(),
    makerName: text('maker_name').notNull(),
    makerRole: roleEnum('maker_role').notNull(),
    /** What the maker typed (rupees and text as sent), shown to the checker, who must type the same. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.entityId] })],
);
