import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { sessions, users } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import type { Role } from '../../../domain/roles';
import { twoFactorStep, type TwoFactorStep } from '../../../domain/two-factor';
import { audit, type Actor } from '../audit/audit';
import { guarded, type GuessPolicy } from './guesses';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords';
import type { SessionUser } from '../common/session-user';

export const INVALID_CREDENTIALS = 'Invalid user name or password.';
export const ACCOUNT_DISABLED = 'Your account is disabled. Please contact your administrator.';
export const SIGNED_IN_ELSEWHERE = 'You are already signed in somewhere else. Sign in here to end that session.';

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
  /** The browser signed this user in before (services/identity/devices.ts): its password check goes first. */
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

export const logout = async (db: Db, user: SessionUser, ip?: string) =>
  db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'logout' })
      .where(and(eq(sessions.id, user.sessionId), isNull(sessions.revokedAt)));
    await audit(tx, { ...user, ip }, { action: 'sign-out', entity: 'users', entityId: user.id });
  });

/** Ends every open session of a user (a password changed or reset). */
export const revokeAll = (tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: string, reason: string) =>
  tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

export type { Actor };
