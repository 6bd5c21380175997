import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROVIDER_EVENT_OUTCOMES, PROVIDERS } from '../../../domain/providers';
import { id, updatedAt } from './common';
import { payins } from './payins';

/**
 * A payment provider's account as ADMIN set it in the dashboard (issue 14). The environment's
 * variables win over each field (PROVIDER_FIELDS). Secrets are never sent back by the API.
 */
export const providerAccounts = pgTable('provider_accounts', {
  provider: text('provider', { enum: PROVIDERS }).primaryKey(),
  /** RazorPay's key id, CashFree's client id, PayU's merchant key. */
  keyId: text('key_id'),
  /** RazorPay's key secret, CashFree's client secret, PayU's salt. */
  keySecret: text('key_secret'),
  /** RazorPay's webhook secret (CashFree signs with the client secret, PayU with the salt). */
  webhookSecret: text('webhook_secret'),
  apiBase: text('api_base'),
  /** Off: no merchant's pay page offers it, whatever is configured. */
  enabled: boolean('enabled').notNull().default(true),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

/**
 * Every webhook a provider (or anyone) sent to /v1/webhooks/{provider}: kept as received, verified
 * or not, with what came of it (issue 14, item 5). A verified event id is applied once.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: id(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    /** The provider's event id, or its payment id with the status where it sends none; null when unreadable. */
    eventId: text('event_id'),
    eventType: text('event_type'),
    verified: boolean('verified').notNull(),
    outcome: text('outcome', { enum: PROVIDER_EVENT_OUTCOMES }).notNull(),
    /** What happened, in words (the reason of a rejection or a failure). */
    detail: text('detail'),
    payinId: uuid('payin_id').references(() => payins.id),
    paymentId: text('payment_id'),
    /** The request's signature headers and content type, as received. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    /** The raw body, exactly as received (what the signature was computed over). */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(1),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_events_event_idx')
      .on(t.provider, t.eventId)
      .where(sql`${t.verified} AND ${t.eventId} IS NOT NULL`),
    index('provider_events_received_idx').on(t.receivedAt, t.id),
    index('provider_events_payin_idx').on(t.payinId),
  ],
);
