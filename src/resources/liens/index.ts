import ChargeBackIcon from '@mui/icons-material/AssignmentReturnOutlined';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const LienList = lazyScreen(() => import('./LienList'), 'LienList');
const LienShow = lazyScreen(() => import('./LienShow'), 'LienShow');

/** /app/lien ("ChargeBack"): chargebacks over /v1/liens. */
export default {
  list: LienList,
  show: LienShow,
  icon: ChargeBackIcon,
  recordRepresentation: (record) => String(record.merchantOrderId ?? record.id),
} satisfies ResourceConfig;
