import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConfirmationKind } from '../../domain/confirmations';
import type { Db } from '../db';
import { users } from '../db/schema';
import { AppError, badRequest } from '../errors';
import { guessPolicy, type SessionUser } from './auth';
import { wrongPasswordWhileSignedIn } from './password-changes';
import { guarded } from './guesses';
import { verifyPassword } from './passwords';

export const CONFIRMATION_HEADER = 'x-confirmation';
export const CONFIRMATION_TTL_SECONDS = 300;

interface ConfirmationClaims {
  /** 'confirm': never accepted as an access token, and an access token is never one of these. */
  typ: 'confirm';
  sid: string;
  sub: string;
  /** The kind of action it was given for; refused for any other. */
  act: ConfirmationKind;
}

/** Where a confirmation is asked from: wrong passwords count with the sign-in guesses (issue 9, item 4). */
export interface GuessContext {
  maxFailedLogins: number;
  ip?: string;
}

/**
 * The signed-in user's password, checked again. A wrong one counts as a guess, is audited, and
 * once the guesses are spent the session ends.
 */
const checkPassword = async (db: Db, user: SessionUser, password: string, context: GuessContext) => {
  // A signed-in user's check goes in the lane that a flood of strangers cannot hold up.
  const lane = { trusted: true };
  const { ok, guess } = await guarded(db, guessPolicy(context), user.userName, context.ip, lane, async () => {
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    return row !== undefined && (await verifyPassword(password, row.hash, lane));
  });
  if (!ok) {
    await wrongPasswordWhileSignedIn(db, user, guess, 'confirmation', context.ip);
    throw badRequest('The password is not correct.', 'password');
  }
};

/** The signed-in user types the password again; the answer is a confirmation of one kind, valid for five minutes on this session. */
export const grantConfirmation = async (
  app: FastifyInstance,
  db: Db,
  user: SessionUser,
  password: string,
  kind: ConfirmationKind,
  context: GuessContext,
) => {
  await checkPassword(db, user, password, context);
  const claims: ConfirmationClaims = { typ: 'confirm', sid: user.sessionId, sub: user.id, act: kind };
  const confirmation = app.jwt.sign(claims as never, { expiresIn: CONFIRMATION_TTL_SECONDS });
  return { confirmation, expiresAt: new Date(Date.now() + CONFIRMATION_TTL_SECONDS * 1000).toISOString() };
};

export const confirmationRequired = () =>
  new AppError(403, 'CONFIRMATION_REQUIRED', 'Please enter your password again to confirm this action.');

/** Sensitive actions call this first: the request must carry a fresh confirmation of this very session, for this kind. */
export const requireConfirmation = (app: FastifyInstance, request: FastifyRequest, kind: ConfirmationKind) => {
  const header = request.headers[CONFIRMATION_HEADER];
  if (typeof header !== 'string' || !header) throw confirmationRequired();
  try {
    const claims = app.jwt.verify<ConfirmationClaims>(header);
    if (
      claims.typ !== 'confirm' ||
      claims.sid !== request.session.sessionId ||
      claims.sub !== request.session.id ||
      claims.act !== kind
    ) {
      throw confirmationRequired();
    }
  } catch {
    throw confirmationRequired();
  }
};

/** What a service calls when a change turns out to be sensitive, naming its kind. */
export type Confirm = (kind: ConfirmationKind) => void;

/** For actions that are sensitive only sometimes: the callback a service calls when they are. */
export const requireConfirmationFor =
  (app: FastifyInstance, request: FastifyRequest): Confirm =>
  (kind) =>
    requireConfirmation(app, request, kind);
