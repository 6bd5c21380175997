import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './common';

/** Server-wide values generated once and shared by every instance (e.g. the JWT signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
