import { useMemo } from 'react';
import DepositIcon from '@mui/icons-material/SavingsOutlined';
import {
  ColumnsButton,
  DataTable,
  FilterButton,
  ResourceContextProvider,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { PAYIN_VIEWS, type PayinView } from '../../../domain/payin';
import { ListLiveToggle } from '../../live';
import { formatRupees } from '../../../domain/format';
import { AppList } from '../shared/AppList';
import { ListBody, type CardFields } from '../shared/CardList';
import { ListEmpty } from '../shared/ListEmpty';
import { StatusCell } from './PayinCells';
import { ListPagination } from '../shared/ListPagination';
import { PAYINS } from './actions';
import { hiddenPayinColumns, payinColumns } from './payinColumns';
import { PayinExportButton } from './PayinExportButton';
import { payinFilters } from './PayinFilters';
import { PaymentLinkButton } from './PaymentLinkButton';
import type { Payin } from './types';
import { usePayinAccess } from './usePayinAccess';

/** In Progress refreshes itself as pay-ins move (a switch pauses it for staff who are reading). */
const Actions = ({ live }: { live: boolean }) => (
  <TopToolbar>
    {live && <ListLiveToggle topic="payins" />}
    <FilterButton />
    <ColumnsButton />
    <PaymentLinkButton />
    <PayinExportButton />
  </TopToolbar>
);

/** Worded by `resources.payins.empty.*` whichever screen shows it. */
const NoneFound = () => {
  const { filterValues } = useListContext();
  return (
    <ResourceContextProvider value={PAYINS}>
      <ListEmpty filtered={Object.keys(filterValues).length > 0} icon={<DepositIcon />} />
    </ResourceContextProvider>
  );
};

const COLUMN_HEADERS = ['merchantOrderId', 'utr', 'actions'];
const label = (id: string) => `resources.payins.${COLUMN_HEADERS.includes(id) ? 'columns' : 'fields'}.${id}`;
const nowrap = () => ({ whiteSpace: 'nowrap' });
const mono = () => ({ whiteSpace: 'nowrap', fontFamily: 'monospace' });
/** A date and its time break onto two lines at " at ": the column stays narrow. */
const wraps = () => ({ whiteSpace: 'normal', minWidth: 96, maxWidth: 110 });

/**
 * One list for the four Deposit screens: `view` fixes the statuses listed (PAYIN_VIEWS), except
 * on All where the status is a filter. Newest first; filters, pages and the export run on the server.
 */
export const PayinList = ({ view }: { view: PayinView }) => {
  const access = usePayinAccess();
  const filters = useMemo(() => payinFilters({ view, access }), [view, access]);
  const columns = payinColumns({ view, access });
  const card: CardFields<Payin> = {
    headline: (r) => formatRupees(r.confirmedAmount ?? r.amount),
    status: <StatusCell />,
    title: (r) => r.merchantOrderId ?? r.shortCode,
    createdAt: (r) => r.createdAt,
    action: columns.find((c) => c.id === 'actions')?.cell,
  };
  return (
    <AppList
      filter={view === 'all' ? undefined : { status: PAYIN_VIEWS[view] }}
      filters={filters}
      actions={<Actions live={view === 'progress'} />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
    >
      <ListBody card={card} empty={<NoneFound />}>
        <DataTable<Payin>
          rowClick="show"
          bulkActionButtons={false}
          hiddenColumns={hiddenPayinColumns(columns)}
          empty={<NoneFound />}
          sx={{ '& .MuiTableCell-root': { px: 1 } }}
        >
          {columns.map((c) => (
            <DataTable.Col<Payin>
              key={c.id}
              source={c.id === 'actions' ? undefined : c.id}
              label={label(c.id)}
              disableSort={!c.sortable}
              render={c.render}
              cellSx={c.wraps ? wraps : c.mono ? mono : nowrap}
            >
              {c.cell}
            </DataTable.Col>
          ))}
        </DataTable>
      </ListBody>
    </AppList>
  );
};

/** The list of one Deposit screen, as the component a route renders. */
export const payinListOf = (view: PayinView) => {
  const Screen = () => <PayinList view={view} />;
  Screen.displayName = `PayinList(${view})`;
  return Screen;
};
