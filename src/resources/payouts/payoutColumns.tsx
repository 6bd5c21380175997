import type { ReactNode } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import UndoIcon from '@mui/icons-material/Undo';
import BlockIcon from '@mui/icons-material/Block';
import { Box } from '@mui/material';
import { formatDateTime, formatRupees, snakeToTitle } from '../../../domain/format';
import { CopyableText } from '../payins/PayinCells';
import type { PayoutAccess } from './access';
import { payoutActions } from './actions';
import { ApproveButton } from './ApproveButton';
import { CallbackBell } from './CallbackBell';
import { EditUtrButton } from './EditUtrButton';
import { BankDetailsCell, PayoutIdCell, PayoutStatusCell } from './PayoutCells';
import { SelectCell } from './PayoutSelection';
import { RejectButton } from './RejectButton';
import { RowActionButton } from './RowActionButton';
import type { Payout } from './types';

/** Columns that show no single field of the row. */
const CELLS = ['select', 'actions', 'bankDetails'] as const;
type Cell = (typeof CELLS)[number];
export const isField = (id: PayoutColumn['id']): id is keyof Payout => !(CELLS as readonly string[]).includes(id);

export interface PayoutColumn {
  /** The field it shows (and its label, `resources.payouts.fields.<id>`). */
  id: keyof Payout | Cell;
  /** The API sorts by these (server/schemas/payouts.ts PAYOUT_SORTS). */
  sortable?: boolean;
  shown?: (access: PayoutAccess) => boolean;
  /** A cell reading the row's record context. */
  cell?: ReactNode;
  render?: (r: Payout) => ReactNode;
  mono?: boolean;
}

/** Approve, reject, drop, reverse, reset, Edit UTR and the callback bell: each shows itself only when allowed. */
export const PayoutRowActions = () => (
  <Box sx={{ display: 'flex', alignItems: 'center' }}>
    <ApproveButton />
    <RejectButton />
    <RowActionButton action="drop" color="error" icon={<BlockIcon fontSize="small" />} run={payoutActions.drop} />
    <RowActionButton
      action="reverse"
      color="warning"
      icon={<UndoIcon fontSize="small" />}
      run={payoutActions.reverse}
    />
    <RowActionButton action="reset" color="primary" icon={<ReplayIcon fontSize="small" />} run={payoutActions.reset} />
    <EditUtrButton />
    <CallbackBell />
  </Box>
);

const seesMerchants = (a: PayoutAccess) => a.seesMerchants;

/** The Withdrawal columns as data, in the current console's order (reference §5), adapted to the API's fields. */
export const PAYOUT_COLUMNS: readonly PayoutColumn[] = [
  { id: 'select', shown: (a) => a.mayAssign, cell: <SelectCell /> },
  { id: 'id', cell: <PayoutIdCell /> },
  { id: 'actions', cell: <PayoutRowActions /> },
  { id: 'merchantOrderId', shown: seesMerchants, render: (r) => <CopyableText value={r.merchantOrderId} /> },
  { id: 'merchantCode', shown: seesMerchants },
  { id: 'vendorCode', shown: (a) => a.staff },
  { id: 'bankDetails', cell: <BankDetailsCell /> },
  { id: 'amount', sortable: true, render: (r) => formatRupees(r.amount) },
  { id: 'fee', shown: seesMerchants, render: (r) => formatRupees(r.fee) },
  { id: 'status', cell: <PayoutStatusCell /> },
  { id: 'utr', mono: true },
  { id: 'customerId' },
  { id: 'method', render: (r) => snakeToTitle(r.method) },
  { id: 'bankNickname' },
  { id: 'updatedAt', sortable: true, render: (r) => formatDateTime(r.updatedAt) },
];

export const payoutColumns = (access: PayoutAccess) => PAYOUT_COLUMNS.filter((c) => c.shown?.(access) ?? true);
