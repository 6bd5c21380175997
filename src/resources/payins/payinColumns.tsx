import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { formatDateTime, formatRupees } from '../../../domain/format';
import type { PayinView } from '../../../domain/payin';
import type { PayinAccess } from './access';
import { CallbackBell } from './CallbackBell';
import { CopyableText, StatusCell } from './PayinCells';
import { ReopenButton } from './ReopenButton';
import { ScreenshotButton } from './ScreenshotButton';
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
}

const seesMerchants = ({ access }: ColumnContext) => access.seesMerchants;

const RowActions = () => (
  <Box sx={{ display: 'flex' }}>
    <SetSuccessButton />
    <ReopenButton />
  </Box>
);

/** The Deposit columns as data, in the current console's order, adapted to the API's fields. */
export const PAYIN_COLUMNS: readonly PayinColumn[] = [
  { id: 'shortCode', shown: ({ access }) => access.seesShortCode, mono: true },
  { id: 'confirmedAmount', render: (r) => (r.confirmedAmount === null ? '' : formatRupees(r.confirmedAmount)) },
  {
    id: 'fee',
    shown: ({ view, access }) => view === 'completed' && access.seesMerchants,
    render: (r) => formatRupees(r.fee),
  },
  { id: 'amount', sortable: true, render: (r) => formatRupees(r.amount) },
  { id: 'status', cell: <StatusCell /> },
  { id: 'callback', cell: <CallbackBell /> },
  { id: 'merchantOrderId', shown: seesMerchants, render: (r) => <CopyableText value={r.merchantOrderId} /> },
  { id: 'merchantCode', shown: seesMerchants },
  { id: 'customerId', shown: seesMerchants },
  { id: 'submittedUtr', mono: true },
  { id: 'utr', mono: true },
  { id: 'source' },
  { id: 'bankNickname' },
  { id: 'updatedAt', sortable: true, render: (r) => formatDateTime(r.updatedAt) },
  { id: 'image', shown: ({ access }) => access.mayEnterUtr, cell: <ScreenshotButton /> },
  {
    id: 'actions',
    shown: ({ access }) => access.mayConfirm || access.mayReopen,
    cell: <RowActions />,
  },
];

export const payinColumns = (context: ColumnContext) => PAYIN_COLUMNS.filter((c) => c.shown?.(context) ?? true);
