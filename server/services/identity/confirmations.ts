import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  confirmationRecordKey,
  confirmationUse,
  type ConfirmationGrant,
  type ConfirmationKind,
} from '../../../domain/confirmations';
import type { Db, DbOrTx } from '../../db';
import { confirmationUses, users } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { guessPolicy } from './auth';
import type { SessionUser } from '../common/session-user';
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
  /** Its own id, the key of its one use (confirmation_uses). */
  jti: string;
  /** The record it was given for, when the user named one; refused on any other. */
  rec?: string;
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

/**
 * The signed-in user types the password again; the answer is a confirmation of one kind, for one
 * request on one record (the one named, or else the first it serves), within five minutes on this session.
 */
export const grantConfirmation = async (
  app: FastifyInstance,
  db: Db,
  user: SessionUser,
  asked: { password: string; action: ConfirmationKind; recordId?: string },
  context: GuessContext,
) => {
  await checkPassword(db, user, asked.password, context);
  const claims: ConfirmationClaims = {
    typ: 'confirm',
    sid: user.sessionId,
    sub: user.id,
    act: asked.action,
    jti: randomUUID(),
    ...(asked.recordId !== undefined && { rec: asked.recordId }),
  };
  const confirmation = app.jwt.sign(claims as never, { expiresIn: CONFIRMATION_TTL_SECONDS });
  return { confirmation, expiresAt: new Date(Date.now() + CONFIRMATION_TTL_SECONDS * 1000).toISOString() };
};

export const confirmationRequired = () =>
  new AppError(403, 'CONFIRMATION_REQUIRED', 'Please enter your password again to confirm this action.');

/** The confirmation a request carries, if it is one of this very session given for this kind; 403 otherwise. */
export const requireConfirmation = (
  app: FastifyInstance,
  request: FastifyRequest,
  kind: ConfirmationKind,
): ConfirmationGrant => {
  const header = request.headers[CONFIRMATION_HEADER];
  if (typeof header !== 'string' || !header) throw confirmationRequired();
  let claims: ConfirmationClaims;
  try {
    claims = app.jwt.verify<ConfirmationClaims>(header);
  } catch {
    throw confirmationRequired();
  }
  if (
    claims.typ !== 'confirm' ||
    claims.sid !== request.session.sessionId ||
    claims.sub !== request.session.id ||
    claims.act !== kind ||
    typeof claims.jti !== 'string'
  ) {
    throw confirmationRequired();
  }
  return { id: claims.jti, kind: claims.act, ...(typeof claims.rec === 'string' && { recordId: claims.rec }) };
};

/** The record a request acts on for this kind (domain/confirmations): the route's id, a new account's nickname, a provider. */
export const recordOf = (request: FastifyRequest, kind: ConfirmationKind): string | undefined => {
  const key = confirmationRecordKey(kind);
  const from = (key === 'nickname' ? request.body : request.params) as Record<string, unknown> | undefined;
  const value = from?.[key];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Spends the request's confirmation on its record, in the caller's transaction: the key of
 * confirmation_uses lets one request through however many carry it at once, without reading first,
 * and a use rolled back with a refused action leaves the confirmation unspent.
 */
export const spendConfirmation = async (
  db: DbOrTx,
  app: FastifyInstance,
  request: FastifyRequest,
  kind: ConfirmationKind,
) => {
  const use = confirmationUse(requireConfirmation(app, request, kind), kind, recordOf(request, kind));
  if (!use) throw confirmationRequired();
  const spent = await db
    .insert(confirmationUses)
    .values({ ...use, userId: request.session.id })
    .onConflictDoNothing()
    .returning({ id: confirmationUses.id });
  if (spent.length === 0) throw confirmationRequired();
};

/** A use outlives its confirmation (twice over, for clocks that differ), then serves nobody. */
export const forgetSpentConfirmations = (db: DbOrTx) =>
  db
    .delete(confirmationUses)
    .where(sql`${confirmationUses.usedAt} < now() - make_interval(secs => ${2 * CONFIRMATION_TTL_SECONDS})`);

/** What a service calls, in its transaction, when a change turns out to be sensitive, naming its kind. */
export type Confirm = (tx: DbOrTx, kind: ConfirmationKind) => Promise<void>;

/** For actions that are sensitive only sometimes: the callback a service calls when they are. */
export const requireConfirmationFor =
  (app: FastifyInstance, request: FastifyRequest): Confirm =>
  (tx, kind) =>
    spendConfirmation(tx, app, request, kind);
