import WebhookIcon from '@mui/icons-material/Webhook';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const ProviderEventList = lazyScreen(() => import('./ProviderEventList'), 'ProviderEventList');
const ProviderEventShow = lazyScreen(() => import('./ProviderEventShow'), 'ProviderEventShow');

/** /app/provider-events (ADMIN, outside the menu): every webhook the payment providers sent, and how it ended. */
export default {
  list: ProviderEventList,
  show: ProviderEventShow,
  icon: WebhookIcon,
  recordRepresentation: (record) => `${record.provider} ${record.eventType ?? record.id}`,
} satisfies ResourceConfig;
