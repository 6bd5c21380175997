import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const ProviderList = lazyScreen(() => import('./ProviderList'), 'ProviderList');

/** /app/providers (ADMIN, outside the menu): the payment providers' accounts a customer may pay through. */
export default {
  list: ProviderList,
  icon: PaymentsIcon,
  recordRepresentation: 'label',
} satisfies ResourceConfig;
