import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import type { ResourceConfig } from '../types';
import { BankAccountCreate } from './BankAccountCreate';
import { BankAccountEdit } from './BankAccountEdit';
import { BankAccountList } from './BankAccountList';
import { BankAccountShow } from './BankAccountShow';

/** /app/bank-accounts: the vendors' accounts customers pay into and pay-outs are made from. */
export default {
  list: BankAccountList,
  show: BankAccountShow,
  edit: BankAccountEdit,
  create: BankAccountCreate,
  icon: BankIcon,
  recordRepresentation: 'nickname',
} satisfies ResourceConfig;
