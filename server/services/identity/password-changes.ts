import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { badRequest, unauthorized } from '../../errors';
import { audit } from '../audit/audit';
import { guessPolicy, revokeAll, userNamed, type AuthOptions } from './auth';
import type { SessionUser } from '../common/session-user';
import { guarded, type Guess } from './guesses';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords';

/** Changing, resetting and guessing a signed-in user's password (the sessions themselves are in auth.ts). */
export const INVALID_RESET = 'This reset link is invalid or has expired. Please ask for a new one.';

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
