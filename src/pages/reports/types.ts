import type { PayinStatus } from '../../../domain/payin';
import type { PayoutStatus } from '../../../domain/payout';
import type { VendorPayinStatus } from '../../../domain/reports';

/**
 * The rows of the six reports as GET /v1/reports/<report> answers them: amounts in rupees, times
 * as ISO instants, `day` an IST calendar day (yyyy-mm-dd).
 */
export interface PayinReportRow {
  id: string;
  shortCode: string;
  fee: number;
  requestedAmount: number;
  utr: string | null;
  receivedAmount: number | null;
  status: PayinStatus;
  bank: string | null;
  merchantCode: string;
  customerId: string;
  merchantOrderId: string;
  initiatedAt: string;
  confirmedAt: string | null;
}

export interface VendorPayinReportRow {
  id: string;
  vendorCode: string;
  utr: string;
  amount: number;
  /** Used once a pay-in or an internal transfer took the bank entry. */
  status: VendorPayinStatus;
  bank: string | null;
  receivedAt: string;
}

interface PayoutReportFields {
  id: string;
  status: PayoutStatus;
  description: string | null;
  amount: number;
  /** Null for vendor users on Vendor Payouts. */
  fee: number | null;
  utr: string | null;
  merchantOrderId: string | null;
  customerId: string;
  accountNumber: string | null;
  accountHolder: string | null;
  ifsc: string | null;
  initiatedAt: string;
  confirmedAt: string | null;
}

export interface PayoutReportRow extends PayoutReportFields {
  merchantCode: string;
}

export interface VendorPayoutReportRow extends PayoutReportFields {
  vendorCode: string;
}

/** A merchant's day: `balance` what the day added, `netBalance` the running balance at its end. */
export interface AccountsReportRow {
  merchantCode: string;
  day: string;
  payinCount: number;
  payinAmount: number;
  payinFee: number;
  payoutCount: number;
  payoutAmount: number;
  payoutFee: number;
  reversedCount: number;
  reversedAmount: number;
  settlementCount: number;
  settlementAmount: number;
  chargebackCount: number;
  chargebackAmount: number;
  balance: number;
  netBalance: number;
}

/** A vendor's day: a positive balance is the gateway's money the vendor holds. */
export interface VendorAccountsReportRow {
  vendorCode: string;
  day: string;
  collectedCount: number;
  collectedAmount: number;
  payinCount: number;
  payinAmount: number;
  payoutCount: number;
  payoutAmount: number;
  reversedCount: number;
  reversedAmount: number;
  commission: number;
  settlementCount: number;
  settlementAmount: number;
  balance: number;
  netBalance: number;
}
