import { useState, type MouseEvent } from 'react';
import { Switch } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { canDo } from '../../../domain/access';
import { put } from '../../providers/http';
import { useToasts } from '../../notifications';
import { useSession } from '../../session/SessionProvider';
import type { BankAccount } from './types';

/** The QR and bank-details switches of a row: shown to customers or not, no password needed. */
export const FlagSwitch = ({ source }: { source: 'showQr' | 'showBankDetails' }) => {
  const record = useRecordContext<BankAccount>();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const { role } = useSession();
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const change = async (event: MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    const result = await put(`/bank-accounts/${record.id}/flags`, { [source]: !record[source] });
    setBusy(false);
    if (result.error) toasts.error(translate('app.toast.error'), result.error.message);
    else refresh();
  };

  return (
    <Switch
      checked={record[source]}
      onClick={change}
      disabled={busy || role === null || !canDo(role, 'bank-accounts', 'toggle')}
      size="small"
      slotProps={{
        input: { 'aria-label': `${translate(`resources.bank-accounts.fields.${source}`)} ${record.nickname}` },
      }}
    />
  );
};
