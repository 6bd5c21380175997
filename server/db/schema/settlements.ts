import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SETTLEMENT_METHODS, SETTLEMENT_STATUSES, VENDOR_SETTLEMENT_METHODS } from '../../../domain/settlement';
import { createdAt, id, paise, updatedAt } from './common';
import { merchants } from './merchants';
import { vendors } from './vendors';

/** Where the money goes and who asked, the same for a merchant's and a vendor's settlement. */
const settlementColumns = () => ({
  id: id(),
  amount: paise('amount').notNull(),
  status: text('status', { enum: SETTLEMENT_STATUSES }).notNull().default('INITIATED'),
  /** BANK: the account paid; CRYPTO: the wallet; CASH and AED: nothing more. */
  accountHolder: text('account_holder'),
  accountNumber: text('account_number'),
  ifsc: text('ifsc'),
  wallet: text('wallet'),
  walletAddress: text('wallet_address'),
  /** Set on SUCCESS: the UTR of a bank transfer, or a receipt or hash for other methods. */
  reference: text('reference'),
  /** Set on REJECTED. */
  reason: text('reason'),
  /** Bumped by every transition: journal and hold keys name the version they belong to. */
  version: integer('version').notNull().default(1),
  createdBy: uuid('created_by'),
  createdByName: text('created_by_name'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A merchant settlement (issue 12): the gateway pays a merchant what it holds for it. The amount is
 * held on the merchant's balance from creation until it succeeds (posted) or is rejected (released).
 */
export const settlements = pgTable(
  'settlements',
  {
    ...settlementColumns(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Kept beside the id: lists filter and scope by it. Merchant codes never change. */
    merchantCode: text('merchant_code').notNull(),
    method: text('method', { enum: SETTLEMENT_METHODS }).notNull(),
  },
  (t) => [
    index('settlements_created_idx').on(t.createdAt, t.id),
    index('settlements_merchant_created_idx').on(t.merchantCode, t.createdAt, t.id),
    index('settlements_status_created_idx').on(t.status, t.createdAt, t.id),
    index('settlements_merchant_idx').on(t.merchantId),
    check('settlements_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A vendor settlement (issue 12): a vendor hands over money it collected for the gateway, or moved
 * it to another of the gateway's accounts (an internal transfer), which the bank entry it consumed
 * proves.
 */
export const vendorSettlements = pgTable(
  'vendor_settlements',
  {
    ...settlementColumns(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id),
    vendorCode: text('vendor_code').notNull(),
    method: text('method', { enum: VENDOR_SETTLEMENT_METHODS }).notNull(),
    /** The bank entry an internal transfer consumed (null again once it is reset). */
    bankEntryId: uuid('bank_entry_id'),
  },
  (t) => [
    index('vendor_settlements_created_idx').on(t.createdAt, t.id),
    index('vendor_settlements_vendor_created_idx').on(t.vendorCode, t.createdAt, t.id),
    index('vendor_settlements_status_created_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('vendor_settlements_entry_idx').on(t.bankEntryId),
    check('vendor_settlements_amount_positive', sql`${t.amount} > 0`),
  ],
);
