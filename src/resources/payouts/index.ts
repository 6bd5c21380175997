import WithdrawalIcon from '@mui/icons-material/PaymentsOutlined';
import type { PayoutView } from '../../../domain/payout';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const PayoutShow = lazyScreen(() => import('./PayoutShow'), 'PayoutShow');

const screen = (view: PayoutView): ResourceConfig => ({
  list: lazyScreen(() => import('./PayoutList').then((m) => ({ PayoutList: m.payoutListOf(view) })), 'PayoutList'),
  show: PayoutShow,
  icon: WithdrawalIcon,
  recordRepresentation: (record) => String(record.merchantOrderId ?? record.id),
});

/** /app/withdrawal/progress, /completed and /all: one list over /v1/payouts, each screen with its statuses. */
export default {
  progress: screen('progress'),
  completed: screen('completed'),
  all: screen('all'),
} satisfies Record<PayoutView, ResourceConfig>;
