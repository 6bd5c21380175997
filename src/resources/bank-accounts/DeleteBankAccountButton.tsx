import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { IconButton, Tooltip } from '@mui/material';
import { Button, useRecordContext, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { canDo } from '../../../domain/access';
import { del } from '../../providers/http';
import { useToasts } from '../../notifications';
import { useSession } from '../../session/SessionProvider';
import { ensureOk } from '../shared/confirmation';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import type { BankAccount } from './types';

/**
 * Deletes an account behind the password, asked every time; the server refuses (409, its message
 * shown) once merchants were linked. `compact` is the icon of a list row.
 */
export const DeleteBankAccountButton = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<BankAccount>();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { role } = useSession();
  const { confirm, dialog } = useConfirmedAction();
  if (!record || !role || !canDo(role, 'bank-accounts', 'delete')) return null;

  const label = translate('resources.bank-accounts.delete');
  const remove = () =>
    confirm(
      'bank-account.delete',
      async (headers) => {
        ensureOk(await del(`/bank-accounts/${record.id}`, {}, { headers }));
        toasts.success(translate('app.toast.success'), translate('resources.bank-accounts.deleted'));
        if (!compact) redirect('list', 'bank-accounts');
        refresh();
      },
      translate('resources.bank-accounts.delete_question', { name: record.nickname }),
      { recordId: String(record.id) },
    );

  return (
    <span onClick={(event) => event.stopPropagation()}>
      {compact ? (
        <Tooltip title={label}>
          <IconButton aria-label={`${label} ${record.nickname}`} size="small" color="error" onClick={remove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button label={label} color="error" onClick={remove}>
          <DeleteIcon />
        </Button>
      )}
      {dialog}
    </span>
  );
};
