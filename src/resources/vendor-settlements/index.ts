import AccountsIcon from '@mui/icons-material/AccountBalanceOutlined';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';
import { VENDOR_SETTLEMENTS } from './kind';

const VendorSettlementsList = lazyScreen(() => import('./VendorSettlementsList'), 'VendorSettlementsList');

/** /app/vendorsettlements: vendor settlements over /v1/vendor-settlements. */
export default {
  list: VendorSettlementsList,
  show: lazyScreen(
    () =>
      import('../settlements/SettlementShow').then((m) => ({
        SettlementShow: m.settlementShowOf(VENDOR_SETTLEMENTS),
      })),
    'SettlementShow',
  ),
  icon: AccountsIcon,
  recordRepresentation: (record) => String(record.id).slice(0, 8),
} satisfies ResourceConfig;
