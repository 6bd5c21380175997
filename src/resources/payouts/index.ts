import WithdrawalIcon from '@mui/icons-material/PaymentsOutlined';
import type { PayoutView } from '../../../domain/payout';
import type { ResourceConfig } from '../types';
import { payoutListOf } from './PayoutList';
import { PayoutShow } from './PayoutShow';

const screen = (view: PayoutView): ResourceConfig => ({
  list: payoutListOf(view),
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
