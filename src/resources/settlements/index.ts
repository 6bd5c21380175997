import AccountsIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import type { ResourceConfig } from '../types';
import { MERCHANT_SETTLEMENTS } from './kind';
import { lazyScreen } from '../../layout/lazyScreen';

const SettlementsList = lazyScreen(() => import('./SettlementsList'), 'SettlementsList');

/** /app/settlements: merchant settlements over /v1/settlements. */
export default {
  list: SettlementsList,
  show: lazyScreen(
    () => import('./SettlementShow').then((m) => ({ SettlementShow: m.settlementShowOf(MERCHANT_SETTLEMENTS) })),
    'SettlementShow',
  ),
  icon: AccountsIcon,
  recordRepresentation: (record) => String(record.id).slice(0, 8),
} satisfies ResourceConfig;
