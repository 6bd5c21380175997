import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, isTotpCode, normaliseRecoveryCode, twoFactorStep } from './two-factor';

describe('two-factor rules', () => {
  it.each([
    [{ role: 'ADMIN', totpEnabled: true }, [], 'required'],
    [{ role: 'MERCHANT', totpEnabled: true }, ['ADMIN'], 'required'],
    [{ role: 'ADMIN', totpEnabled: false }, ['ADMIN', 'TRANSACTIONS'], 'enrol'],
    [{ role: 'OPERATIONS', totpEnabled: false }, ['ADMIN', 'TRANSACTIONS'], null],
    [{ role: 'ADMIN', totpEnabled: false }, [], null],
  ] as const)('%j with %j required asks for %s', (user, required, step) =>
    expect(twoFactorStep(user, required)).toBe(step),
  );

  it('tells an app code from a recovery code', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode(' 123 456 ')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('ABCD-EFGH-JKLM-NPQR')).toBe(false);
  });

  it('reads recovery codes without regard to case, spaces or dashes', () => {
    expect(normaliseRecoveryCode(' abcd-efgh jklm-npqr ')).toBe('ABCDEFGHJKLMNPQR');
    expect(formatRecoveryCode('abcdefghjklmnpqr')).toBe('ABCD-EFGH-JKLM-NPQR');
  });
});
