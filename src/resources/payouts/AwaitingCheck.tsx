import { useState } from 'react';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import HourglassIcon from '@mui/icons-material/HourglassTop';
import { CircularProgress, Dialog, DialogContent, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CheckDialog } from '../../pages/approvals/CheckDialog';
import { useQueue } from '../../pages/approvals/queue';
import { useSession } from '../../session/SessionProvider';
import { payoutName } from './RowActionButton';
import type { Payout } from './types';

/** The maker's request loaded, then the checker's dialog on it. */
const CheckLoader = ({ record, onClose }: { record: Payout; onClose: () => void }) => {
  const { data } = useQueue({ scope: 'all', entity: 'payouts', entityId: record.id });
  const request = data?.[0];
  if (request) return <CheckDialog request={request} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose}>
      <DialogContent>
        <CircularProgress />
      </DialogContent>
    </Dialog>
  );
};

/**
 * In place of Approve (or Reverse) while a maker's request waits: its maker sees it waiting and
 * cannot press it again; another user opens the checker's dialog, with the maker's entries to
 * approve or reject without retyping. Nothing while no request of this action waits.
 */
export const AwaitingCheck = ({ record, action }: { record: Payout; action: 'approve' | 'reverse' }) => {
  const translate = useTranslate();
  const { userId } = useSession();
  const [open, setOpen] = useState(false);
  if (record.awaitingAction !== action) return null;
  const name = payoutName(record);
  if (record.awaitingCheckerId === userId) {
    const label = translate('app.approvals.waiting');
    return (
      <Tooltip title={translate('app.approvals.yours')}>
        <span>
          <IconButton size="small" disabled aria-label={`${label} ${name}`}>
            <HourglassIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  const label = translate('resources.payouts.check', { maker: record.awaitingChecker });
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={label}>
        <IconButton size="small" color="warning" aria-label={`${label} ${name}`} onClick={() => setOpen(true)}>
          <FactCheckIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <CheckLoader record={record} onClose={() => setOpen(false)} />}
    </span>
  );
};
