import type { ReactNode } from 'react';
import { formatDateTime, formatRupees } from '../../../domain/format';
import type { SettlementAccess } from './access';
import type { SettlementKind } from './kind';
import { DestinationCell, MethodCell, ReferenceCell, SettlementIdCell, SettlementStatusCell } from './SettlementCells';
import { SettlementRowActions } from './SettlementRowActions';
import type { SettlementRow } from './types';

export interface SettlementColumn {
  /** Its label, `resources.<screen>.fields.<id>`. */
  id: string;
  /** The field it shows; the sortable ones are the API's sorts (SETTLEMENT_SORTS). */
  source?: string;
  sortable?: boolean;
  shown?: (access: SettlementAccess) => boolean;
  cell?: ReactNode;
  render?: (r: SettlementRow) => ReactNode;
  /** Long text (a hash, a reason) wraps inside a narrow column instead of pushing Option out of sight. */
  wraps?: boolean;
}

/** The columns of both Settlements screens, in the current console's order (reference §5). */
export const settlementColumns = (kind: SettlementKind, access: SettlementAccess): SettlementColumn[] =>
  (
    [
      { id: 'id', cell: <SettlementIdCell /> },
      { id: kind.party, source: kind.party },
      { id: 'status', cell: <SettlementStatusCell /> },
      { id: 'amount', source: 'amount', sortable: true, render: (r) => formatRupees(r.amount) },
      { id: 'bankDetails', cell: <DestinationCell />, wraps: true },
      { id: 'method', cell: <MethodCell /> },
      { id: 'updatedAt', source: 'updatedAt', sortable: true, render: (r) => formatDateTime(r.updatedAt) },
      { id: 'reference', cell: <ReferenceCell />, wraps: true },
      { id: 'actions', shown: (a) => a.mayAct, cell: <SettlementRowActions /> },
    ] satisfies SettlementColumn[]
  ).filter((c: SettlementColumn) => c.shown?.(access) ?? true);
