import type { Role } from '../../../domain/roles';

/**
 * The sidebar of each role written out by hand from SPEC §2 (labels, routes) and §6 (what is
 * hidden), independent of domain/menu.ts, so a wrong table there cannot agree with itself.
 * groups: the group headings shown; links: every menu link as "label path".
 */
export interface HandMenu {
  groups: string[];
  links: string[];
}

const DEPOSIT = [
  'In Progress /app/deposit/progress',
  'Completed /app/deposit/completed',
  'Dropped /app/deposit/dropped',
  'All /app/deposit/all',
];
const WITHDRAWALS = [
  'In Progress /app/withdrawal/progress',
  'Completed /app/withdrawal/completed',
  'All /app/withdrawal/all',
];

const EVERYTHING: HandMenu = {
  groups: ['Deposit', 'Withdrawals', 'Settlements', 'Vendor Settlements', 'User', 'Reports'],
  links: [
    'Dashboard /app/dashboard',
    'Vendor Board /app/vendor-board',
    'Add data /app/add-data',
    ...DEPOSIT,
    ...WITHDRAWALS,
    'Accounts /app/settlements',
    'Accounts /app/vendorsettlements',
    'ChargeBack /app/lien',
    'Merchant /app/merchant',
    'Bank Accounts /app/bank-accounts',
    'Vendor /app/vendor',
    'Roles /app/user',
    'Payins /app/payin',
    'Vendor Payins /app/vendorpayin',
    'Payouts /app/payout',
    'Vendor Payouts /app/vendorpayout',
    'Accounts /app/report',
    'Vendor Accounts /app/vendorreport',
  ],
};

/** ADMIN's screens outside the spec's sidebar, in a group of their own at its end (issue 13). */
const ADMIN_GROUP: HandMenu = {
  groups: ['Admin'],
  links: ['Payment Providers /app/providers', 'Provider Events /app/provider-events', 'Audit Log /app/audit-events'],
};

export const MENUS_BY_HAND: Record<Role, HandMenu> = {
  ADMIN: { groups: [...EVERYTHING.groups, ...ADMIN_GROUP.groups], links: [...EVERYTHING.links, ...ADMIN_GROUP.links] },
  TRANSACTIONS: EVERYTHING,
  MERCHANT: {
    groups: ['Deposit', 'Withdrawals', 'Settlements', 'User', 'Reports'],
    links: [
      'Dashboard /app/dashboard',
      ...DEPOSIT,
      ...WITHDRAWALS,
      'Accounts /app/settlements',
      'ChargeBack /app/lien',
      'Roles /app/user',
      'Payins /app/payin',
      'Payouts /app/payout',
      'Accounts /app/report',
    ],
  },
  MERCHANT_ADMIN: {
    groups: ['Deposit', 'Withdrawals', 'Settlements', 'User', 'Reports'],
    links: [
      'Dashboard /app/dashboard',
      ...DEPOSIT,
      ...WITHDRAWALS,
      'Accounts /app/settlements',
      'ChargeBack /app/lien',
      'Merchant /app/merchant',
      'Roles /app/user',
      'Payins /app/payin',
      'Payouts /app/payout',
      'Accounts /app/report',
    ],
  },
  MERCHANT_OPERATIONS: {
    groups: ['Deposit', 'Withdrawals', 'Reports'],
    links: ['Dashboard /app/dashboard', ...DEPOSIT, ...WITHDRAWALS, 'Payins /app/payin', 'Payouts /app/payout'],
  },
  OPERATIONS: {
    groups: ['Deposit', 'Withdrawals', 'Reports'],
    links: [
      'Dashboard /app/dashboard',
      'Add data /app/add-data',
      ...DEPOSIT,
      ...WITHDRAWALS,
      'Bank Accounts /app/bank-accounts',
      'Payins /app/payin',
      'Vendor Payins /app/vendorpayin',
      'Payouts /app/payout',
      'Vendor Payouts /app/vendorpayout',
    ],
  },
  VENDOR: {
    groups: ['Deposit', 'Withdrawals', 'Vendor Settlements', 'User', 'Reports'],
    links: [
      'Vendor Board /app/vendor-board',
      ...DEPOSIT,
      ...WITHDRAWALS,
      'Accounts /app/vendorsettlements',
      'Bank Accounts /app/bank-accounts',
      'Roles /app/user',
      'Vendor Payins /app/vendorpayin',
      'Vendor Payouts /app/vendorpayout',
      'Vendor Accounts /app/vendorreport',
    ],
  },
  VENDOR_OPERATIONS: {
    groups: ['Deposit', 'Withdrawals', 'Vendor Settlements', 'Reports'],
    links: [
      'Vendor Board /app/vendor-board',
      ...DEPOSIT,
      ...WITHDRAWALS,
      'Accounts /app/vendorsettlements',
      'Bank Accounts /app/bank-accounts',
      'Vendor Payins /app/vendorpayin',
      'Vendor Payouts /app/vendorpayout',
    ],
  },
};
