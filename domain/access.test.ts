import { describe, expect, it } from 'vitest';
import { canUseScreen, homePath, isKnownScreen } from './access';
import { ROLES } from './roles';

describe('access policy', () => {
  it('follows the menu: a hidden screen is refused', () => {
    expect(canUseScreen('MERCHANT', 'merchant')).toBe(false);
    expect(canUseScreen('MERCHANT_ADMIN', 'merchant')).toBe(true);
    expect(canUseScreen('OPERATIONS', 'report')).toBe(false);
    expect(canUseScreen('VENDOR', 'vendorreport')).toBe(true);
    expect(canUseScreen('VENDOR_OPERATIONS', 'vendorreport')).toBe(false);
    expect(canUseScreen('VENDOR', 'dashboard')).toBe(false);
    expect(canUseScreen('MERCHANT_OPERATIONS', 'user')).toBe(false);
    expect(canUseScreen('VENDOR', 'user')).toBe(true);
  });

  it('lets exactly the six roles load the merchant list', () =>
    expect(ROLES.filter((r) => canUseScreen(r, 'merchant-list'))).toEqual(
      ['ADMIN', 'TRANSACTIONS', 'OPERATIONS', 'MERCHANT', 'MERCHANT_ADMIN', 'MERCHANT_OPERATIONS'],
    ));

  it('lets every role use its own account', () => expect(ROLES.every((r) => canUseScreen(r, 'account'))).toBe(true));

  it('denies unknown screens', () => {
    expect(canUseScreen('ADMIN', 'nope')).toBe(false);
    expect(isKnownScreen('nope')).toBe(false);
    expect(isKnownScreen('deposit/all')).toBe(true);
  });

  it('sends vendor roles to the vendor board', () => {
    expect(homePath('VENDOR')).toBe('/app/vendor-board');
    expect(homePath('VENDOR_OPERATIONS')).toBe('/app/vendor-board');
    expect(ROLES.filter((r) => homePath(r) === '/app/dashboard')).toHaveLength(6);
  });
});
