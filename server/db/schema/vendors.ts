import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common';

export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    payinCommissionBps: integer('payin_commission_bps').notNull().default(0),
    payoutCommissionBps: integer('payout_commission_bps').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vendors_created_at_idx').on(t.createdAt), index('vendors_name_idx').on(t.name)],
);
