import { describe, expect, it } from 'vitest';
import { MERCHANT_LIST_ROLES, ROLES, assignableRoles, subRoleChoices } from './roles';

describe('roles (SPEC §6)', () => {
  it('has exactly the eight roles', () =>
    expect([...ROLES].sort()).toEqual([
      'ADMIN',
      'MERCHANT',
      'MERCHANT_ADMIN',
      'MERCHANT_OPERATIONS',
      'OPERATIONS',
      'TRANSACTIONS',
      'VENDOR',
      'VENDOR_OPERATIONS',
    ]));

  it('loads the merchant list for exactly six roles', () =>
    expect([...MERCHANT_LIST_ROLES].sort()).toEqual([
      'ADMIN',
      'MERCHANT',
      'MERCHANT_ADMIN',
      'MERCHANT_OPERATIONS',
      'OPERATIONS',
      'TRANSACTIONS',
    ]));

  it.each([
    ['ADMIN', ['Merchant', 'Transactions', 'Operations', 'Vendor', 'Merchant-Admin']],
    ['VENDOR', ['Vendor-Operations']],
    ['MERCHANT', ['Merchant-Operations']],
    ['MERCHANT_ADMIN', ['Merchant', 'Merchant-Operations']],
    ['TRANSACTIONS', ['Merchant', 'Operations', 'Vendor', 'Merchant-Admin']],
    ['OPERATIONS', ['Merchant', 'Operations', 'Vendor', 'Merchant-Admin']],
    ['MERCHANT_OPERATIONS', ['Merchant', 'Operations', 'Vendor', 'Merchant-Admin']],
    ['VENDOR_OPERATIONS', ['Merchant', 'Operations', 'Vendor', 'Merchant-Admin']],
  ] as const)('%s may assign %j', (role, labels) => expect(subRoleChoices(role)).toEqual(labels));

  it('maps the choices to role values', () => {
    expect(assignableRoles('MERCHANT_ADMIN')).toEqual(['MERCHANT', 'MERCHANT_OPERATIONS']);
    expect(assignableRoles('VENDOR')).toEqual(['VENDOR_OPERATIONS']);
    expect(assignableRoles('ADMIN')).toEqual(['MERCHANT', 'TRANSACTIONS', 'OPERATIONS', 'VENDOR', 'MERCHANT_ADMIN']);
  });
});
