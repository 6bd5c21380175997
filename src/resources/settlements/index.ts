import AccountsIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import type { ResourceConfig } from '../types';
import { MERCHANT_SETTLEMENTS } from './kind';
import { settlementShowOf } from './SettlementShow';
import { SettlementsList } from './SettlementsList';

/** /app/settlements: merchant settlements over /v1/settlements. */
export default {
  list: SettlementsList,
  show: settlementShowOf(MERCHANT_SETTLEMENTS),
  icon: AccountsIcon,
  recordRepresentation: (record) => String(record.id).slice(0, 8),
} satisfies ResourceConfig;
