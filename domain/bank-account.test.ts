import { describe, expect, it } from 'vitest';
import { approvalOf, mayApprove, mayReceivePayins, type UsedFor } from './bank-account';

const APPROVED_AT = '2026-01-01T00:00:00.000Z';

describe('maker-checker for bank accounts', () => {
  it.each([
    ['PAYIN', null, 'AWAITING_APPROVAL'],
    ['PAYIN', APPROVED_AT, 'APPROVED'],
    ['PAYOUT', null, 'NOT_REQUIRED'],
    ['PAYOUT', APPROVED_AT, 'NOT_REQUIRED'],
  ] as const)('a %s account approved at %s is %s', (usedFor, approvedAt, status) =>
    expect(approvalOf({ usedFor, approvedAt })).toBe(status),
  );

  it.each([
    ['PAYIN', true, APPROVED_AT, true],
    ['PAYIN', true, null, false],
    ['PAYIN', false, APPROVED_AT, false],
    ['PAYOUT', true, APPROVED_AT, false],
  ] as const)('a %s account, enabled %s, approved at %s, receives pay-ins: %s', (usedFor, enabled, approvedAt, ok) =>
    expect(mayReceivePayins({ usedFor: usedFor as UsedFor, enabled, approvedAt })).toBe(ok),
  );

  it('lets anyone but the makers approve an account awaiting approval, and nobody approve any other', () => {
    const awaiting = { usedFor: 'PAYIN' as const, approvedAt: null, makers: ['maker', 'editor'] };
    expect(mayApprove(awaiting, 'checker')).toBe(true);
    expect(mayApprove(awaiting, 'maker')).toBe(false);
    expect(mayApprove(awaiting, 'editor')).toBe(false);
    expect(mayApprove({ ...awaiting, approvedAt: APPROVED_AT }, 'checker')).toBe(false);
    expect(mayApprove({ ...awaiting, usedFor: 'PAYOUT' }, 'checker')).toBe(false);
  });
});
