import type { ReactNode } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import UndoIcon from '@mui/icons-material/Undo';
import BlockIcon from '@mui/icons-material/Block';
import { Box } from '@mui/material';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { CopyableText } from '../payins/PayinCells';
import { TwoLines } from '../shared/TwoLines';
import type { PayoutAccess } from './access';
import { payoutActions } from './actions';
import { ApproveButton } from './ApproveButton';
import { CallbackBell } from './CallbackBell';
import { EditUtrButton } from './EditUtrButton';
import { BankDetailsCell, MethodAndBank, PayoutIdCell, PayoutStatusCell } from './PayoutCells';
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
  /** Hidden until the user shows it. */
  hidden?: boolean;
  /** Its text may wrap (a date and its time on two lines). */
  wraps?: boolean;
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

/**
 * The Withdrawal columns as data: the row's actions first, then whose pay-out and to whom, the
 * money and its status. The merchant sits under its order id, the commission under the amount,
 * the method and paying bank under the UTR; User starts hidden (the Columns button shows it).
 */
export const PAYOUT_COLUMNS: readonly PayoutColumn[] = [
  { id: 'select', shown: (a) => a.mayAssign, cell: <SelectCell /> },
  { id: 'actions', cell: <PayoutRowActions /> },
  { id: 'id', cell: <PayoutIdCell />, hidden: true },
  {
    id: 'merchantOrderId',
    shown: seesMerchants,
    render: (r) => <TwoLines top={<CopyableText value={r.merchantOrderId} wrap />} bottom={r.merchantCode} />,
  },
  { id: 'vendorCode', shown: (a) => a.staff },
  { id: 'bankDetails', cell: <BankDetailsCell /> },
  {
    id: 'amount',
    sortable: true,
    render: (r) => (
      <TwoLines top={formatRupees(r.amount)} bottom={r.fee === undefined ? undefined : `+ ${formatRupees(r.fee)}`} />
    ),
  },
  { id: 'status', cell: <PayoutStatusCell /> },
  {
    id: 'utr',
    render: (r) => (
      <TwoLines
        top={
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {r.utr ?? '—'}
          </Box>
        }
        bottom={(r.method || r.bankNickname) && <MethodAndBank method={r.method} bank={r.bankNickname} />}
      />
    ),
  },
  { id: 'customerId', hidden: true },
  { id: 'updatedAt', sortable: true, render: (r) => formatDateTime(r.updatedAt), wraps: true },
];

/** The columns hidden until the user shows them (react-admin's Columns button keeps the choice). */
export const hiddenPayoutColumns = (columns: readonly PayoutColumn[]) =>
  columns.filter((c) => c.hidden).map((c) => c.id);

export const payoutColumns = (access: PayoutAccess) => PAYOUT_COLUMNS.filter((c) => c.shown?.(access) ?? true);
