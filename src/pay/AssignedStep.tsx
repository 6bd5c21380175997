import { Stack, Typography } from '@mui/material';
import { formatRupees } from '../../domain/format';
import type { PayView } from './api';
import { Countdown } from './Countdown';
import { usePayText } from './i18n';
import { PaymentTabs } from './PaymentTabs';
import { ShortCode } from './ShortCode';
import type { PayActions } from './usePayin';

/** ASSIGNED: what to pay, where (or through which provider), with which code, before when; then the proof of payment. */
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
}) => {
  const t = usePayText();
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('amount.title', { name: view.merchantName })}
        </Typography>
        <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
          {formatRupees(view.amount)}
        </Typography>
        <Countdown expiresAt={view.expiresAt} clockOffset={clockOffset} onExpire={onExpire} />
      </Stack>
      {view.shortCode && <ShortCode code={view.shortCode} />}
      <PaymentTabs view={view} actions={actions} />
    </Stack>
  );
};
