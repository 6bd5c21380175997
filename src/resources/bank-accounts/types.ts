import type { ApprovalStatus, UsedFor } from '../../../domain/bank-account';

/** A vendor's bank account as the API shows it. */
export interface BankAccount {
  id: string;
  nickname: string;
  bankName: string;
  holderName: string;
  /** Masked by the server except for the roles that need the full number. */
  accountNumber: string;
  ifsc: string;
  upiId: string | null;
  usedFor: UsedFor;
  showQr: boolean;
  showBankDetails: boolean;
  minPayin: number;
  maxPayin: number;
  dailyLimit: number | null;
  enabled: boolean;
  vendorId: string;
  vendorCode: string;
  merchantCodes: string[];
  createdBy: string | null;
  /** Maker-checker (domain/bank-account): a PAYIN account takes pay-ins only once APPROVED. */
  approval: ApprovalStatus;
  approvedBy: string | null;
  approvedAt: string | null;
  /** While awaiting approval: the users who made what awaits it; none of them may approve it. */
  makers: string[];
  /**
   * In list rows, rupees over the IST days of the filter (today by default): a pay-in account's
   * bank entries, a pay-out account's pay-outs paid from it.
   */
  balance?: number;
  createdAt: string;
  updatedAt: string;
}
