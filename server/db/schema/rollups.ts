import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const paise = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);

/** The measures of domain/rollups.ts, one column each. */
const measures = () => ({
  payinCount: count('payin_count'),
  payinAmount: paise('payin_amount'),
  payinFee: paise('payin_fee'),
  payoutCount: count('payout_count'),
  payoutAmount: paise('payout_amount'),
  payoutFee: paise('payout_fee'),
  reversedCount: count('reversed_count'),
  reversedAmount: paise('reversed_amount'),
  reversedFee: paise('reversed_fee'),
  settlementCount: count('settlement_count'),
  settlementAmount: paise('settlement_amount'),
  chargebackCount: count('chargeback_count'),
  chargebackAmount: paise('chargeback_amount'),
  commission: paise('commission'),
  balance: paise('balance'),
  collectedCount: count('collected_count'),
  collectedAmount: paise('collected_amount'),
  createdCount: count('created_count'),
  succeededCount: count('succeeded_count'),
});

/**
 * What each party's money did per IST day and per IST hour (domain/rollups.ts), added to in the
 * transaction of each journal, bank entry and pay-in: the boards and the Accounts reports read
 * these rows instead of the money events. `at` is the start of the IST day or hour, in IST.
 */
export const moneyRollups = pgTable(
  'money_rollups',
  {
    party: text('party').notNull(),
    span: text('span', { enum: ['day', 'hour'] }).notNull(),
    at: timestamp('at', { withTimezone: false }).notNull(),
    ...measures(),
  },
  (t) => [primaryKey({ columns: [t.party, t.span, t.at] })],
);

/**
 * How long pay-ins took from creation to SUCCESS, as a histogram per merchant per IST day of the
 * success: `counts[i]` successes in bin i of domain/rollups.ts SPEED_BOUNDS. One row a merchant a
 * day, so a month of every merchant's median reads a few thousand rows.
 */
export const payinSpeeds = pgTable(
  'payin_speeds',
  {
    merchantId: uuid('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    counts: integer('counts').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);

/**
 * The all-merchants totals (parties `all:merchants` and `all:payins`) are not added to in the
 * transactions that move money, which would all wait on the same few rows: each appends what it
 * adds here instead (no lock, no conflict), and a job folds these rows into money_rollups every
 * second (services/ledger/rollup-folds.ts). Readers add the rows not yet folded to the folded ones, in
 * one snapshot, so totals are exact at any moment.
 */
export const rollupPending = pgTable('rollup_pending', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  party: text('party').notNull(),
  span: text('span', { enum: ['day', 'hour'] }).notNull(),
  at: timestamp('at', { withTimezone: false }).notNull(),
  ...measures(),
});

/** The same for the all-merchants histogram of times to SUCCESS (payin_speeds of ALL_MERCHANTS_ID). */
export const speedPending = pgTable('speed_pending', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  bin: integer('bin').notNull(),
  n: integer('n').notNull(),
});

/** Set while the rollups must be built again from the ledger (a new table, or data written around them). */
export const rollupState = pgTable('rollup_state', {
  id: smallint('id').primaryKey().default(1),
  rebuildAfter: timestamp('rebuild_after', { withTimezone: true }).default(sql`now()`),
});
