import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { users } from '../db/schema';
import { AppError, badRequest } from '../errors';
import type { SessionUser } from './auth';
import { verifyPassword } from './passwords';

export const CONFIRMATION_HEADER = 'x-confirmation';
export const CONFIRMATION_TTL_SECONDS = 300;

interface ConfirmationClaims {
  /** 'confirm': never accepted as an access token, and an access token is never one of these. */
  typ: 'confirm';
  sid: string;
  sub: string;
}

/** The signed-in user types the password again; the answer is a confirmation valid for five minutes on this session. */
export const grantConfirmation = async (app: FastifyInstance, db: Db, user: SessionUser, password: string) => {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(password, row.hash))) throw badRequest('The password is not correct.', 'password');
  const claims: ConfirmationClaims = { typ: 'confirm', sid: user.sessionId, sub: user.id };
  const confirmation = app.jwt.sign(claims as never, { expiresIn: CONFIRMATION_TTL_SECONDS });
  return { confirmation, expiresAt: new Date(Date.now() + CONFIRMATION_TTL_SECONDS * 1000).toISOString() };
};

export const confirmationRequired = () =>
  new AppError(403, 'CONFIRMATION_REQUIRED', 'Please enter your password again to confirm this action.');

/** Sensitive actions call this first: the request must carry a fresh confirmation of this very session. */
export const requireConfirmation = (app: FastifyInstance, request: FastifyRequest) => {
  const header = request.headers[CONFIRMATION_HEADER];
  if (typeof header !== 'string' || !header) throw confirmationRequired();
  try {
    const claims = app.jwt.verify<ConfirmationClaims>(header);
    if (claims.typ !== 'confirm' || claims.sid !== request.session.sessionId || claims.sub !== request.session.id) {
      throw confirmationRequired();
    }
  } catch {
    throw confirmationRequired();
  }
};

/** For actions that are sensitive only sometimes: a callback the service calls when they are. */
export const requireConfirmationFor = (app: FastifyInstance, request: FastifyRequest) => () =>
  requireConfirmation(app, request);
