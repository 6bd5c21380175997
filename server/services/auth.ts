import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { passwordResetTokens, sessions, users } from '../db/schema';
import { AppError, badRequest, conflict, unauthorized } from '../errors';
import type { Role } from '../../domain/roles';
import { twoFactorStep, type TwoFactorStep } from '../../domain/two-factor';
import { audit, type Actor } from './audit';
import { guarded, type Guess, type GuessPolicy } from './guesses';
import { checkPasswordStrength, dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords';

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
  /** An administrator set the password: only sign-out, /me and change-password are open until it is changed. */
  mustChangePassword?: boolean;
}

export interface AuthOptions {
  tokenTtlSeconds: number;
  maxFailedLogins: number;
  resetTokenTtlMinutes: number;
  /** Roles that must give a second factor at sign-in (REQUIRE_2FA_ROLES). */
  require2faRoles?: readonly Role[];
}

type UserRow = typeof users.$inferSelect;

export interface SignInContext {
  override?: boolean;
  ip?: string;
  userAgent?: string;
  /** The browser signed this user in before (services/devices.ts): its password check goes first. */
  trustedDevice?: boolean;
}

/** A stored hash made with weaker parameters is replaced, unless the password changed meanwhile. */
const rehashIfWeak = async (db: Db, user: UserRow, password: string) => {
  if (!needsRehash(user.passwordHash)) return;
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
};

/** Failures of one user name at one address count over this window (issue 9, item 4). */
export const GUESS_WINDOW_SECONDS = 15 * 60;
export const guessPolicy = (opts: Pick<AuthOptions, 'maxFailedLogins'>): GuessPolicy => ({
  maxFailures: opts.maxFailedLogins,
  windowSeconds: GUESS_WINDOW_SECONDS,
});

/** User names are matched without regard to case, as they are unique. */
export const userNamed = (userName: string) => sql`lower(${users.userName}) = lower(${userName.trim()})`;

/**
 * The password step of signing in: a session, or the second factor it still needs (the user's id
 * for the challenge the route signs).
 */
export const login = async (
  db: Db,
  opts: AuthOptions,
  input: SignInContext & { userName: string; password: string },
): Promise<SignedIn | { twoFactor: TwoFactorStep; userId: string }> => {
  const userName = input.userName.trim();
  // The attempt is counted before the password is checked, so parallel guesses cannot overrun.
  let user: typeof users.$inferSelect | undefined;
  const lane = { trusted: input.trustedDevice };
  const { ok } = await guarded(db, guessPolicy(opts), userName, input.ip, lane, async () => {
    [user] = await db.select().from(users).where(userNamed(userName));
    // An unknown name costs the same hash as a known one: timing tells nothing.
    const right = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()), lane);
    return right && user !== undefined;
  });
  if (!ok || !user) throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  if (!user.enabled) throw new AppError(403, 'ACCOUNT_DISABLED', ACCOUNT_DISABLED);
  // Best effort: a busy server signs the user in now and re-hashes at a later sign-in.
  await rehashIfWeak(db, user, input.password).catch(() => undefined);
  const step = twoFactorStep({ role: user.role, totpEnabled: user.totpEnabledAt !== null }, opts.require2faRoles ?? []);
  if (step) return { twoFactor: step, userId: user.id };
  return startSession(db, opts, user, input);
};

export type SignedIn = Awaited<ReturnType<typeof startSession>>;

/**
 * Opens the session of a user who has proved who they are: one session per user (409 unless
 * override). `alsoDo` runs in the same transaction once the session may open (a second factor is
 * used up there, so a refused sign-in does not spend it).
 */
export const startSession = async (
  db: Db,
  opts: Pick<AuthOptions, 'tokenTtlSeconds'>,
  user: UserRow,
  input: SignInContext,
  alsoDo?: (tx: DbOrTx) => Promise<void>,
) => {
  const expiresAt = new Date(Date.now() + opts.tokenTtlSeconds * 1000);
  const session = await db.transaction(async (tx) => {
    // The user row lock makes two simultaneous sign-ins of one user take turns.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const active = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
    if (active.length > 0 && !input.override) throw conflict(SIGNED_IN_ELSEWHERE, 'SESSION_EXISTS');
    await alsoDo?.(tx);
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
  return {
    claims,
    expiresAt,
    user: { name: user.fullName, role: user.role, code: user.merchantCodes },
    mustChangePassword: user.mustChangePassword,
  };
};

/** 30 minutes, 1 hour, 90 seconds: an idle timeout as a person says it. */
export const describeDuration = (seconds: number): string => {
  const [n, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
};

export const DEFAULT_IDLE_TIMEOUT_SECONDS = 30 * 60;
/** lastSeenAt is written at most this often per session: the idle check needs no write per request. */
export const LAST_SEEN_RESOLUTION_SECONDS = 60;

export const idleMessage = (idleTimeoutSeconds: number) =>
  `Your session ended after ${describeDuration(idleTimeoutSeconds)} without activity. Please sign in again.`;

/** The signed-in user behind a verified token, or 401 when its session has ended (revoked, expired or idle). */
export const activeSession = async (
  db: Db,
  claims: TokenClaims,
  idleTimeoutSeconds = DEFAULT_IDLE_TIMEOUT_SECONDS,
): Promise<SessionUser> => {
  // Idleness is judged by the database's clock, the one that wrote lastSeenAt.
  const since = (seconds: number) =>
    sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${seconds})`.mapWith(Boolean);
  const [row] = await db
    .select({
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      expiresAt: sessions.expiresAt,
      idle: since(idleTimeoutSeconds),
      seenLongAgo: since(LAST_SEEN_RESOLUTION_SECONDS),
      mustChangePassword: users.mustChangePassword,
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
        : row.revokedReason === 'idle'
          ? idleMessage(idleTimeoutSeconds)
          : 'Your session has ended. Please sign in again.',
    );
  }
  if (row.expiresAt.getTime() <= Date.now()) throw unauthorized('Your session has expired. Please sign in again.');
  if (!row.enabled) throw unauthorized(ACCOUNT_DISABLED);
  if (row.idle) {
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'idle' })
      .where(and(eq(sessions.id, claims.jti), isNull(sessions.revokedAt)));
    throw unauthorized(idleMessage(idleTimeoutSeconds));
  }
  if (row.seenLongAgo) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, claims.jti), since(LAST_SEEN_RESOLUTION_SECONDS)));
  }
  // Role and codes come from the database, not the token, so a change takes effect at once.
  return {
    id: claims.id,
    userName: row.userName,
    role: row.role,
    merchantCodes: row.merchantCodes,
    vendorCode: row.vendorCode,
    sessionId: claims.jti,
    mustChangePassword: row.mustChangePassword,
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

/**
 * A wrong password typed while signed in (a confirmation, a password change) is a guess like a
 * wrong sign-in: audited, and once the user name at this address has used up its guesses the
 * session ends, so a stolen session cannot be used to find the password.
 */
export const wrongPasswordWhileSignedIn = async (
  db: Db,
  user: SessionUser,
  guess: Guess,
  during: 'confirmation' | 'change-password' | 'disable-two-factor',
  ip?: string,
) => {
  const endSession = guess.failures >= guess.max;
  await db.transaction(async (tx) => {
    if (endSession)
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: 'too-many-wrong-passwords' })
        .where(and(eq(sessions.id, user.sessionId), isNull(sessions.revokedAt)));
    await audit(
      tx,
      { ...user, ip },
      {
        action: 'wrong-password',
        entity: 'users',
        entityId: user.id,
        after: { during, failures: guess.failures, sessionEnded: endSession },
      },
    );
  });
  if (endSession) throw unauthorized(TOO_MANY_WRONG_PASSWORDS);
};

export const TOO_MANY_WRONG_PASSWORDS = 'Too many wrong passwords: you have been signed out. Please sign in again.';

export const changePassword = async (
  db: Db,
  opts: Pick<AuthOptions, 'maxFailedLogins'>,
  user: SessionUser,
  current: string,
  next: string,
  ip?: string,
) => {
  checkPasswordStrength(next, 'newPassword');
  if (next === current) throw badRequest('Choose a new password that differs from the current one.', 'newPassword');
  // A signed-in user's check goes in the lane that a flood of strangers cannot hold up.
  const lane = { trusted: true };
  const { ok, guess } = await guarded(db, guessPolicy(opts), user.userName, ip, lane, async () => {
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    return row !== undefined && (await verifyPassword(current, row.passwordHash, lane));
  });
  if (!ok) {
    await wrongPasswordWhileSignedIn(db, user, guess, 'change-password', ip);
    throw badRequest('Current password is not correct.', 'currentPassword');
  }
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await revokeAll(tx, user.id, 'password-changed');
    await retireResetTokens(tx, user.id);
    await audit(tx, { ...user, ip }, { action: 'change-password', entity: 'users', entityId: user.id });
  });
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every reset link of the user stops working: after a reset, a password change or a new link. */
export const retireResetTokens = (tx: DbOrTx, userId: string) =>
  tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));

/**
 * Creates a single-use reset token when the user exists and is enabled; returns it to be
 * delivered. One live token per user: asking again retires the earlier link.
 */
export const requestPasswordReset = async (db: Db, opts: AuthOptions, userName: string, ip?: string) => {
  const [user] = await db.select().from(users).where(userNamed(userName));
  if (!user || !user.enabled) return null;
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // The user row lock makes two simultaneous requests take turns: the later one's link wins.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    await retireResetTokens(tx, user.id);
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
      .set({ passwordHash, passwordChangedAt: sql`now()`, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, used.userId));
    await revokeAll(tx, used.userId, 'password-reset');
    await retireResetTokens(tx, used.userId);
    await audit(tx, { id: used.userId, ip }, { action: 'reset-password', entity: 'users', entityId: used.userId });
  });
};

export type { Actor };
