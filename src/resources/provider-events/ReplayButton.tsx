import { useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, Confirm, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { canDo } from '../../../domain/access';
import { useToasts } from '../../notifications';
import { useSession } from '../../session/SessionProvider';
import { mayReplay, replayEvent } from './actions';
import type { ProviderEvent } from './types';

/** Applies a verified event that failed once more, after a confirm; says how it ended this time. */
export const ReplayButton = () => {
  const record = useRecordContext<ProviderEvent>();
  const { role } = useSession();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || role === null || !canDo(role, 'provider-events', 'correct') || !mayReplay(record)) return null;

  const t = (key: string, options?: object) => translate(`resources.provider-events.replay.${key}`, options);
  const replay = async () => {
    setBusy(true);
    const result = await replayEvent(record.id);
    setBusy(false);
    setOpen(false);
    if (result.error) return toasts.error(translate('app.toast.error'), result.error.message);
    const event = result.data.data;
    const outcome = translate(`resources.provider-events.outcomes.${event.outcome}`);
    const message = t('done', { outcome }) + (event.detail ? ` ${event.detail}` : '');
    if (event.outcome === 'applied') toasts.success(translate('app.toast.success'), message);
    else toasts.error(translate('app.toast.error'), message);
    refresh();
  };

  return (
    <>
      <Button label={t('action')} onClick={() => setOpen(true)} color="warning">
        <ReplayIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={t('title')}
        content={t('content')}
        onConfirm={replay}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
