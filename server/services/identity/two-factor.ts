import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  TOTP_PERIOD_SECONDS,
  formatRecoveryCode,
  isTotpCode,
  normaliseRecoveryCode,
  type TwoFactorStep,
} from '../../../domain/two-factor';
import type { Db, DbOrTx } from '../../db';
import { users } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import { audit } from '../audit/audit';
import type { SessionUser } from '../common/session-user';

export const ISSUER = 'Payment-Gateway';
/** Time to type a code; enrolment may need an authenticator app installed first. */
export const CHALLENGE_TTL_SECONDS: Record<TwoFactorStep, number> = { required: 5 * 60, enrol: 15 * 60 };
export const CHALLENGE_EXPIRED = 'This sign-in has expired. Please enter your user name and password again.';
export const WRONG_CODE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';
export const CODE_ALREADY_USED = 'That code has just been used. Please wait for the next one.';

type UserRow = typeof users.$inferSelect;

/** What the password step hands to the second: who, and which step. Never an access or confirmation token. */
interface ChallengeClaims {
  typ: 'mfa';
  sub: string;
  step: TwoFactorStep;
}

export const signChallenge = (app: FastifyInstance, userId: string, step: TwoFactorStep) =>
  app.jwt.sign({ typ: 'mfa', sub: userId, step } satisfies ChallengeClaims as never, {
    expiresIn: CHALLENGE_TTL_SECONDS[step],
  });

export const readChallenge = (app: FastifyInstance, token: string): ChallengeClaims => {
  try {
    const claims = app.jwt.verify<ChallengeClaims>(token);
    if (claims.typ === 'mfa' && typeof claims.sub === 'string') return claims;
  } catch {
    /* expired, forged or another kind of token: all the same to the caller */
  }
  throw new AppError(401, 'CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
};

/** The secret and how to load it into an authenticator app: the otpauth URL and its QR code. */
export const provisioning = async (userName: string, secret: string) => {
  const uri = generateURI({ issuer: ISSUER, label: userName, secret });
  return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
};

/**
 * The pending secret (two-factor is on only once a first code confirms it): a new one, or the one
 * already pending, so that two enrolment requests of one user (a page asking twice) cannot leave
 * the server holding a different secret from the one the user scanned.
 */
export const beginEnrolment = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .update(users)
    .set({ totpSecret: sql`coalesce(${users.totpSecret}, ${generateSecret()})` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ userName: users.userName, secret: users.totpSecret });
  if (!row?.secret) throw conflict('Two-factor sign-in is already on for this account.', 'TWO_FACTOR_ON');
  return provisioning(row.userName, row.secret);
};

/** A code is good once: only a later time step than the last accepted passes. Atomic, so two requests cannot share a code. */
const claimTimeStep = async (db: DbOrTx, userId: string, timeStep: number) => {
  const rows = await db
    .update(users)
    .set({ totpLastStep: timeStep })
    .where(and(eq(users.id, userId), sql`coalesce(${users.totpLastStep}, -1) < ${timeStep}`))
    .returning({ id: users.id });
  return rows.length > 0;
};

const forgetTimeStep = (db: DbOrTx, userId: string) =>
  db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatRecoveryCode(
      Array.from(randomBytes(16), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32])
        .join('')
        .slice(0, 16),
    ),
  );

/**
 * A code checked against a user's secret; `use` spends it, inside the caller's transaction, and
 * says whether it was still unspent.
 */
export type CheckedCode = { kind: 'totp' | 'recovery'; use: (tx: DbOrTx) => Promise<boolean> } | null;

export const checkCode = async (user: UserRow, text: string, allowRecovery: boolean): Promise<CheckedCode> => {
  const code = text.replace(/\s/g, '');
  if (isTotpCode(code)) {
    if (!user.totpSecret) return null;
    const result = await verify({ secret: user.totpSecret, token: code, epochTolerance: TOTP_PERIOD_SECONDS });
    if (!result.valid || !('timeStep' in result)) return null;
    return { kind: 'totp', use: (tx) => claimTimeStep(tx, user.id, result.timeStep) };
  }
  const hash = sha256(normaliseRecoveryCode(code));
  if (!allowRecovery || !user.recoveryCodes.includes(hash)) return null;
  return {
    kind: 'recovery',
    use: async (tx) => {
      const [left] = await tx
        .update(users)
        .set({ recoveryCodes: sql`array_remove(${users.recoveryCodes}, ${hash})` })
        .where(and(eq(users.id, user.id), sql`${hash} = ANY(${users.recoveryCodes})`))
        .returning({ count: sql<number>`cardinality(${users.recoveryCodes})` });
      if (!left) return false;
      await audit(
        tx,
        { id: user.id, role: user.role, userName: user.userName },
        { action: 'use-recovery-code', entity: 'users', entityId: user.id, after: { recoveryCodesLeft: left.count } },
      );
      return true;
    },
  };
};

/** Spends a checked code, refusing a second use of the same one. */
export const spend = async (tx: DbOrTx, checked: NonNullable<CheckedCode>) => {
  if (!(await checked.use(tx))) throw new AppError(401, 'INVALID_CODE', CODE_ALREADY_USED);
};

/** Turns two-factor on with the pending secret; answers the recovery codes, shown this once. */
export const completeEnrolment = async (tx: DbOrTx, user: Pick<UserRow, 'id' | 'role' | 'userName'>, ip?: string) => {
  const codes = newRecoveryCodes();
  const [on] = await tx
    .update(users)
    .set({ totpEnabledAt: sql`now()`, recoveryCodes: codes.map((c) => sha256(normaliseRecoveryCode(c))) })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!on) throw conflict('Two-factor sign-in is already on for this account.', 'TWO_FACTOR_ON');
  await audit(tx, { ...user, ip }, { action: 'enrol-two-factor', entity: 'users', entityId: user.id });
  return codes;
};

export const disableTwoFactor = async (tx: DbOrTx, user: SessionUser, ip?: string) => {
  await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, recoveryCodes: [] }).where(eq(users.id, user.id));
  await forgetTimeStep(tx, user.id);
  await audit(tx, { ...user, ip }, { action: 'disable-two-factor', entity: 'users', entityId: user.id });
};

export const twoFactorStatus = async (db: Db, user: SessionUser, requiredRoles: readonly string[]) => {
  const [row] = await db
    .select({ enabledAt: users.totpEnabledAt, codes: users.recoveryCodes })
    .from(users)
    .where(eq(users.id, user.id));
  return {
    enabled: row?.enabledAt != null,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.enabledAt ? row.codes.length : 0,
    required: requiredRoles.includes(user.role),
  };
};

/** At sign-in a wrong code is a failed sign-in; while signed in, a mistyped field. */
export const wrongCode = () => new AppError(401, 'INVALID_CODE', WRONG_CODE);
export const wrongCodeField = () => badRequest(WRONG_CODE, 'code');
