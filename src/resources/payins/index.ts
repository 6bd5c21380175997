import DepositIcon from '@mui/icons-material/SavingsOutlined';
import type { PayinView } from '../../../domain/payin';
import type { ResourceConfig } from '../types';
import { payinListOf } from './PayinList';
import { PayinShow } from './PayinShow';

const screen = (view: PayinView): ResourceConfig => ({
  list: payinListOf(view),
  show: PayinShow,
  icon: DepositIcon,
  recordRepresentation: 'shortCode',
});

/** /app/deposit/progress, /completed, /dropped and /all: one list over /v1/payins, each screen with its statuses. */
export default {
  progress: screen('progress'),
  completed: screen('completed'),
  dropped: screen('dropped'),
  all: screen('all'),
} satisfies Record<PayinView, ResourceConfig>;
