import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES, REVIEWABLE_STATUS } from '../../../domain/merchant-application';
import { PROVIDERS } from '../../../domain/providers';
import { createdAt, id, paise, updatedAt } from './common';
import { roleEnum } from './users';

/** Fees and commissions are basis points of a percent: 2.25 % is 225. */
export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    siteUrl: text('site_url').notNull(),
    returnUrl: text('return_url'),
    payinCallbackUrl: text('payin_callback_url'),
    payoutCallbackUrl: text('payout_callback_url'),
    apiKeyHash: text('api_key_hash').notNull().unique(),
    apiKeyPrefix: text('api_key_prefix').notNull(),
    signingSecret: text('signing_secret').notNull(),
    minPayin: paise('min_payin').notNull(),
    maxPayin: paise('max_payin').notNull(),
    minPayout: paise('min_payout').notNull(),
    maxPayout: paise('max_payout').notNull(),
    payinFeeBps: integer('payin_fee_bps').notNull().default(0),
    payoutFeeBps: integer('payout_fee_bps').notNull().default(0),
    testMode: boolean('test_mode').notNull().default(false),
    disputesAllowed: boolean('disputes_allowed').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    /** Issue 14: its pay page may offer payment through a provider (ADMIN's switch). */
    allowIntent: boolean('allow_intent').notNull().default(true),
    /** The provider its pay page offers; null: every provider that is configured and enabled. */
    intentProvider: text('intent_provider', { enum: PROVIDERS }),
    /** Who disabled the merchant and with what role: staff suspensions are lifted by staff only. */
    suspendedBy: uuid('suspended_by'),
    suspendedByRole: roleEnum('suspended_by_role'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    parentId: uuid('parent_id').references((): AnyPgColumn => merchants.id),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merchants_parent_idx').on(t.parentId),
    index('merchants_created_at_idx').on(t.createdAt),
    index('merchants_name_idx').on(t.name),
  ],
);

export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: id(),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    website: text('website').notNull(),
    expectedMonthlyVolume: paise('expected_monthly_volume').notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default(REVIEWABLE_STATUS),
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    createdAt: createdAt(),
  },
  (t) => [index('merchant_applications_status_idx').on(t.status, t.createdAt)],
);
