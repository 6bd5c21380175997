import WebhookIcon from '@mui/icons-material/Webhook';
import type { ResourceConfig } from '../types';
import { ProviderEventList } from './ProviderEventList';
import { ProviderEventShow } from './ProviderEventShow';

/** /app/provider-events (ADMIN, outside the menu): every webhook the payment providers sent, and how it ended. */
export default {
  list: ProviderEventList,
  show: ProviderEventShow,
  icon: WebhookIcon,
  recordRepresentation: (record) => `${record.provider} ${record.eventType ?? record.id}`,
} satisfies ResourceConfig;
