import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { guessPolicy, type AuthOptions } from './auth';
import type { SessionUser } from '../common/session-user';
import { wrongPasswordWhileSignedIn } from './password-changes';
import { guarded } from './guesses';
import { verifyPassword } from './passwords';
import {
  CODE_ALREADY_USED,
  WRONG_CODE,
  checkCode,
  completeEnrolment,
  type CheckedCode,
  disableTwoFactor,
  wrongCodeField,
} from './two-factor';

/** Two-factor managed by the signed-in user from the dashboard: confirm an enrolment, or turn it off. */
const own = async (db: Db, user: SessionUser) => {
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  return row;
};

/** The first code from the app turns two-factor on; the recovery codes are answered once. */
export const confirmEnrolment = async (db: Db, user: SessionUser, code: string, ip?: string) => {
  const row = await own(db, user);
  if (row.totpEnabledAt) throw conflict('Two-factor sign-in is already on for this account.', 'TWO_FACTOR_ON');
  if (!row.totpSecret) throw badRequest('Start the set-up again: no authenticator app is being added.', 'code');
  const checked = await checkCode(row, code, false);
  if (!checked) throw wrongCodeField();
  return db.transaction(async (tx) => {
    if (!(await checked.use(tx))) throw badRequest(CODE_ALREADY_USED, 'code');
    return completeEnrolment(tx, user, ip);
  });
};

/** Turning it off takes the password and a current code (or a recovery code); wrong ones count as guesses. */
export const disable = async (
  db: Db,
  opts: Pick<AuthOptions, 'maxFailedLogins'>,
  user: SessionUser,
  input: { password: string; code: string },
  ip?: string,
) => {
  const row = await own(db, user);
  if (!row.totpEnabledAt) throw conflict('Two-factor sign-in is not on for this account.', 'TWO_FACTOR_OFF');
  // A signed-in user's check goes in the lane that a flood of strangers cannot hold up.
  const lane = { trusted: true };
  let passwordOk = false;
  let checked: CheckedCode = null;
  const { ok, guess } = await guarded(db, guessPolicy(opts), user.userName, ip, lane, async () => {
    passwordOk = await verifyPassword(input.password, row.passwordHash, lane);
    checked = passwordOk ? await checkCode(row, input.code, true) : null;
    return checked !== null;
  });
  if (!ok || !checked) {
    await wrongPasswordWhileSignedIn(db, user, guess, 'disable-two-factor', ip);
    throw passwordOk ? badRequest(WRONG_CODE, 'code') : badRequest('The password is not correct.', 'password');
  }
  const code: NonNullable<CheckedCode> = checked;
  await db.transaction(async (tx) => {
    if (!(await code.use(tx))) throw badRequest(CODE_ALREADY_USED, 'code');
    await disableTwoFactor(tx, user, ip);
  });
};
