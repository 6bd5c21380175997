import { describe, expect, it } from 'vitest';
import { belongsToMerchants, belongsToVendor, canManageUser, DATA_SCOPES } from './scope';
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
  const user = (id: string, role: Role) => ({ id, role });
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
