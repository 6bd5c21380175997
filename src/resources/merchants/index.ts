import MerchantIcon from '@mui/icons-material/StorefrontOutlined';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const MerchantCreate = lazyScreen(() => import('./MerchantCreate'), 'MerchantCreate');
const MerchantEdit = lazyScreen(() => import('./MerchantEdit'), 'MerchantEdit');
const MerchantList = lazyScreen(() => import('./MerchantList'), 'MerchantList');
const MerchantShow = lazyScreen(() => import('./MerchantShow'), 'MerchantShow');

/** /app/merchant: merchants and their sub-merchants, limits, fees and keys. */
export default {
  list: MerchantList,
  show: MerchantShow,
  edit: MerchantEdit,
  create: MerchantCreate,
  icon: MerchantIcon,
  recordRepresentation: 'code',
} satisfies ResourceConfig;
