import ChargeBackIcon from '@mui/icons-material/AssignmentReturnOutlined';
import type { ResourceConfig } from '../types';
import { LienList } from './LienList';
import { LienShow } from './LienShow';

/** /app/lien ("ChargeBack"): chargebacks over /v1/liens. */
export default {
  list: LienList,
  show: LienShow,
  icon: ChargeBackIcon,
  recordRepresentation: (record) => String(record.merchantOrderId ?? record.id),
} satisfies ResourceConfig;
