import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import {
  ACCOUNT_DISABLED,
  guessPolicy,
  startSession,
  type AuthOptions,
  type SignInContext,
  type SignedIn,
} from './auth';
import { reserveGuess } from './guesses';
import {
  CHALLENGE_EXPIRED,
  beginEnrolment,
  checkCode,
  completeEnrolment,
  readChallenge,
  spend,
  wrongCode,
} from './two-factor';

const expired = () => new AppError(401, 'CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);

/** The user a challenge names, still enabled, in the state the challenge's step expects. */
const challengedUser = async (app: FastifyInstance, db: Db, challenge: string) => {
  const claims = readChallenge(app, challenge);
  const [user] = await db.select().from(users).where(eq(users.id, claims.sub));
  if (!user) throw expired();
  if (!user.enabled) throw new AppError(403, 'ACCOUNT_DISABLED', ACCOUNT_DISABLED);
  const enrolled = user.totpEnabledAt !== null;
  if (enrolled !== (claims.step === 'required')) throw expired();
  return { user, step: claims.step };
};

/** Sign-in, enrolment step: a fresh secret for the authenticator app (QR code and text). */
export const enrolAtSignIn = async (app: FastifyInstance, db: Db, challenge: string) => {
  const { user, step } = await challengedUser(app, db, challenge);
  if (step !== 'enrol') throw expired();
  return beginEnrolment(db, user.id);
};

/**
 * Sign-in, last step: the code from the app (or a recovery code) opens the session. A wrong code
 * counts as a failed guess like a wrong password; the code is spent only when the session opens.
 * At enrolment the first code also turns two-factor on and answers the recovery codes, once.
 */
export const finishSignIn = async (
  app: FastifyInstance,
  db: Db,
  opts: AuthOptions,
  input: SignInContext & { challenge: string; code: string },
) => {
  const { user, step } = await challengedUser(app, db, input.challenge);
  if (step === 'enrol' && !user.totpSecret) throw expired();
  const guess = await reserveGuess(db, guessPolicy(opts), user.userName, input.ip);
  const checked = await checkCode(user, input.code, step === 'required').catch(async (error: unknown) => {
    await guess.cancelled();
    throw error;
  });
  if (!checked) {
    await guess.failed();
    throw wrongCode();
  }
  let recoveryCodes: string[] | undefined;
  try {
    const signedIn = await startSession(db, opts, user, input, async (tx) => {
      await spend(tx, checked);
      if (step === 'enrol') recoveryCodes = await completeEnrolment(tx, user, input.ip);
    });
    await guess.succeeded();
    return { ...signedIn, recoveryCodes };
  } catch (error) {
    const code = (error as AppError).code;
    // A spent code is a wrong guess; asked to confirm ending another session, the code was right and not spent.
    if (code === 'INVALID_CODE') await guess.failed();
    else if (code === 'SESSION_EXISTS') await guess.succeeded();
    else await guess.cancelled();
    throw error;
  }
};

/** The answer of a sign-in that opened a session; the flag only when the password must be changed. */
export const signedInData = (app: FastifyInstance, result: SignedIn) => ({
  accessToken: app.jwt.sign(result.claims),
  expiresAt: result.expiresAt.toISOString(),
  user: result.user,
  ...(result.mustChangePassword ? { mustChangePassword: true as const } : {}),
});
