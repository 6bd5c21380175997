import MerchantIcon from '@mui/icons-material/StorefrontOutlined';
import type { ResourceConfig } from '../types';
import { MerchantCreate } from './MerchantCreate';
import { MerchantEdit } from './MerchantEdit';
import { MerchantList } from './MerchantList';
import { MerchantShow } from './MerchantShow';

/** /app/merchant: merchants and their sub-merchants, limits, fees and keys. */
export default {
  list: MerchantList,
  show: MerchantShow,
  edit: MerchantEdit,
  create: MerchantCreate,
  icon: MerchantIcon,
  recordRepresentation: 'code',
} satisfies ResourceConfig;
