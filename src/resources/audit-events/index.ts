import HistoryIcon from '@mui/icons-material/History';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const AuditEventList = lazyScreen(() => import('./AuditEventList'), 'AuditEventList');

/** /app/audit-events (ADMIN, outside the menu): who changed what, and when. */
export default {
  list: AuditEventList,
  icon: HistoryIcon,
  recordRepresentation: (record) => `${record.action} ${record.entity}`,
} satisfies ResourceConfig;
