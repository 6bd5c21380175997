import type { ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../domain/roles';
import {
  AccountsReport,
  PayinsReport,
  PayoutsReport,
  VendorAccountsReport,
  VendorPayinsReport,
  VendorPayoutsReport,
} from './screens';
import {
  ACCOUNTS,
  PAYIN,
  PAYOUT,
  VENDOR_ACCOUNTS,
  VENDOR_PAYINS,
  fakeApi,
  headers,
  press,
  queriesOf,
  renderReport,
  rowOf,
} from './testing';

afterEach(() => vi.unstubAllGlobals());

interface Case {
  Screen: ComponentType;
  role: Role;
  path: string;
  row: object;
  /** A cell that names the row, then texts it must show. */
  cells: string[];
  columns: string[];
  filters: string[];
}

// A row's UUID is not shown: the row opens its record (the CSV keeps the ID).
const PAYOUT_COLUMNS = (party: string) => [
  'Status',
  'Description',
  'Amount',
  'Fee',
  'UTR',
  party,
  'Merchant Order Id',
  'Customer',
  'Account Number',
  'Holder',
  'IFSC',
  'Initiated At (IST)',
  'Confirmed At (IST)',
];
const PAYOUT_CELLS = ['₹20,000.00', '₹200.00', 'Reversed: bank returned it', '21/11/2026 at 09:30:00 AM'];
const COUNTS_AND_AMOUNTS = (kinds: string[]) => kinds.flatMap((k) => [`${k} Count`, `${k} Amount`]);

const CASES: Record<string, Case> = {
  Payins: {
    Screen: PayinsReport,
    role: 'MERCHANT_ADMIN',
    path: 'reports/payins',
    row: PAYIN,
    cells: ['K7Q2', 'ALPHA-HDFC', 'order-1001'],
    columns: [
      'Short Code',
      'Fee',
      'Requested Amount',
      'UTR',
      'Received Amount',
      'Status',
      'Bank',
      'Merchant',
      'Customer',
      'Merchant Order Id',
      'Initiated At (IST)',
      'Confirmed At (IST)',
    ],
    filters: ['Merchant Codes', 'Status', 'Method'],
  },
  'Vendor Payins': {
    Screen: VendorPayinsReport,
    role: 'ADMIN',
    path: 'reports/vendor-payins',
    row: VENDOR_PAYINS[0],
    cells: ['₹2,500.00', 'Used', '20/11/2026 at 12:00:00 PM'],
    columns: ['Vendor', 'UTR', 'Amount', 'Used / Un-Used', 'Bank', 'Received At (IST)'],
    filters: ['Vendor Codes', 'Status'],
  },
  Payouts: {
    Screen: PayoutsReport,
    role: 'MERCHANT_OPERATIONS',
    path: 'reports/payouts',
    row: PAYOUT,
    cells: PAYOUT_CELLS,
    columns: PAYOUT_COLUMNS('Merchant'),
    filters: ['Merchant Codes', 'Status', 'Method'],
  },
  'Vendor Payouts': {
    Screen: VendorPayoutsReport,
    role: 'TRANSACTIONS',
    path: 'reports/vendor-payouts',
    row: { ...PAYOUT, merchantCode: undefined, vendorCode: 'VEN-ALPHA' },
    cells: [...PAYOUT_CELLS, 'VEN-ALPHA'],
    columns: PAYOUT_COLUMNS('Vendor'),
    filters: ['Vendor Codes', 'Status', 'Method'],
  },
  Accounts: {
    Screen: AccountsReport,
    role: 'MERCHANT',
    path: 'reports/accounts',
    row: ACCOUNTS,
    cells: ['25/11/2026', '₹1,50,000.00', '₹3,000.00', '₹75,100.00', '-₹1,250.50'],
    columns: [
      'Merchant',
      'Day (IST)',
      'Payin Count',
      'Payin Amount',
      'Payin Fee',
      'Payout Count',
      'Payout Amount',
      'Payout Fee',
      ...COUNTS_AND_AMOUNTS(['Reversed', 'Settlement', 'ChargeBack']),
      'Balance',
      'Net Balance',
    ],
    filters: ['Merchant Codes'],
  },
  'Vendor Accounts': {
    Screen: VendorAccountsReport,
    role: 'VENDOR',
    path: 'reports/vendor-accounts',
    row: VENDOR_ACCOUNTS,
    cells: [
      '24/11/2026',
      '₹9,000.00',
      '₹90.00',
      'VEN-ALPHA owes the gateway ₹500.00',
      'The gateway owes VEN-ALPHA ₹200.00',
    ],
    columns: [
      'Vendor',
      'Day (IST)',
      ...COUNTS_AND_AMOUNTS(['Collected', 'Payin', 'Payout', 'Reversed']),
      'Commission',
      'Settlement Count',
      'Settlement Amount',
      'Balance',
      'Net Balance',
    ],
    filters: [],
  },
};

describe('each report', () => {
  it.each(Object.entries(CASES))('%s shows its own filters and columns', async (_, c) => {
    const calls = fakeApi({ [c.path]: { data: [c.row], total: 1 } });
    renderReport(c.Screen, c.role);
    expect(screen.queryAllByRole('combobox')).toHaveLength(c.filters.length);
    for (const name of c.filters) expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    press('Search');
    const tr = await rowOf(c.cells[0]);
    expect(headers()).toEqual(c.columns);
    for (const text of c.cells) expect(within(tr).getByText(text)).toBeInTheDocument();
    const sent = Object.fromEntries(queriesOf(calls, c.path)[0]);
    expect([sent.page, sent.pageSize]).toEqual(['1', '25']);
    expect(sent.includeSubMerchants).toBe(c.filters.includes('Merchant Codes') ? 'false' : undefined);
  });
});
