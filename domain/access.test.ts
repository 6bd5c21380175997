import { describe, expect, it } from 'vitest';
import { apiResourceOf, canDo, canUseResource, canUseScreen, homePath, isScreen, screenOf } from './access';
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

  it('knows the screens by name', () => {
    expect(isScreen('nope')).toBe(false);
    expect(isScreen('deposit/all')).toBe(true);
    expect(isScreen('audit-events')).toBe(true);
  });

  it('sends vendor roles to the vendor board', () => {
    expect(homePath('VENDOR')).toBe('/app/vendor-board');
    expect(homePath('VENDOR_OPERATIONS')).toBe('/app/vendor-board');
    expect(ROLES.filter((r) => homePath(r) === '/app/dashboard')).toHaveLength(6);
  });
});

describe('API resources', () => {
  it('are granted by any of their screens', () => {
    // VENDOR does not see the Payins report, but does see the Deposit screens.
    expect(canUseResource('VENDOR', 'payins')).toBe(true);
    expect(canUseResource('OPERATIONS', 'bank-entries')).toBe(true);
    expect(canUseResource('MERCHANT', 'bank-entries')).toBe(false);
    expect(canUseResource('MERCHANT_OPERATIONS', 'settlements')).toBe(false);
    expect(canUseResource('VENDOR_OPERATIONS', 'vendor-settlements')).toBe(true);
  });

  it('map dashboard resources and screens to API paths and back', () => {
    expect(apiResourceOf('merchant')).toBe('merchants');
    expect(apiResourceOf('user')).toBe('users');
    expect(apiResourceOf('bank-accounts')).toBe('bank-accounts');
    expect(apiResourceOf('deposit/dropped')).toBe('payins');
    expect(apiResourceOf('vendorpayin')).toBe('bank-entries');
    expect(apiResourceOf('nope')).toBeUndefined();
    expect(screenOf('merchants')).toBe('merchant');
    expect(screenOf('audit-events')).toBe('audit-events');
  });
});

describe('write rules', () => {
  it('reads follow the screens, writes follow the table', () => {
    expect(canDo('TRANSACTIONS', 'merchants', 'read')).toBe(true);
    expect(canDo('TRANSACTIONS', 'merchants', 'export')).toBe(true);
    expect(canDo('TRANSACTIONS', 'merchants', 'create')).toBe(false);
    expect(canDo('ADMIN', 'merchants', 'delete')).toBe(true);
    expect(canDo('MERCHANT_ADMIN', 'merchants', 'delete')).toBe(false);
    expect(canDo('MERCHANT_ADMIN', 'merchants', 'rotate')).toBe(true);
    expect(canDo('MERCHANT', 'merchants', 'read')).toBe(false);
    expect(canDo('OPERATIONS', 'bank-accounts', 'toggle')).toBe(true);
    expect(canDo('OPERATIONS', 'bank-accounts', 'create')).toBe(false);
    expect(canDo('VENDOR', 'bank-accounts', 'read')).toBe(true);
    expect(canDo('VENDOR', 'bank-accounts', 'update')).toBe(false);
    expect(canDo('VENDOR', 'users', 'create')).toBe(true);
    expect(canDo('VENDOR_OPERATIONS', 'users', 'create')).toBe(false);
    expect(canDo('ADMIN', 'merchant-applications', 'review')).toBe(true);
    expect(canDo('TRANSACTIONS', 'merchant-applications', 'read')).toBe(false);
    expect(canDo('TRANSACTIONS', 'audit-events', 'read')).toBe(false);
  });

  it('denies actions a resource does not list', () => {
    expect(canDo('ADMIN', 'payins', 'delete')).toBe(false);
    expect(canDo('ADMIN', 'vendors', 'delete')).toBe(false);
  });

  it('lets every role sign out', () => expect(ROLES.every((r) => canDo(r, 'account', 'update'))).toBe(true));
});
