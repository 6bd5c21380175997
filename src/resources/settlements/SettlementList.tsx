import type { ReactElement, ReactNode } from 'react';
import AccountsIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import { DataTable, FilterButton, TopToolbar } from 'react-admin';
import { AppList } from '../shared/AppList';
import { ListBody, type CardFields } from '../shared/CardList';
import { formatRupees } from '../../../domain/format';
import { MethodCell, SettlementStatusCell, settlementName } from './SettlementCells';
import { useSession } from '../../session/SessionProvider';
import { ExportButton } from '../shared/ExportButton';
import { ListNoneFound } from '../shared/ListEmpty';
import { ListPagination } from '../shared/ListPagination';
import { settlementAccess } from './access';
import { SettlementKindContext, type SettlementKind } from './kind';
import { settlementColumns } from './settlementColumns';
import type { SettlementRow } from './types';

const nowrap = () => ({ whiteSpace: 'nowrap' });
const wraps = () => ({ minWidth: 160, maxWidth: 240, wordBreak: 'break-word' as const });

/**
 * One list for both Settlements screens, newest first; filters, pages and the export run on the
 * server. `create` is the screen's dialog (it shows itself only to those who may), `banner` a line
 * above the rows.
 */
export const SettlementList = ({
  kind,
  filters,
  create,
  banner,
}: {
  kind: SettlementKind;
  filters: ReactElement[];
  create: ReactNode;
  banner?: ReactNode;
}) => {
  const { role } = useSession();
  const columns = settlementColumns(kind, settlementAccess(role, kind));
  const card: CardFields<SettlementRow> = {
    headline: (r) => formatRupees(r.amount),
    status: <SettlementStatusCell />,
    title: (r) =>
      [(r as Partial<Record<typeof kind.party, string>>)[kind.party], settlementName(r)].filter(Boolean).join(' · '),
    detail: () => <MethodCell />,
    createdAt: (r) => r.createdAt,
    action: columns.find((c) => c.id === 'actions')?.cell,
  };
  return (
    <SettlementKindContext.Provider value={kind}>
      <AppList
        filters={filters}
        actions={
          <TopToolbar>
            <FilterButton />
            {create}
            <ExportButton label={`resources.${kind.screen}.export`} />
          </TopToolbar>
        }
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        pagination={<ListPagination />}
        empty={false}
      >
        {banner}
        <ListBody card={card} empty={<ListNoneFound icon={<AccountsIcon />} />}>
          <DataTable<SettlementRow>
            rowClick="show"
            bulkActionButtons={false}
            empty={<ListNoneFound icon={<AccountsIcon />} />}
            sx={{ '& .MuiTableCell-root': { px: 1 } }}
          >
            {columns.map((c) => (
              <DataTable.Col<SettlementRow>
                key={c.id}
                source={c.source}
                label={`resources.${kind.screen}.fields.${c.id}`}
                disableSort={!c.sortable}
                render={c.render}
                cellSx={c.wraps ? wraps : nowrap}
              >
                {c.cell}
              </DataTable.Col>
            ))}
          </DataTable>
        </ListBody>
      </AppList>
    </SettlementKindContext.Provider>
  );
};
