import { describe, expect, it } from 'vitest';
import { maskedUtr, utrUsedMessage, utrUserKind, UTR_USERS } from './utr-uses';

describe('utr uses', () => {
  it.each([
    ['123456789012', '••••••••9012'],
    ['9012', '9012'],
    ['12', '12'],
  ])('masks %s as %s', (utr, shown) => expect(maskedUtr(utr)).toBe(shown));

  it('names the record that used a UTR, by kind', () => {
    expect(UTR_USERS.map(utrUserKind)).toEqual(['pay-in', 'pay-out', 'settlement', 'vendor settlement']);
    expect(utrUsedMessage({ utr: '798731808519', entity: 'payouts', entityId: 'x', label: 'BOLT wd-1' })).toBe(
      'UTR 798731808519 was already used by pay-out BOLT wd-1: one bank transfer proves one payment.',
    );
    expect(utrUsedMessage({ utr: '1', entity: 'settlements', entityId: 'id-1' })).toMatch(/settlement id-1/);
  });
});
