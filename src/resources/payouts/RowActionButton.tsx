import { useState, type ReactElement } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import { Confirm, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { PayoutAction } from '../../../domain/payout';
import type { Result } from '../../providers/http';
import { useToasts } from '../../notifications';
import type { Payout, PayoutAnswer } from './types';
import { usePayoutAccess } from './usePayoutAccess';
import { AwaitingCheck } from './AwaitingCheck';

/** How a pay-out is named in buttons and messages: the merchant's order id, or for vendors its id's start. */
export const payoutName = (r: Pick<Payout, 'id' | 'merchantOrderId'>) => r.merchantOrderId ?? r.id.slice(0, 8);

/**
 * The toast after an action: done (worded from the answer), or accepted and waiting (202) for a
 * second staff user or for Eko's answer.
 */
export const useActionOutcome = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  return (
    result: Result<{ data: PayoutAnswer }>,
    done: string | ((answer: PayoutAnswer) => string),
    name: string,
  ): boolean => {
    if (result.error) {
      toasts.error(translate('app.toast.error'), result.error.message);
      return false;
    }
    const answer = result.data.data;
    const text = answer.awaitingChecker
      ? translate('resources.payouts.checker_needed', { name, maker: answer.awaitingChecker })
      : answer.awaitingProvider
        ? translate('resources.payouts.provider_waiting', { name, provider: 'Eko' })
        : typeof done === 'string'
          ? done
          : done(answer);
    toasts.success(translate('app.toast.success'), text);
    refresh();
    return true;
  };
};

/**
 * A row action behind a confirm dialog (drop, reverse, reset), shown only when the pay-out's status
 * allows it and the user may; pessimistic: the list changes once the server has answered.
 */
export const RowActionButton = ({
  action,
  icon,
  color,
  run,
}: {
  action: Exclude<PayoutAction, 'approve' | 'reject'>;
  icon: ReactElement;
  color: 'primary' | 'error' | 'warning';
  run: (id: string) => Promise<Result<{ data: PayoutAnswer }>>;
}) => {
  const record = useRecordContext<Payout>();
  const translate = useTranslate();
  const outcome = useActionOutcome();
  const { may } = usePayoutAccess();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !may(action, record)) return null;
  if (action === 'reverse' && record.awaitingAction === 'reverse')
    return <AwaitingCheck record={record} action="reverse" />;

  const name = payoutName(record);
  const t = (key: string) => translate(`resources.payouts.${action}.${key}`, { name });
  const confirm = async () => {
    setBusy(true);
    const result = await run(record.id);
    setBusy(false);
    setOpen(false);
    outcome(result, t('done'), name);
  };

  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={t('action')}>
        <IconButton size="small" color={color} aria-label={`${t('action')} ${name}`} onClick={() => setOpen(true)}>
          {icon}
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={t('title')}
        content={t('content')}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </span>
  );
};
