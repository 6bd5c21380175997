import VendorIcon from '@mui/icons-material/LocalShippingOutlined';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const VendorCreate = lazyScreen(() => import('./VendorCreate'), 'VendorCreate');
const VendorEdit = lazyScreen(() => import('./VendorEdit'), 'VendorEdit');
const VendorList = lazyScreen(() => import('./VendorList'), 'VendorList');
const VendorShow = lazyScreen(() => import('./VendorShow'), 'VendorShow');

/** /app/vendor: the vendors who supply bank accounts and process pay-outs. */
export default {
  list: VendorList,
  show: VendorShow,
  edit: VendorEdit,
  create: VendorCreate,
  icon: VendorIcon,
  recordRepresentation: 'code',
} satisfies ResourceConfig;
