import VendorIcon from '@mui/icons-material/LocalShippingOutlined';
import type { ResourceConfig } from '../types';
import { VendorCreate } from './VendorCreate';
import { VendorEdit } from './VendorEdit';
import { VendorList } from './VendorList';
import { VendorShow } from './VendorShow';

/** /app/vendor: the vendors who supply bank accounts and process pay-outs. */
export default {
  list: VendorList,
  show: VendorShow,
  edit: VendorEdit,
  create: VendorCreate,
  icon: VendorIcon,
  recordRepresentation: 'code',
} satisfies ResourceConfig;
