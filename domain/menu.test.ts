import { describe, expect, it } from 'vitest';
import { ALL_SCREENS, MENU, menuFor, screenByPath } from './menu';
import type { Role } from './roles';

/** The sidebar each role sees, written out by hand from SPEC §2 and §6. */
const ALL_REPORTS = ['Payins', 'Vendor Payins', 'Payouts', 'Vendor Payouts', 'Accounts', 'Vendor Accounts'];
const DEPOSIT = ['In Progress', 'Completed', 'Dropped', 'All'];
const WITHDRAWALS = ['In Progress', 'Completed', 'All'];
const EVERYTHING = {
  Dashboard: ['Dashboard'],
  'Vendor Board': ['Vendor Board'],
  'Add data': ['Add data'],
  Deposit: DEPOSIT,
  Withdrawals: WITHDRAWALS,
  Settlements: ['Accounts'],
  'Vendor Settlements': ['Accounts'],
  ChargeBack: ['ChargeBack'],
  Merchant: ['Merchant'],
  'Bank Accounts': ['Bank Accounts'],
  Vendor: ['Vendor'],
  User: ['Roles'],
  Reports: ALL_REPORTS,
};

const EXPECTED: Record<Role, Record<string, string[]>> = {
  ADMIN: EVERYTHING,
  TRANSACTIONS: EVERYTHING,
  MERCHANT: {
    Dashboard: ['Dashboard'],
    Deposit: DEPOSIT,
    Withdrawals: WITHDRAWALS,
    Settlements: ['Accounts'],
    ChargeBack: ['ChargeBack'],
    User: ['Roles'],
    Reports: ['Payins', 'Payouts', 'Accounts'],
  },
  MERCHANT_ADMIN: {
    Dashboard: ['Dashboard'],
    Deposit: DEPOSIT,
    Withdrawals: WITHDRAWALS,
    Settlements: ['Accounts'],
    ChargeBack: ['ChargeBack'],
    Merchant: ['Merchant'],
    User: ['Roles'],
    Reports: ['Payins', 'Payouts', 'Accounts'],
  },
  MERCHANT_OPERATIONS: {
    Dashboard: ['Dashboard'],
    Deposit: DEPOSIT,
    Withdrawals: WITHDRAWALS,
    Reports: ['Payins', 'Payouts'],
  },
  OPERATIONS: {
    Dashboard: ['Dashboard'],
    'Add data': ['Add data'],
    Deposit: DEPOSIT,
    Withdrawals: WITHDRAWALS,
    'Bank Accounts': ['Bank Accounts'],
    Reports: ['Payins', 'Vendor Payins', 'Payouts', 'Vendor Payouts'],
  },
  VENDOR: {
    'Vendor Board': ['Vendor Board'],
    Deposit: DEPOSIT,
    Withdrawals: WITHDRAWALS,
    'Vendor Settlements': ['Accounts'],
    'Bank Accounts': ['Bank Accounts'],
    User: ['Roles'],
    Reports: ['Vendor Payins', 'Vendor Payouts', 'Vendor Accounts'],
  },
  VENDOR_OPERATIONS: {
    'Vendor Board': ['Vendor Board'],
    Deposit: DEPOSIT,
    Withdrawals: WITHDRAWALS,
    'Vendor Settlements': ['Accounts'],
    'Bank Accounts': ['Bank Accounts'],
    Reports: ['Vendor Payins', 'Vendor Payouts'],
  },
};

describe('menu (SPEC §2, §6)', () => {
  it('lists the 23 screens of SPEC §2 with their routes', () => {
    expect(ALL_SCREENS.map((s) => s.path)).toEqual([
      '/app/dashboard',
      '/app/vendor-board',
      '/app/add-data',
      '/app/deposit/progress',
      '/app/deposit/completed',
      '/app/deposit/dropped',
      '/app/deposit/all',
      '/app/withdrawal/progress',
      '/app/withdrawal/completed',
      '/app/withdrawal/all',
      '/app/settlements',
      '/app/vendorsettlements',
      '/app/lien',
      '/app/merchant',
      '/app/bank-accounts',
      '/app/vendor',
      '/app/user',
      '/app/payin',
      '/app/vendorpayin',
      '/app/payout',
      '/app/vendorpayout',
      '/app/report',
      '/app/vendorreport',
    ]);
  });

  it('has the groups of SPEC §2', () =>
    expect(MENU.filter((e) => e.group).map((e) => e.label)).toEqual([
      'Deposit',
      'Withdrawals',
      'Settlements',
      'Vendor Settlements',
      'User',
      'Reports',
    ]));

  it.each(Object.keys(EXPECTED) as Role[])('%s sees exactly its menu', (role) => {
    const seen = Object.fromEntries(menuFor(role).map((e) => [e.label, e.items.map((i) => i.label)]));
    expect(seen).toEqual(EXPECTED[role]);
  });

  it('finds the screen of a path', () => {
    expect(screenByPath('/app/deposit/all')?.key).toBe('deposit/all');
    expect(screenByPath('/app/merchant/123/show')?.key).toBe('merchant');
    expect(screenByPath('/app/nope')).toBeUndefined();
  });
});
