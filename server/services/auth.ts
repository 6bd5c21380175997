import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { loginAttempts, passwordResetTokens, sessions, users } from '../db/schema';
import { AppError, badRequest, conflict, tooMany, unauthorized } from '../errors';
import type { Role } from '../../domain/roles';
import { audit, type Actor } from './audit';
import { checkPasswordStrength, dummyPasswordHash, hashPassword, verifyPassword } from './passwords';

export const INVALID_CREDENTIALS = 'Invalid user name or password.';
export const ACCOUNT_DISABLED = 'Your account is disabled. Please contact your administrator.';
export const SIGNED_IN_ELSEWHERE = 'You are already signed in somewhere else. Sign in here to end that session.';
export const INVALID_RESET = 'This reset link is invalid or has expired. Please ask for a new one.';

/** The claims of an access token (SPEC §3) plus its session id. */
export interface TokenClaims {
  /** 'access': told apart from the confirmations signed with the same key. */
  typ: 'access';
  id: string;
  userName: string;
  role: Role;
  code: string[];
  vendor_code: string | null;
  jti: string;
}

export interface SessionUser {
  id: string;
  userName: string;
  role: Role;
  merchantCodes: string[];
  vendorCode: string | null;
  sessionId: string;
}

export interface AuthOptions {
  tokenTtlSeconds: number;
  maxFailedLogins: number;
  resetTokenTtlMinutes: number;
}

const FAILED_WINDOW = sql`now() - interval '15 minutes'`;

const recentFailures = async (db: Db, userName: string) => {
  const [lastSuccess] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.userName, userName), eq(loginAttempts.succeeded, true)))
    .orderBy(desc(loginAttempts.at))
    .limit(1);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.userName, userName),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.at, FAILED_WINDOW),
        lastSuccess ? gt(loginAttempts.at, lastSuccess.at) : undefined,
      ),
    );
  return row.n;
};

export const login = async (
  db: Db,
  opts: AuthOptions,
  input: { userName: string; password: string; override?: boolean; ip?: string; userAgent?: string },
) => {
  const userName = input.userName.trim();
  if ((await recentFailures(db, userName)) >= opts.maxFailedLogins) {
    throw tooMany('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  }
  const [user] = await db.select().from(users).where(eq(users.userName, userName));
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    await db.insert(loginAttempts).values({ userName, ip: input.ip ?? null, succeeded: false });
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  if (!user.enabled) throw new AppError(403, 'ACCOUNT_DISABLED', ACCOUNT_DISABLED);

  const expiresAt = new Date(Date.now() + opts.tokenTtlSeconds * 1000);
  const session = await db.transaction(async (tx) => {
    // The user row lock makes two simultaneous sign-ins of one user take turns.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const active = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
    if (active.length > 0 && !input.override) throw conflict(SIGNED_IN_ELSEWHERE, 'SESSION_EXISTS');
    if (active.length > 0) {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: 'overridden' })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    }
    const [created] = await tx
      .insert(sessions)
      .values({ userId: user.id, expiresAt, ip: input.ip ?? null, userAgent: input.userAgent?.slice(0, 300) ?? null })
      .returning({ id: sessions.id });
    await tx
      .update(users)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(users.id, user.id));
    await tx.insert(loginAttempts).values({ userName, ip: input.ip ?? null, succeeded: true });
    await audit(
      tx,
      { id: user.id, role: user.role, userName: user.userName, ip: input.ip },
      {
        action: input.override && active.length > 0 ? 'sign-in-override' : 'sign-in',
        entity: 'users',
        entityId: user.id,
      },
    );
    return created;
  });

  const claims: TokenClaims = {
    typ: 'access',
    id: user.id,
    userName: user.userName,
    role: user.role,
    code: user.merchantCodes,
    vendor_code: user.vendorCode,
    jti: session.id,
  };
  return { claims, expiresAt, user: { name: user.fullName, role: user.role, code: user.merchantCodes } };
};

/** The signed-in user behind a verified token, or 401 when its session has ended. */
export const activeSession = async (db: Db, claims: TokenClaims): Promise<SessionUser> => {
  const [row] = await db
    .select({
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      expiresAt: sessions.expiresAt,
      enabled: users.enabled,
      role: users.role,
      userName: users.userName,
      merchantCodes: users.merchantCodes,
      vendorCode: users.vendorCode,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.jti), eq(sessions.userId, claims.id)));
  if (!row) throw unauthorized('Your session is not valid. Please sign in again.');
  if (row.revokedAt) {
    throw unauthorized(
      row.revokedReason === 'overridden'
        ? 'Your session was ended because you signed in somewhere else.'
        : 'Your session has ended. Please sign in again.',
    );
  }
  if (row.expiresAt.getTime() <= Date.now()) throw unauthorized('Your session has expired. Please sign in again.');
  if (!row.enabled) throw unauthorized(ACCOUNT_DISABLED);
  // Role and codes come from the database, not the token, so a change takes effect at once.
  return {
    id: claims.id,
    userName: row.userName,
    role: row.role,
    merchantCodes: row.merchantCodes,
    vendorCode: row.vendorCode,
    sessionId: claims.jti,
  };
};

export const logout = async (db: Db, user: SessionUser, ip?: string) =>
  db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'logout' })
      .where(and(eq(sessions.id, user.sessionId), isNull(sessions.revokedAt)));
    await audit(tx, { ...user, ip }, { action: 'sign-out', entity: 'users', entityId: user.id });
  });

const revokeAll = (tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: string, reason: string) =>
  tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

export const changePassword = async (db: Db, user: SessionUser, current: string, next: string, ip?: string) => {
  checkPasswordStrength(next, 'newPassword');
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(current, row.passwordHash)))
    throw badRequest('Current password is not correct.', 'currentPassword');
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await revokeAll(tx, user.id, 'password-changed');
    await audit(tx, { ...user, ip }, { action: 'change-password', entity: 'users', entityId: user.id });
  });
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Creates a single-use reset token when the user exists and is enabled; returns it to be delivered. */
export const requestPasswordReset = async (db: Db, opts: AuthOptions, userName: string, ip?: string) => {
  const [user] = await db.select().from(users).where(eq(users.userName, userName.trim()));
  if (!user || !user.enabled) return null;
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + opts.resetTokenTtlMinutes * 60_000),
    });
    await audit(tx, { ip }, { action: 'request-password-reset', entity: 'users', entityId: user.id });
  });
  return { token, userName: user.userName };
};

export const resetPassword = async (db: Db, token: string, password: string, ip?: string) => {
  checkPasswordStrength(password);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Marking the token used in the same statement that checks it makes it single-use under concurrency.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw badRequest(INVALID_RESET, 'token');
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, used.userId));
    await revokeAll(tx, used.userId, 'password-reset');
    await audit(tx, { id: used.userId, ip }, { action: 'reset-password', entity: 'users', entityId: used.userId });
  });
};

export type { Actor };
