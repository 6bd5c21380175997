import { useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import { IconButton, Tooltip } from '@mui/material';
import { Confirm, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { PAYIN_TTL_MINUTES, canTransition } from '../../../domain/payin';
import { useToasts } from '../../notifications';
import { payinActions } from './actions';
import type { Payin } from './types';
import { usePayinAccess } from './usePayinAccess';

/** Sets a DROPPED pay-in back to INITIATED after a confirm dialog; the list changes once the server answers. */
export const ReopenButton = () => {
  const record = useRecordContext<Payin>();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const { mayReopen } = usePayinAccess();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !mayReopen || !canTransition('reopen', record.status)) return null;

  const t = (key: string) =>
    translate(`resources.payins.reopen.${key}`, { code: record.shortCode, minutes: PAYIN_TTL_MINUTES });
  const reopen = async () => {
    setBusy(true);
    const result = await payinActions.reopen(record.id);
    setBusy(false);
    setOpen(false);
    if (result.error) return toasts.error(translate('app.toast.error'), result.error.message);
    toasts.success(translate('app.toast.success'), t('done'));
    refresh();
  };

  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={t('action')}>
        <IconButton
          size="small"
          color="primary"
          aria-label={`${t('action')} ${record.shortCode}`}
          onClick={() => setOpen(true)}
        >
          <ReplayIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={t('title')}
        content={t('content')}
        onConfirm={reopen}
        onClose={() => setOpen(false)}
      />
    </span>
  );
};
