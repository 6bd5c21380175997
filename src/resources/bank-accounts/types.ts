import type { UsedFor } from '../../../domain/bank-account';

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
  createdAt: string;
  updatedAt: string;
}
