import ApplicationIcon from '@mui/icons-material/AssignmentOutlined';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const ApplicationList = lazyScreen(() => import('./ApplicationList'), 'ApplicationList');
const ApplicationShow = lazyScreen(() => import('./ApplicationShow'), 'ApplicationShow');

/** /app/merchant-applications (ADMIN, outside the menu): on-boarding applications to approve or reject. */
export default {
  list: ApplicationList,
  show: ApplicationShow,
  icon: ApplicationIcon,
  recordRepresentation: 'businessName',
} satisfies ResourceConfig;
