import { Divider, Stack, Typography } from '@mui/material';
import { formatRupees } from '../../domain/format';
import type { PayView } from './api';
import { Countdown } from './Countdown';
import { PaymentDetails } from './PaymentDetails';
import { ProofForm } from './ProofForm';
import { ShortCode } from './ShortCode';
import type { PayActions } from './usePayin';

/** ASSIGNED: what to pay, where, with which code, before when; then the proof of payment. */
export const AssignedStep = ({
  view,
  actions,
  clockOffset,
  onExpire,
}: {
  view: PayView;
  actions: PayActions;
  clockOffset: number;
  onExpire: () => void;
}) => (
  <Stack spacing={3}>
    <Stack spacing={1}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Pay {view.merchantName}
      </Typography>
      <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
        {formatRupees(view.amount)}
      </Typography>
      <Countdown expiresAt={view.expiresAt} clockOffset={clockOffset} onExpire={onExpire} />
    </Stack>
    {view.shortCode && <ShortCode code={view.shortCode} />}
    {view.bank && <PaymentDetails bank={view.bank} amount={view.amount} />}
    <Divider />
    <ProofForm actions={actions} />
  </Stack>
);
