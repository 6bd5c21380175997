import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { paise } from './common';

/**
 * The ledger (DESIGN §3, reference §2). An account row caches its balance and a version, updated
 * in the journal's transaction under a row lock taken in sorted id order; accounts that every
 * posting touches cache nothing (`caches_balance` false) and are summed when read.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `merchant:<id>`, `bank:<id>`, `income:payin-fees` (domain/ledger). */
    key: text('key').notNull().unique(),
    cachesBalance: boolean('caches_balance').notNull().default(true),
    /** Sum of the account's entries (debits positive), when cached. */
    balance: paise('balance').notNull().default(0),
    /** Sum of the account's PENDING holds (ledger_holds): money reserved, not yet posted; available = balance − held. */
    held: paise('held').notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ledger_accounts_held_not_negative', sql`${t.held} >= 0`)],
);

/** One money event: a unique key so a replay cannot post twice, and the journal it reverses. */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    /** What happened: `payin.success`, `payin.reversal`, … */
    kind: text('kind').notNull(),
    /** The record the event is about, as its API resource and id. */
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    reversesId: bigint('reverses_id', { mode: 'number' }).references((): AnyPgColumn => ledgerJournals.id),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_journals_entity_idx').on(t.entity, t.entityId, t.id),
    // A journal is reversed at most once.
    uniqueIndex('ledger_journals_reverses_idx').on(t.reversesId),
  ],
);

/** Entries are appended only: the database refuses to change or remove one (see the migration). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: bigint('journal_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerJournals.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: paise('amount').notNull(),
    /** The account's cached balance after this entry (null for accounts that cache none). */
    balanceAfter: paise('balance_after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_journal_idx').on(t.journalId),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * A hold (issue 11; reference §2, two-phase transfers): money reserved on an account while a
 * pay-out waits. PENDING until it is POSTED (its journal written) or VOIDED (released); its
 * account's `held` moves with it under the account's row lock. A unique key, so a replay cannot
 * hold twice.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: paise('amount').notNull(),
    state: text('state', { enum: ['PENDING', 'POSTED', 'VOIDED'] })
      .notNull()
      .default('PENDING'),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    /** The journal that posted it. */
    journalId: bigint('journal_id', { mode: 'number' }).references(() => ledgerJournals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('ledger_holds_entity_idx').on(t.entity, t.entityId, t.id),
    check('ledger_holds_amount_positive', sql`${t.amount} > 0`),
  ],
);
