import { describe, expect, it } from 'vitest';
import { canDo, canUseScreen, homePath, isKnownScreen } from './access';
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
    expect(ROLES.filter((r) => canUseScreen(r, 'merchant-list'))).toEqual([
      'ADMIN',
      'TRANSACTIONS',
      'OPERATIONS',
      'MERCHANT',
      'MERCHANT_ADMIN',
      'MERCHANT_OPERATIONS',
    ]));

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

describe('write rules', () => {
  it('reads follow the screen, writes follow the table', () => {
    expect(canDo('TRANSACTIONS', 'merchant', 'read')).toBe(true);
    expect(canDo('TRANSACTIONS', 'merchant', 'export')).toBe(true);
    expect(canDo('TRANSACTIONS', 'merchant', 'create')).toBe(false);
    expect(canDo('ADMIN', 'merchant', 'delete')).toBe(true);
    expect(canDo('MERCHANT_ADMIN', 'merchant', 'delete')).toBe(false);
    expect(canDo('MERCHANT_ADMIN', 'merchant', 'rotate')).toBe(true);
    expect(canDo('MERCHANT', 'merchant', 'read')).toBe(false);
    expect(canDo('OPERATIONS', 'bank-accounts', 'toggle')).toBe(true);
    expect(canDo('OPERATIONS', 'bank-accounts', 'create')).toBe(false);
    expect(canDo('VENDOR', 'bank-accounts', 'read')).toBe(true);
    expect(canDo('VENDOR', 'bank-accounts', 'update')).toBe(false);
    expect(canDo('VENDOR', 'user', 'create')).toBe(true);
    expect(canDo('VENDOR_OPERATIONS', 'user', 'create')).toBe(false);
    expect(canDo('ADMIN', 'merchant-applications', 'review')).toBe(true);
    expect(canDo('TRANSACTIONS', 'merchant-applications', 'read')).toBe(false);
    expect(canDo('TRANSACTIONS', 'audit-events', 'read')).toBe(false);
  });

  it('denies actions a screen does not list', () => {
    expect(canDo('ADMIN', 'dashboard', 'delete')).toBe(false);
    expect(canDo('ADMIN', 'vendor', 'delete')).toBe(false);
  });

  it('lets every role sign out', () => expect(ROLES.every((r) => canDo(r, 'account', 'update'))).toBe(true));
});
