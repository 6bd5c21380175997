import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import type { ResourceConfig } from '../types';
import { ProviderList } from './ProviderList';

/** /app/providers (ADMIN, outside the menu): the payment providers' accounts a customer may pay through. */
export default {
  list: ProviderList,
  icon: PaymentsIcon,
  recordRepresentation: 'label',
} satisfies ResourceConfig;
