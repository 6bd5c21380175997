import type { Role } from './roles';

/**
 * Two-factor sign-in (TOTP, RFC 6238, as authenticator apps expect: SHA-1, 6 digits, 30 seconds)
 * and its one-time recovery codes.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

/** What a correct password leads to: a code, enrolment first, or nothing more. */
export type TwoFactorStep = 'required' | 'enrol';

export const twoFactorStep = (
  user: { role: Role; totpEnabled: boolean },
  requiredRoles: readonly Role[],
): TwoFactorStep | null => {
  if (user.totpEnabled) return 'required';
  return requiredRoles.includes(user.role) ? 'enrol' : null;
};

/** A code from the authenticator app; anything else typed in its place is tried as a recovery code. */
export const isTotpCode = (text: string): boolean => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(text.replace(/\s/g, ''));

/** Recovery codes are compared without regard to case, spaces or dashes: `ABCD-EFGH-…` as printed. */
export const normaliseRecoveryCode = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Groups of four for reading aloud and writing down. */
export const formatRecoveryCode = (code: string): string => normaliseRecoveryCode(code).replace(/(.{4})(?=.)/g, '$1-');
