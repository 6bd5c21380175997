import ApproveIcon from '@mui/icons-material/VerifiedOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { Button, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { canDo } from '../../../domain/access';
import { mayApprove } from '../../../domain/bank-account';
import { post } from '../../providers/http';
import { useToasts } from '../../notifications';
import { useSession } from '../../session/SessionProvider';
import { ensureOk } from '../shared/confirmation';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import type { BankAccount } from './types';

/**
 * The checker's button: shown on a pay-in account awaiting approval to the staff users who may
 * approve it, never to its makers. Behind the password. `compact` is the icon of a list row.
 */
export const ApproveBankAccountButton = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<BankAccount>();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const { role, userId } = useSession();
  const { confirm, dialog } = useConfirmedAction();
  if (!record || !role || !canDo(role, 'bank-accounts', 'approve') || !mayApprove(record, userId)) return null;

  const label = translate('resources.bank-accounts.approve');
  const approve = () =>
    confirm(
      'bank-account.approve',
      async (headers) => {
        ensureOk(await post(`/bank-accounts/${record.id}/approve`, {}, { headers }));
        toasts.success(translate('app.toast.success'), translate('resources.bank-accounts.approved'));
        refresh();
      },
      translate('resources.bank-accounts.approve_question', { name: record.nickname }),
      { recordId: String(record.id) },
    );

  return (
    <span onClick={(event) => event.stopPropagation()}>
      {compact ? (
        <Tooltip title={label}>
          <IconButton aria-label={`${label} ${record.nickname}`} size="small" color="success" onClick={approve}>
            <ApproveIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button label={label} color="success" onClick={approve}>
          <ApproveIcon />
        </Button>
      )}
      {dialog}
    </span>
  );
};
