import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  inet,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/roles';
import { createdAt, id, updatedAt } from './common';

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    merchantCodes: text('merchant_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    vendorCode: text('vendor_code'),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by'),
    /**
     * Everyone who created this user, chose its password or changed its role or codes (issue 29,
     * item 3): such a user is never their checker. Only grows.
     */
    accessGivenBy: uuid('access_given_by')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Set when an administrator chose the password: the user must replace it at the next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** TOTP shared secret (base32); two-factor is on once totpEnabledAt is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is good once, only a later step passes. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SHA-256 hashes of the unused recovery codes. */
    recoveryCodes: text('recovery_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // User names are unique without regard to case: "Admin" cannot sit beside "admin".
    uniqueIndex('users_user_name_lower_idx').on(sql`lower(${t.userName})`),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    index('users_vendor_code_idx').on(t.vendorCode),
    index('users_merchant_codes_idx').using('gin', t.merchantCodes),
  ],
);

/** One row per signed-in token (its jti). Revoked at logout, override or password change. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** The last authenticated request: a session idle longer than the idle timeout has ended. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.revokedAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_user_idx').on(t.userId),
    // One live token per user: asking again retires the earlier one.
    uniqueIndex('password_reset_live_idx')
      .on(t.userId)
      .where(sql`${t.usedAt} IS NULL`),
  ],
);

/**
 * Password-guessing counters, one row per key (a user name at an address, an address): a guess
 * reserves its attempt here before the password is checked, so parallel guesses cannot overrun.
 */
export const authGuards = pgTable('auth_guards', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** No guess under this key is evaluated before this moment (progressive delay, then refusal). */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's preferences (domain/preferences): one row per kept store key, so two tabs writing
 * different keys never overwrite each other. Removed with the user.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
