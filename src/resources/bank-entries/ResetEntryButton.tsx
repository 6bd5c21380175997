import { useState } from 'react';
import ResetIcon from '@mui/icons-material/Replay';
import { Button, Confirm, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { mayAct } from '../../../domain/payin';
import { useToasts } from '../../notifications';
import { post } from '../../providers/http';
import { useSession } from '../../session/SessionProvider';
import { ensureOk } from '../shared/confirmation';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import type { BankEntry } from './types';

/**
 * Frees a used entry and sends the pay-in it paid back to PENDING (domain/payin 'reset-entry'):
 * a question first, then the password unless a fresh confirmation of this kind is held.
 */
export const ResetEntryButton = () => {
  const record = useRecordContext<BankEntry>();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const { role } = useSession();
  const { confirm, dialog } = useConfirmedAction();
  const [asking, setAsking] = useState(false);
  if (!record?.used || !role || !mayAct(role, 'reset-entry')) return null;

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
        ensureOk(await post(`/bank-entries/${record.id}/reset`, {}, { headers }));
        toasts.success(translate('app.toast.success'), translate('resources.add-data.reset.done'));
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
