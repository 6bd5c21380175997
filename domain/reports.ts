import { IST_OFFSET_MS, formatIstDay } from './format';
import { rupeesToPaise } from './money';

/**
 * The four row reports (issue 13, item 4): Payins, Vendor Payins, Payouts and Vendor Payouts. Each
 * one's columns, in order, with the header its CSV writes and the dashboard shows; `kind` says how
 * a cell is written: an instant in IST, rupees with two decimals, or text as it is.
 */
export const ROW_REPORTS = ['payins', 'vendor-payins', 'payouts', 'vendor-payouts'] as const;
export type RowReport = (typeof ROW_REPORTS)[number];

export type ReportCellKind = 'text' | 'amount' | 'time' | 'day';

export interface ReportColumn {
  key: string;
  header: string;
  kind: ReportCellKind;
}

const text = (key: string, header: string): ReportColumn => ({ key, header, kind: 'text' });
const amount = (key: string, header: string): ReportColumn => ({ key, header, kind: 'amount' });
const time = (key: string, header: string): ReportColumn => ({ key, header, kind: 'time' });

const payoutColumns = (party: ReportColumn): ReportColumn[] => [
  text('id', 'ID'),
  text('status', 'Status'),
  text('description', 'Description'),
  amount('amount', 'Amount'),
  amount('fee', 'Fee'),
  text('utr', 'UTR'),
  party,
  text('merchantOrderId', 'Merchant Order Id'),
  text('customerId', 'Customer'),
  text('accountNumber', 'Account Number'),
  text('accountHolder', 'Holder'),
  text('ifsc', 'IFSC'),
  time('initiatedAt', 'Initiated At (IST)'),
  time('confirmedAt', 'Confirmed At (IST)'),
];

export const REPORT_COLUMNS: Record<RowReport, readonly ReportColumn[]> = {
  payins: [
    text('id', 'ID'),
    text('shortCode', 'Short Code'),
    amount('fee', 'Fee'),
    amount('requestedAmount', 'Requested Amount'),
    text('utr', 'UTR'),
    amount('receivedAmount', 'Received Amount'),
    text('status', 'Status'),
    text('bank', 'Bank'),
    text('merchantCode', 'Merchant'),
    text('customerId', 'Customer'),
    text('merchantOrderId', 'Merchant Order Id'),
    time('initiatedAt', 'Initiated At (IST)'),
    time('confirmedAt', 'Confirmed At (IST)'),
  ],
  'vendor-payins': [
    text('id', 'ID'),
    text('vendorCode', 'Vendor'),
    text('utr', 'UTR'),
    amount('amount', 'Amount'),
    text('status', 'Used / Un-Used'),
    text('bank', 'Bank'),
    time('receivedAt', 'Received At (IST)'),
  ],
  payouts: payoutColumns(text('merchantCode', 'Merchant')),
  'vendor-payouts': payoutColumns(text('vendorCode', 'Vendor')),
};

/** Vendor Payins: a bank entry is Used once a pay-in or an internal transfer took it. */
export const VENDOR_PAYIN_STATUSES = ['Used', 'Un-Used'] as const;
export type VendorPayinStatus = (typeof VENDOR_PAYIN_STATUSES)[number];

/**
 * The time a report's date range applies to: when it was created, except that a report of
 * successful rows alone (status exactly SUCCESS) is read by when they were confirmed.
 */
export const rangeOnConfirmation = (statuses: readonly string[] | undefined): boolean =>
  statuses !== undefined && statuses.length > 0 && statuses.every((s) => s === 'SUCCESS');

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as 'dd/mm/yyyy hh:mm:ss' (24-hour) in IST; '' when missing or invalid. */
export const istTimestamp = (value: string | Date | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return '';
  const ist = new Date(ms + IST_OFFSET_MS);
  const day = `${pad(ist.getUTCDate())}/${pad(ist.getUTCMonth() + 1)}/${ist.getUTCFullYear()}`;
  return `${day} ${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())}:${pad(ist.getUTCSeconds())}`;
};

/** Rupees as text with exactly two decimals (1234.5 -> '1234.50'), read exactly through paise; '' when missing. */
export const amountText = (rupees: number | null | undefined): string => {
  if (rupees === null || rupees === undefined) return '';
  const paise = rupeesToPaise(rupees);
  const whole = Math.floor(Math.abs(paise) / 100);
  return `${paise < 0 ? '-' : ''}${whole}.${pad(Math.abs(paise) % 100)}`;
};

/** A report row as its CSV cells: every column written by its kind, an empty cell for a missing value. */
export const reportCells = (columns: readonly ReportColumn[], row: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    columns.map((c) => {
      const value = row[c.key];
      if (c.kind === 'time') return [c.key, istTimestamp(value as string | null | undefined)];
      if (c.kind === 'amount') return [c.key, amountText(value as number | null | undefined)];
      if (c.kind === 'day') return [c.key, formatIstDay(value as string | null | undefined)];
      return [c.key, value === null || value === undefined ? '' : String(value)];
    }),
  );
