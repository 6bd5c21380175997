import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { formatDateTime, formatRupees } from '../../../domain/format';
import type { PayinView } from '../../../domain/payin';
import type { PayinAccess } from './access';
import { CopyableText, StatusCell } from './PayinCells';
import { ReopenButton } from './ReopenButton';
import { ScreenshotButton } from './ScreenshotButton';
import { TwoLines } from '../shared/TwoLines';
import { SetSuccessButton } from './SetSuccessButton';
import type { Payin } from './types';

interface ColumnContext {
  view: PayinView;
  access: PayinAccess;
}

export interface PayinColumn {
  /** The field it shows (and its label, `resources.payins.fields.<id>`). */
  id: keyof Payin | 'image' | 'actions';
  /** The API sorts by these (server/schemas/payins.ts PAYIN_SORTS). */
  sortable?: boolean;
  shown?: (c: ColumnContext) => boolean;
  /** A cell reading the row's record context. */
  cell?: ReactNode;
  render?: (r: Payin) => ReactNode;
  mono?: boolean;
  /** Hidden until the user shows it. */
  hidden?: boolean;
  /** Its text may wrap (a date and its time on two lines). */
  wraps?: boolean;
}

const seesMerchants = ({ access }: ColumnContext) => access.seesMerchants;

/** The row's work first: the screenshot to read, Set Success, Set to INITIATED. */
const RowActions = () => (
  <Box sx={{ display: 'flex', alignItems: 'center' }}>
    <ScreenshotButton />
    <SetSuccessButton />
    <ReopenButton />
  </Box>
);

/**
 * The Deposit columns as data: the row's actions first, then what a person matches money by
 * (code, amounts, status), then who and how. UTR submitted and UTR on the bank share a cell, the
 * merchant sits under its order id; Customer ID starts hidden (the Columns button shows it).
 */
export const PAYIN_COLUMNS: readonly PayinColumn[] = [
  {
    id: 'actions',
    shown: ({ access }) => access.mayConfirm || access.mayReopen || access.mayEnterUtr,
    cell: <RowActions />,
  },
  { id: 'shortCode', shown: ({ access }) => access.seesShortCode, mono: true },
  { id: 'confirmedAmount', render: (r) => (r.confirmedAmount === null ? '' : formatRupees(r.confirmedAmount)) },
  {
    id: 'fee',
    shown: ({ view, access }) => view === 'completed' && access.seesMerchants,
    render: (r) => formatRupees(r.fee),
  },
  { id: 'amount', sortable: true, render: (r) => formatRupees(r.amount) },
  { id: 'status', cell: <StatusCell /> },
  {
    id: 'merchantOrderId',
    shown: seesMerchants,
    render: (r) => <TwoLines top={<CopyableText value={r.merchantOrderId} wrap />} bottom={r.merchantCode} />,
  },
  { id: 'customerId', shown: seesMerchants, hidden: true },
  { id: 'utr', render: (r) => <TwoLines mono top={r.submittedUtr ?? '—'} bottom={r.utr ?? '—'} /> },
  { id: 'source' },
  { id: 'bankNickname' },
  { id: 'updatedAt', sortable: true, render: (r) => formatDateTime(r.updatedAt), wraps: true },
];

export const payinColumns = (context: ColumnContext) => PAYIN_COLUMNS.filter((c) => c.shown?.(context) ?? true);

/** The columns hidden until the user shows them (react-admin's Columns button keeps the choice). */
export const hiddenPayinColumns = (columns: readonly PayinColumn[]) => columns.filter((c) => c.hidden).map((c) => c.id);
