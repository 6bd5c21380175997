import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_SOURCES } from '../../../domain/payin';
import { createdAt, id } from './common';
import { bankAccounts } from './bank-accounts';

/** A credit seen on a bank statement ("Add data"): one per UTR, used by at most one pay-in. */
export const bankEntries = pgTable(
  'bank_entries',
  {
    id: id(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    /** The vendor of the bank account, kept by the database as a pay-in's (migration 0016). */
    vendorCode: text('vendor_code'),
    utr: text('utr').notNull().unique(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    amountCode: text('amount_code'),
    source: text('source', { enum: PAYMENT_SOURCES }).notNull().default('Manual'),
    /** The pay-in that used this credit; null while it is free. */
    payinId: uuid('payin_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The vendor's internal transfer that consumed this credit (issue 12); never with a pay-in. */
    vendorSettlementId: uuid('vendor_settlement_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_entries_created_idx').on(t.createdAt, t.id),
    index('bank_entries_bank_created_idx').on(t.bankAccountId, t.createdAt),
    index('bank_entries_vendor_created_idx').on(t.vendorCode, t.createdAt, t.id),
    index('bank_entries_payin_idx').on(t.payinId),
    index('bank_entries_free_code_idx')
      .on(t.amountCode)
      .where(sql`${t.payinId} IS NULL AND ${t.amountCode} IS NOT NULL`),
    // A vendor's unmatched credits (nobody's money yet), summed on the Vendor screen.
    index('bank_entries_unmatched_idx')
      .on(t.bankAccountId)
      .where(sql`${t.payinId} IS NULL AND ${t.vendorSettlementId} IS NULL`),
    check('bank_entries_amount_positive', sql`${t.amount} > 0`),
    check('bank_entries_one_use', sql`${t.payinId} IS NULL OR ${t.vendorSettlementId} IS NULL`),
  ],
);
