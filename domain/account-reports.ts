import type { ReportColumn } from './reports';

/**
 * The Accounts and Vendor Accounts reports (issue 13, item 4): a row per party per IST day with
 * the counts and sums of its money, the day's balance and the running one (reference: the current
 * console's weekly statements). Amounts are rupees; `day` an IST date.
 */
const count = (key: string, header: string): ReportColumn => ({ key, header, kind: 'text' });
const amount = (key: string, header: string): ReportColumn => ({ key, header, kind: 'amount' });
const day: ReportColumn = { key: 'day', header: 'Day (IST)', kind: 'day' };
const balances = [amount('balance', 'Balance'), amount('netBalance', 'Net Balance')];

export const ACCOUNTS_COLUMNS: readonly ReportColumn[] = [
  count('merchantCode', 'Merchant'),
  day,
  count('payinCount', 'Payin Count'),
  amount('payinAmount', 'Payin Amount'),
  amount('payinFee', 'Payin Fee'),
  count('payoutCount', 'Payout Count'),
  amount('payoutAmount', 'Payout Amount'),
  amount('payoutFee', 'Payout Fee'),
  count('reversedCount', 'Reversed Count'),
  amount('reversedAmount', 'Reversed Amount'),
  count('settlementCount', 'Settlement Count'),
  amount('settlementAmount', 'Settlement Amount'),
  count('chargebackCount', 'ChargeBack Count'),
  amount('chargebackAmount', 'ChargeBack Amount'),
  ...balances,
];

/** A vendor's balance is what it holds of the gateway's money: positive, the vendor owes the gateway. */
export const VENDOR_ACCOUNTS_COLUMNS: readonly ReportColumn[] = [
  count('vendorCode', 'Vendor'),
  day,
  count('collectedCount', 'Collected Count'),
  amount('collectedAmount', 'Collected Amount'),
  count('payinCount', 'Payin Count'),
  amount('payinAmount', 'Payin Amount'),
  count('payoutCount', 'Payout Count'),
  amount('payoutAmount', 'Payout Amount'),
  count('reversedCount', 'Reversed Count'),
  amount('reversedAmount', 'Reversed Amount'),
  amount('commission', 'Commission'),
  count('settlementCount', 'Settlement Count'),
  amount('settlementAmount', 'Settlement Amount'),
  ...balances,
];
