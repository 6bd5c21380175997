import { useState } from 'react';
import ResetIcon from '@mui/icons-material/Replay';
import { Typography } from '@mui/material';
import { Button, Confirm, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { mayAct } from '../../../domain/payin';
import { mayMake } from '../../../domain/four-eyes';
import { useToasts } from '../../notifications';
import { post } from '../../providers/http';
import { useSession } from '../../session/SessionProvider';
import { ensureOk } from '../shared/confirmation';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import type { BankEntry } from './types';

/**
 * Frees a used entry and sends the pay-in it paid back to PENDING (domain/payin 'reset-entry'):
 * a question first, then the password. Four eyes (domain/four-eyes): an ADMIN asks, and is then
 * shown "Waiting for a checker"; TRANSACTIONS (or another ADMIN) is offered Reset only on an entry
 * whose reset waits, and completes it.
 */
export const ResetEntryButton = () => {
  const record = useRecordContext<BankEntry>();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const { role, userName } = useSession();
  const { confirm, dialog } = useConfirmedAction();
  const [asking, setAsking] = useState(false);
  if (!record?.used || !role || !mayAct(role, 'reset-entry')) return null;
  const waiting = record.awaitingChecker ?? null;
  if (waiting === userName)
    return (
      <Typography variant="caption" color="text.secondary">
        {translate('resources.add-data.reset.waiting_checker')}
      </Typography>
    );
  if (!waiting && !mayMake('bank-entry.reset', role)) return null;

  const details = {
    utr: record.utr,
    amount: formatRupees(record.amount),
    payin: record.merchantOrderId ?? record.payinId ?? '',
  };
  const reset = () => {
    setAsking(false);
    confirm(
      'bank-entry.reset',
      async (headers) => {
        const answer = ensureOk(
          await post<{ data: { awaitingChecker?: string } }>(`/bank-entries/${record.id}/reset`, {}, { headers }),
        );
        const done = answer.data.awaitingChecker ? 'asked' : 'done';
        toasts.success(translate('app.toast.success'), translate(`resources.add-data.reset.${done}`, details));
        refresh();
      },
      undefined,
      { recordId: String(record.id) },
    );
  };

  return (
    <>
      <Button label="resources.add-data.reset.action" color="warning" onClick={() => setAsking(true)}>
        <ResetIcon />
      </Button>
      <Confirm
        isOpen={asking}
        title="resources.add-data.reset.title"
        content="resources.add-data.reset.question"
        translateOptions={details}
        confirm="resources.add-data.reset.action"
        confirmColor="warning"
        onConfirm={reset}
        onClose={() => setAsking(false)}
      />
      {dialog}
    </>
  );
};
