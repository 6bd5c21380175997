import { PAYIN_STATUSES, PAYMENT_SOURCES } from '../../../domain/payin';
import { PAYOUT_METHODS, PAYOUT_STATUSES } from '../../../domain/payout';
import { VENDOR_PAYIN_STATUSES } from '../../../domain/reports';
import { statusChoices } from '../../i18n/codeLabels';
import { columnsOf, type ReportColumn, type Report } from './report';
import type {
  AccountsReportRow,
  PayinReportRow,
  PayoutReportRow,
  VendorAccountsReportRow,
  VendorPayinReportRow,
  VendorPayoutReportRow,
} from './types';

/** The six Reports screens (issue 13), in the current console's column order. */

const asIs = (values: readonly string[]) => values.map((id) => ({ id, name: id }));
const translated = (values: readonly string[], group: string) =>
  values.map((id) => ({ id, name: `app.reports.${group}.${id}` }));

const payin = columnsOf<PayinReportRow>();
export const PAYINS_REPORT: Report<PayinReportRow> = {
  screen: 'payin',
  api: 'reports/payins',
  party: 'merchants',
  statuses: statusChoices(PAYIN_STATUSES),
  methods: asIs(PAYMENT_SOURCES),
  columns: [
    payin.text('id'),
    payin.text('shortCode'),
    payin.money('fee'),
    payin.money('requestedAmount'),
    payin.text('utr'),
    payin.money('receivedAmount'),
    payin.status('status'),
    payin.text('bank'),
    payin.text('merchantCode'),
    payin.text('customerId'),
    payin.text('merchantOrderId'),
    payin.time('initiatedAt'),
    payin.time('confirmedAt'),
  ],
};

const vendorPayin = columnsOf<VendorPayinReportRow>();
export const VENDOR_PAYINS_REPORT: Report<VendorPayinReportRow> = {
  screen: 'vendorpayin',
  api: 'reports/vendor-payins',
  party: 'vendors',
  statuses: translated(VENDOR_PAYIN_STATUSES, 'used'),
  columns: [
    vendorPayin.text('id'),
    vendorPayin.text('vendorCode'),
    vendorPayin.text('utr'),
    vendorPayin.money('amount'),
    {
      source: 'status',
      label: 'used',
      render: (row, translate) => translate(`app.reports.used.${row.status}`),
    },
    vendorPayin.text('bank'),
    vendorPayin.time('receivedAt'),
  ],
};

/** Both pay-out reports: the same columns, with the merchant or the vendor after the UTR. */
const payoutColumns = <R extends PayoutReportRow | VendorPayoutReportRow>(
  party: ReportColumn<R>,
): ReportColumn<R>[] => {
  const c = columnsOf<PayoutReportRow | VendorPayoutReportRow>();
  return [
    c.text('id'),
    c.status('status'),
    c.text('description'),
    c.money('amount'),
    c.money('fee'),
    c.text('utr'),
    party,
    c.text('merchantOrderId'),
    c.text('customerId'),
    c.text('accountNumber'),
    c.text('accountHolder'),
    c.text('ifsc'),
    c.time('initiatedAt'),
    c.time('confirmedAt'),
  ];
};

const PAYOUT_FILTERS = { statuses: statusChoices(PAYOUT_STATUSES), methods: translated(PAYOUT_METHODS, 'methods') };

export const PAYOUTS_REPORT: Report<PayoutReportRow> = {
  ...PAYOUT_FILTERS,
  screen: 'payout',
  api: 'reports/payouts',
  party: 'merchants',
  columns: payoutColumns<PayoutReportRow>({ source: 'merchantCode' }),
};

export const VENDOR_PAYOUTS_REPORT: Report<VendorPayoutReportRow> = {
  ...PAYOUT_FILTERS,
  screen: 'vendorpayout',
  api: 'reports/vendor-payouts',
  party: 'vendors',
  columns: payoutColumns<VendorPayoutReportRow>({ source: 'vendorCode' }),
};

const accounts = columnsOf<AccountsReportRow>();
export const ACCOUNTS_REPORT: Report<AccountsReportRow> = {
  screen: 'report',
  api: 'reports/accounts',
  party: 'merchants',
  rowId: (row) => `${row.merchantCode}/${row.day}`,
  columns: [
    accounts.text('merchantCode'),
    accounts.day('day'),
    accounts.count('payinCount'),
    accounts.money('payinAmount'),
    accounts.money('payinFee'),
    accounts.count('payoutCount'),
    accounts.money('payoutAmount'),
    accounts.money('payoutFee'),
    accounts.count('reversedCount'),
    accounts.money('reversedAmount'),
    accounts.count('settlementCount'),
    accounts.money('settlementAmount'),
    accounts.count('chargebackCount'),
    accounts.money('chargebackAmount'),
    accounts.money('balance'),
    accounts.money('netBalance'),
  ],
};

const vendorAccounts = columnsOf<VendorAccountsReportRow>();
const vendorOf = (row: VendorAccountsReportRow) => row.vendorCode;
export const VENDOR_ACCOUNTS_REPORT: Report<VendorAccountsReportRow> = {
  screen: 'vendorreport',
  api: 'reports/vendor-accounts',
  party: 'vendors',
  rowId: (row) => `${row.vendorCode}/${row.day}`,
  columns: [
    vendorAccounts.text('vendorCode'),
    vendorAccounts.day('day'),
    vendorAccounts.count('collectedCount'),
    vendorAccounts.money('collectedAmount'),
    vendorAccounts.count('payinCount'),
    vendorAccounts.money('payinAmount'),
    vendorAccounts.count('payoutCount'),
    vendorAccounts.money('payoutAmount'),
    vendorAccounts.count('reversedCount'),
    vendorAccounts.money('reversedAmount'),
    vendorAccounts.money('commission'),
    vendorAccounts.count('settlementCount'),
    vendorAccounts.money('settlementAmount'),
    vendorAccounts.position('balance', vendorOf),
    vendorAccounts.position('netBalance', vendorOf),
  ],
};
