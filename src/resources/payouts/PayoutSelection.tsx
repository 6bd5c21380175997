import CloseIcon from '@mui/icons-material/Close';
import { Checkbox, Toolbar, Typography } from '@mui/material';
import { Button, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { canMovePayout } from '../../../domain/payout';
import { PayoutBulkActions } from './PayoutBulkActions';
import { payoutName } from './RowActionButton';
import type { Payout } from './types';

/** Only waiting pay-outs are given to a vendor or sent through Eko. */
export const isWaiting = (r: Pick<Payout, 'status'>) => canMovePayout('approve', r.status);

/**
 * The row's selection box, named after its pay-out (react-admin's own names only its wrapper, which
 * axe rightly flags); waiting pay-outs only.
 */
export const SelectCell = () => {
  const r = useRecordContext<Payout>();
  const translate = useTranslate();
  const { selectedIds, onToggleItem } = useListContext<Payout>();
  if (!r || !isWaiting(r)) return null;
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(r.id)}
      onClick={(event) => event.stopPropagation()}
      onChange={() => onToggleItem(r.id)}
      slotProps={{ input: { 'aria-label': translate('resources.payouts.bulk.select', { name: payoutName(r) }) } }}
    />
  );
};

/** "N items selected" over the list, with the bulk actions and a way to clear the selection. */
export const PayoutBulkBar = () => {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  if (selectedIds.length === 0) return null;
  return (
    <Toolbar
      variant="dense"
      role="toolbar"
      aria-label={translate('resources.payouts.bulk.bar')}
      sx={{ gap: 1, bgcolor: 'action.selected', borderRadius: 1, mb: 1 }}
    >
      <Button label="ra.action.unselect" onClick={() => onUnselectItems()}>
        <CloseIcon />
      </Button>
      <Typography sx={{ flex: 1 }}>
        {translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}
      </Typography>
      <PayoutBulkActions />
    </Toolbar>
  );
};
