import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, paise } from './common';
import { merchants } from './merchants';
import { payins } from './payins';

/**
 * A chargeback ("lien", issue 12): a customer's bank took back a successful pay-in's money; the
 * merchant's balance pays it at once. One per pay-in.
 */
export const liens = pgTable(
  'liens',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    merchantCode: text('merchant_code').notNull(),
    payinId: uuid('payin_id')
      .notNull()
      .references(() => payins.id),
    merchantOrderId: text('merchant_order_id').notNull(),
    customerId: text('customer_id').notNull(),
    amount: paise('amount').notNull(),
    /** The day the chargeback was received from the bank. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('liens_payin_idx').on(t.payinId),
    index('liens_created_idx').on(t.createdAt, t.id),
    index('liens_merchant_created_idx').on(t.merchantCode, t.createdAt, t.id),
    index('liens_merchant_order_idx').on(t.merchantOrderId),
    index('liens_customer_idx').on(t.customerId),
    check('liens_amount_positive', sql`${t.amount} > 0`),
  ],
);
