import { useState } from 'react';
import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { IconButton, Tooltip } from '@mui/material';
import { Confirm, useRecordContext, useTranslate } from 'react-admin';
import type { CallbackState } from '../payins/types';
import { payoutActions } from './actions';
import { payoutName, useActionOutcome } from './RowActionButton';
import type { Payout } from './types';
import { usePayoutAccess } from './usePayoutAccess';

const BELL_COLOURS: Record<CallbackState, 'disabled' | 'success' | 'error'> = {
  NONE: 'disabled',
  PENDING: 'disabled',
  DELIVERED: 'success',
  FAILED: 'error',
};

/**
 * Where the merchant's callback stands: grey while none was delivered, green once delivered, red
 * when it failed. Staff who may correct pay-outs send the latest callback again after a confirm.
 */
export const CallbackBell = () => {
  const r = useRecordContext<Payout>();
  const translate = useTranslate();
  const outcome = useActionOutcome();
  const { mayNotify } = usePayoutAccess();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!r) return null;

  const t = (key: string) => translate(`resources.payouts.callback.${key}`, { name: payoutName(r) });
  const state = t(r.callback);
  const icon = <NotificationsIcon fontSize="small" color={BELL_COLOURS[r.callback]} />;
  if (!mayNotify || r.callback === 'NONE')
    return (
      <Tooltip title={state}>
        <span role="img" aria-label={state}>
          {icon}
        </span>
      </Tooltip>
    );

  const resend = async () => {
    setBusy(true);
    const result = await payoutActions.resendCallback(r.id);
    setBusy(false);
    setOpen(false);
    outcome(result, t('resent'), payoutName(r));
  };
  const label = `${state}. ${t('resend')}`;
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
          {icon}
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={t('title')}
        content={t('content')}
        onConfirm={resend}
        onClose={() => setOpen(false)}
      />
    </span>
  );
};
