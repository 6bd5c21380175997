import AccountsIcon from '@mui/icons-material/AccountBalanceOutlined';
import { settlementShowOf } from '../settlements/SettlementShow';
import type { ResourceConfig } from '../types';
import { VENDOR_SETTLEMENTS } from './kind';
import { VendorSettlementsList } from './VendorSettlementsList';

/** /app/vendorsettlements: vendor settlements over /v1/vendor-settlements. */
export default {
  list: VendorSettlementsList,
  show: settlementShowOf(VENDOR_SETTLEMENTS),
  icon: AccountsIcon,
  recordRepresentation: (record) => String(record.id).slice(0, 8),
} satisfies ResourceConfig;
