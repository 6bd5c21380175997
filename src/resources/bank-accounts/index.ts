import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const BankAccountCreate = lazyScreen(() => import('./BankAccountCreate'), 'BankAccountCreate');
const BankAccountEdit = lazyScreen(() => import('./BankAccountEdit'), 'BankAccountEdit');
const BankAccountList = lazyScreen(() => import('./BankAccountList'), 'BankAccountList');
const BankAccountShow = lazyScreen(() => import('./BankAccountShow'), 'BankAccountShow');

/** /app/bank-accounts: the vendors' accounts customers pay into and pay-outs are made from. */
export default {
  list: BankAccountList,
  show: BankAccountShow,
  edit: BankAccountEdit,
  create: BankAccountCreate,
  icon: BankIcon,
  recordRepresentation: 'nickname',
} satisfies ResourceConfig;
