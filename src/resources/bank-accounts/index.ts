import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import type { UsedFor } from '../../../domain/bank-account';
import type { ResourceConfig } from '../types';
import { BankAccountCreate } from './BankAccountCreate';
import { BankAccountEdit } from './BankAccountEdit';
import { BankAccountList } from './BankAccountList';
import { BankAccountShow } from './BankAccountShow';

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

/** /app/bank-accounts: the vendors' accounts customers pay into and pay-outs are made from. */
export default {
  list: BankAccountList,
  show: BankAccountShow,
  edit: BankAccountEdit,
  create: BankAccountCreate,
  icon: BankIcon,
  recordRepresentation: 'nickname',
} satisfies ResourceConfig;
