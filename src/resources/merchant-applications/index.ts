import ApplicationIcon from '@mui/icons-material/AssignmentOutlined';
import type { ResourceConfig } from '../types';
import { ApplicationList } from './ApplicationList';
import { ApplicationShow } from './ApplicationShow';

/** /app/merchant-applications (ADMIN, outside the menu): on-boarding applications to approve or reject. */
export default {
  list: ApplicationList,
  show: ApplicationShow,
  icon: ApplicationIcon,
  recordRepresentation: 'businessName',
} satisfies ResourceConfig;
