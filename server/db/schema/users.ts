import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, inet, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/roles';
import { createdAt, id, updatedAt } from './common';

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    userName: text('user_name').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    merchantCodes: text('merchant_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    vendorCode: text('vendor_code'),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
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
  (t) => [index('password_reset_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userName: text('user_name').notNull(),
    ip: inet('ip'),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_user_idx').on(t.userName, t.at)],
);
