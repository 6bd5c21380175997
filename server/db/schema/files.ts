import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './common';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The most any stored file may hold: a payment screenshot's limit (services/payins/screenshots.ts). */
export const STORED_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Files people upload (payment screenshots), kept in the database so that every server instance
 * serves what any of them took in. One file per owner and kind; never changed once written.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    /** What the file is: 'payin-screenshot'. */
    kind: text('kind').notNull(),
    /** The row it belongs to (for a screenshot, the pay-in's id). */
    ownerId: uuid('owner_id').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_files_owner').on(t.kind, t.ownerId),
    check(
      'stored_files_size',
      sql`${t.size} = octet_length(${t.content}) AND ${t.size} BETWEEN 1 AND ${sql.raw(String(STORED_FILE_MAX_BYTES))}`,
    ),
  ],
);

/**
 * Messages for people (password reset links) waiting for an administrator to pass them on while no
 * mail transport is configured: `npm run outbox` prints them. Never the server log.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    /** 'password-resets' */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_kind_created').on(t.kind, t.createdAt)],
);
