import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const AddDataScreen = lazyScreen(() => import('./AddDataScreen'), 'AddDataScreen');

/** /app/add-data: the credits seen on the pay-in banks' statements (API resource bank-entries). */
export default {
  list: AddDataScreen,
  icon: ReceiptIcon,
  recordRepresentation: 'utr',
} satisfies ResourceConfig;
