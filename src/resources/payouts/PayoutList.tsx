import { useMemo } from 'react';
import WithdrawalIcon from '@mui/icons-material/PaymentsOutlined';
import { Card, CardContent } from '@mui/material';
import { ColumnsButton, DataTable, FilterButton, TopToolbar, useListContext, useTranslate } from 'react-admin';
import { PAYOUT_VIEWS, type PayoutView } from '../../../domain/payout';
import { Message } from '../../layout/Message';
import { formatRupees } from '../../../domain/format';
import { AppList } from '../shared/AppList';
import { ListBody, type CardFields } from '../shared/CardList';
import { ListPagination } from '../shared/ListPagination';
import { usePhone } from '../shared/usePhone';
import { PayoutStatusCell } from './PayoutCells';
import { NewPayoutButton } from './NewPayoutButton';
import { hiddenPayoutColumns, isField, payoutColumns } from './payoutColumns';
import { PayoutExportButton } from './PayoutExportButton';
import { payoutFilters } from './PayoutFilters';
import { PayoutBulkBar } from './PayoutSelection';
import type { Payout } from './types';
import { usePayoutAccess } from './usePayoutAccess';

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ColumnsButton />
    <NewPayoutButton />
    <PayoutExportButton />
  </TopToolbar>
);

/** Worded by `resources.payouts.empty.*` whichever screen shows it; pay-outs are made with New Payout, not a create page. */
const NoneFound = () => {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const text = (key: string) =>
    translate(`resources.payouts.empty.${Object.keys(filterValues).length > 0 ? `filtered_${key}` : key}`);
  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent>
        <Message icon={<WithdrawalIcon />} title={text('title')} text={text('text')} />
      </CardContent>
    </Card>
  );
};

const COLUMN_HEADERS = ['merchantOrderId', 'amount', 'utr'];
const label = (id: string) => `resources.payouts.${COLUMN_HEADERS.includes(id) ? 'columns' : 'fields'}.${id}`;
const nowrap = () => ({ whiteSpace: 'nowrap' });
const mono = () => ({ whiteSpace: 'nowrap', fontFamily: 'monospace' });
/** A date and its time break onto two lines at " at ": the column stays narrow. */
const wraps = () => ({ whiteSpace: 'normal', minWidth: 96, maxWidth: 110 });

/**
 * One list for the three Withdrawal screens: `view` fixes the statuses listed (PAYOUT_VIEWS),
 * except on All where the status is a filter. Newest first; filters, pages and the export run on
 * the server. Staff who assign select rows for the bulk bar (Add Vendor, Batch Withdrawal).
 */
export const PayoutList = ({ view }: { view: PayoutView }) => {
  const access = usePayoutAccess();
  const filters = useMemo(() => payoutFilters({ view, access }), [view, access]);
  const columns = payoutColumns(access);
  const phone = usePhone();
  const card: CardFields<Payout> = {
    headline: (r) => formatRupees(r.amount),
    status: <PayoutStatusCell />,
    title: (r) => r.merchantOrderId ?? r.utr ?? r.id.slice(0, 8),
    createdAt: (r) => r.createdAt,
    action: columns.find((c) => c.id === 'actions')?.cell,
  };
  return (
    <AppList
      filter={view === 'all' ? undefined : { status: PAYOUT_VIEWS[view] }}
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
    >
      {access.mayAssign && !phone && <PayoutBulkBar />}
      <ListBody card={card} empty={<NoneFound />}>
        <DataTable<Payout>
          rowClick="show"
          bulkActionButtons={false}
          hiddenColumns={hiddenPayoutColumns(columns)}
          empty={<NoneFound />}
          sx={{ '& .MuiTableCell-root': { px: 1 } }}
        >
          {columns.map((c) => (
            <DataTable.Col<Payout>
              key={c.id}
              source={isField(c.id) ? c.id : undefined}
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

/** The list of one Withdrawal screen, as the component a route renders. */
export const payoutListOf = (view: PayoutView) => {
  const Screen = () => <PayoutList view={view} />;
  Screen.displayName = `PayoutList(${view})`;
  return Screen;
};
