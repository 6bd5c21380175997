import { describe, expect, it } from 'vitest';
import { belongsToMerchants, belongsToVendor, canManageUser, codesOutside, DATA_SCOPES, sameAccess } from './scope';
import { ROLES, type Role } from './roles';

describe('data scope', () => {
  it('sorts every role into merchant, vendor or staff users', () => {
    expect(ROLES.filter(belongsToMerchants)).toEqual(['MERCHANT', 'MERCHANT_ADMIN', 'MERCHANT_OPERATIONS']);
    expect(ROLES.filter(belongsToVendor)).toEqual(['VENDOR', 'VENDOR_OPERATIONS']);
    expect(ROLES.filter((r) => DATA_SCOPES[r] === 'all')).toEqual(['ADMIN', 'TRANSACTIONS', 'OPERATIONS']);
    expect(ROLES.filter((r) => DATA_SCOPES[r] === 'merchants-and-subs')).toEqual(['MERCHANT_ADMIN']);
  });
});

describe('who manages whom', () => {
  const user = (id: string, role: Role, hiddenMerchantCodes = 0) => ({ id, role, hiddenMerchantCodes });
  // Written out by hand from SPEC §6 (sub-role choices); ADMIN manages every role.
  const MANAGES: Record<Role, Role[]> = {
    ADMIN: [...ROLES],
    TRANSACTIONS: ['MERCHANT', 'OPERATIONS', 'VENDOR', 'MERCHANT_ADMIN'],
    OPERATIONS: ['MERCHANT', 'OPERATIONS', 'VENDOR', 'MERCHANT_ADMIN'],
    MERCHANT: ['MERCHANT_OPERATIONS'],
    MERCHANT_ADMIN: ['MERCHANT', 'MERCHANT_OPERATIONS'],
    MERCHANT_OPERATIONS: ['MERCHANT', 'OPERATIONS', 'VENDOR', 'MERCHANT_ADMIN'],
    VENDOR: ['VENDOR_OPERATIONS'],
    VENDOR_OPERATIONS: ['MERCHANT', 'OPERATIONS', 'VENDOR', 'MERCHANT_ADMIN'],
  };

  it.each(ROLES)('%s manages exactly the roles of its table', (role) => {
    const managed = ROLES.filter((target) => canManageUser(user('a', role), user('b', target)));
    expect([...managed].sort()).toEqual([...MANAGES[role]].sort());
  });

  it('never lets a user manage its own account', () =>
    expect(ROLES.some((role) => canManageUser(user('a', role), user('a', role)))).toBe(false));
});

describe('managing users across merchants', () => {
  it('finds the codes a caller does not see; none for a caller that sees every merchant', () => {
    expect(codesOutside(['ACME', 'BOLT'], ['ACME', 'ACME-KIDS'])).toEqual(['BOLT']);
    expect(codesOutside(['ACME', 'ACME-KIDS'], ['ACME', 'ACME-KIDS'])).toEqual([]);
    expect(codesOutside(['ACME'], [])).toEqual(['ACME']);
    expect(codesOutside(['ACME', 'BOLT'], null)).toEqual([]);
  });

  it('lets nobody manage a user that also holds a merchant it cannot see', () => {
    const actor = { id: 'a', role: 'MERCHANT_ADMIN' as const };
    expect(canManageUser(actor, { id: 'b', role: 'MERCHANT', hiddenMerchantCodes: 0 })).toBe(true);
    expect(canManageUser(actor, { id: 'b', role: 'MERCHANT', hiddenMerchantCodes: 1 })).toBe(false);
  });
});

describe('sameAccess', () => {
  const bolt = { role: 'MERCHANT', merchantCodes: ['BOLT', 'ACME'], vendorCode: null } as const;
  it.each([
    ['the same codes in another order', { ...bolt, merchantCodes: ['ACME', 'BOLT'] }, true],
    ['another role', { ...bolt, role: 'MERCHANT_ADMIN' }, false],
    ['a code less', { ...bolt, merchantCodes: ['BOLT'] }, false],
    ['another code', { ...bolt, merchantCodes: ['BOLT', 'CRISP'] }, false],
    ['a vendor code', { ...bolt, vendorCode: 'VEN-ALPHA' }, false],
  ] as const)('%s', (_name, other, same) => {
    expect(sameAccess(bolt, other)).toBe(same);
    expect(sameAccess(other, bolt)).toBe(same);
  });
});
