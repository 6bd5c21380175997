import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { USED_FOR } from '../../../domain/bank-account';
import { createdAt, id, paise, updatedAt } from './common';
import { merchants } from './merchants';
import { vendors } from './vendors';

/** The platform's collection (PAYIN) and paying (PAYOUT) accounts, supplied by vendors. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    nickname: text('nickname').notNull().unique(),
    bankName: text('bank_name').notNull(),
    holderName: text('holder_name').notNull(),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    upiId: text('upi_id'),
    usedFor: text('used_for', { enum: USED_FOR }).notNull(),
    showQr: boolean('show_qr').notNull().default(true),
    showBankDetails: boolean('show_bank_details').notNull().default(true),
    minPayin: paise('min_payin').notNull(),
    maxPayin: paise('max_payin').notNull(),
    dailyLimit: paise('daily_limit'),
    enabled: boolean('enabled').notNull().default(true),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id),
    createdBy: uuid('created_by'),
    /** Maker-checker: a pay-in account receives customers' money only once a second staff user approved it. */
    approvedBy: uuid('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bank_accounts_vendor_idx').on(t.vendorId, t.createdAt),
    index('bank_accounts_used_for_idx').on(t.usedFor, t.createdAt),
    index('bank_accounts_created_at_idx').on(t.createdAt),
  ],
);

export const merchantBankAccounts = pgTable(
  'merchant_bank_accounts',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.bankAccountId] }),
    index('merchant_bank_accounts_bank_idx').on(t.bankAccountId),
  ],
);
