import { useState, type MouseEvent } from 'react';
import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { IconButton, Tooltip } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useToasts } from '../../notifications';
import { payinActions } from './actions';
import type { CallbackState, Payin } from './types';
import { usePayinAccess } from './usePayinAccess';

const BELL_COLOURS: Record<CallbackState, 'disabled' | 'success' | 'error'> = {
  NONE: 'disabled',
  PENDING: 'disabled',
  DELIVERED: 'success',
  FAILED: 'error',
};

/**
 * Where the merchant's callback stands: grey while none was delivered, green once delivered, red
 * when it failed. Staff who may act click it to send the latest callback again.
 */
export const CallbackBell = () => {
  const r = useRecordContext<Payin>();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const { mayNotify } = usePayinAccess();
  const [busy, setBusy] = useState(false);
  if (!r) return null;

  const state = translate(`resources.payins.callback.${r.callback}`);
  const icon = <NotificationsIcon fontSize="small" color={BELL_COLOURS[r.callback]} />;
  if (!mayNotify || r.callback === 'NONE')
    return (
      <Tooltip title={state}>
        <span role="img" aria-label={state}>
          {icon}
        </span>
      </Tooltip>
    );

  const resend = async (event: MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    const result = await payinActions.resendCallback(r.id);
    setBusy(false);
    if (result.error) return toasts.error(translate('app.toast.error'), result.error.message);
    toasts.success(translate('app.toast.success'), translate('resources.payins.callback.resent'));
    refresh();
  };
  const label = `${state}. ${translate('resources.payins.callback.resend')}`;
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={resend} disabled={busy}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
};
