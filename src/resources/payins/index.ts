import DepositIcon from '@mui/icons-material/SavingsOutlined';
import type { PayinView } from '../../../domain/payin';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const PayinShow = lazyScreen(() => import('./PayinShow'), 'PayinShow');

const screen = (view: PayinView): ResourceConfig => ({
  list: lazyScreen(() => import('./PayinList').then((m) => ({ PayinList: m.payinListOf(view) })), 'PayinList'),
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
