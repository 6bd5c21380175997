import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYOUT_METHODS, PAYOUT_STATUSES } from '../../../domain/payout';
import { createdAt, paise, updatedAt } from './common';
import { bankAccounts } from './bank-accounts';
import { merchants } from './merchants';

/**
 * A pay-out (withdrawal, issue 11): money a merchant sends its customer, to a bank account or a
 * UPI id. Its amount and fee are held on the merchant's balance from creation (ledger_holds) until
 * it succeeds, is rejected or dropped.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Kept beside the id: every list filters and scopes by it. Merchant codes never change. */
    merchantCode: text('merchant_code').notNull(),
    merchantOrderId: text('merchant_order_id').notNull(),
    customerId: text('customer_id').notNull(),
    amount: paise('amount').notNull(),
    fee: paise('fee').notNull(),
    /** What the vendor whose account moved the money earned on it, set with the success (DESIGN §5). */
    vendorCommission: paise('vendor_commission').notNull().default(0),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('INITIATED'),
    reason: text('reason'),
    /** The beneficiary: a bank account (holder, number, IFSC, bank name) or a UPI id. */
    accountHolder: text('account_holder'),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    bankName: text('bank_name'),
    upiId: text('upi_id'),
    /** The vendor whose users process it, once staff assigned it. */
    vendorCode: text('vendor_code'),
    method: text('method', { enum: PAYOUT_METHODS }),
    /** The pay-out bank account that paid it (manual). */
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id),
    utr: text('utr'),
    test: boolean('test').notNull().default(false),
    /** Bumped by every transition: journal and hold keys and callbacks name the version they belong to. */
    version: integer('version').notNull().default(1),
    /** Staff who created it from the dashboard (null: the merchant's API). */
    createdBy: uuid('created_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Sent to a provider (Eko): the client_ref_id of the current transfer, and while the provider
     * has not answered for certain, SENDING (the request is out) or AWAITED (a time-out or
     * tx_status 2/3/5: a status inquiry resolves it). Nothing else may move the pay-out meanwhile.
     */
    providerRef: text('provider_ref'),
    providerState: text('provider_state', { enum: ['SENDING', 'AWAITED'] }),
    providerSentAt: timestamp('provider_sent_at', { withTimezone: true }),
    providerTid: text('provider_tid'),
    /** While a server's Eko worker inquires about it: no other asks until then (services/payouts/eko-worker.ts). */
    providerLockedUntil: timestamp('provider_locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Ascending, read backwards for `created_at DESC, id DESC` (as the pay-ins' lists).
  (t) => [
    uniqueIndex('payouts_merchant_order_idx').on(t.merchantId, t.merchantOrderId),
    index('payouts_created_idx').on(t.createdAt, t.id),
    index('payouts_status_created_idx').on(t.status, t.createdAt, t.id),
    index('payouts_merchant_status_created_idx').on(t.merchantCode, t.status, t.createdAt, t.id),
    index('payouts_merchant_created_idx').on(t.merchantCode, t.createdAt, t.id),
    index('payouts_vendor_status_created_idx').on(t.vendorCode, t.status, t.createdAt, t.id),
    index('payouts_utr_idx').on(t.utr),
    index('payouts_merchant_order_id_idx').on(t.merchantOrderId),
    index('payouts_account_number_idx').on(t.accountNumber),
    uniqueIndex('payouts_provider_ref_idx').on(t.providerRef),
    // Eko's public callback may name the pay-out by its tid alone: found without reading every pay-out.
    index('payouts_provider_tid_idx')
      .on(t.providerTid)
      .where(sql`${t.providerTid} IS NOT NULL`),
    // What a pay-out account paid over some IST days (the Bank Accounts screen's Balance).
    index('payouts_paid_from_idx')
      .on(t.bankAccountId, t.completedAt)
      .where(sql`${t.status} = 'SUCCESS'`),
    index('payouts_provider_waiting_idx')
      .on(t.providerSentAt)
      .where(sql`${t.providerState} IS NOT NULL`),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    check('payouts_fee_not_negative', sql`${t.fee} >= 0`),
    check(
      'payouts_beneficiary',
      sql`(${t.accountNumber} IS NOT NULL AND ${t.ifsc} IS NOT NULL AND ${t.accountHolder} IS NOT NULL) OR ${t.upiId} IS NOT NULL`,
    ),
  ],
);

/**
 * Every request to a pay-out provider and every callback it sent, as the show view lists them:
 * what was asked (never a secret), what came back, and what the gateway made of it.
 */
export const payoutProviderCalls = pgTable(
  'payout_provider_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    provider: text('provider', { enum: ['eko'] }).notNull(),
    kind: text('kind', { enum: ['transfer', 'inquiry', 'callback'] }).notNull(),
    clientRefId: text('client_ref_id').notNull(),
    /** success, failed, awaited, not-found, busy, refused, timeout or error: see domain/eko.ts. */
    outcome: text('outcome').notNull(),
    httpStatus: integer('http_status'),
    txStatus: integer('tx_status'),
    tid: text('tid'),
    message: text('message'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [index('payout_provider_calls_payout_idx').on(t.payoutId, t.createdAt)],
);
