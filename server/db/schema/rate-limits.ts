import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The per-minute limits' counters (plugins/rate-limit-store.ts), one row per route and key (an
 * address, a hashed API key), shared by every server on the database. Unlogged (migration 0023): a
 * counter is worth no WAL, and after a crash the limits start their minute afresh. Rows whose
 * window ended are swept (jobs.ts); until then the next request resets them in place.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** The window's end: the next request after it counts one again. */
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
