import type { ReactNode } from 'react';
import ChargeBackIcon from '@mui/icons-material/AssignmentReturnOutlined';
import { DataTable, FilterButton, TopToolbar } from 'react-admin';
import { AppList } from '../shared/AppList';
import { ListBody, type CardFields } from '../shared/CardList';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { ExportButton } from '../shared/ExportButton';
import { ListNoneFound } from '../shared/ListEmpty';
import { ListPagination } from '../shared/ListPagination';
import { lienFilters } from './LienFilters';
import { NewLienButton } from './NewLienButton';
import type { Lien } from './types';

/** 'yyyy-mm-dd' (an IST day already) as dd/mm/yyyy. */
export const formatDay = (day: string | null | undefined) => (day ?? '').split('-').reverse().join('/');

interface LienColumn {
  source: keyof Lien;
  /** The API sorts by these (LIEN_SORTS). */
  sortable?: boolean;
  render?: (r: Lien) => ReactNode;
}

/** The columns of the current console's ChargeBack table (reference §5). */
const LIEN_COLUMNS: readonly LienColumn[] = [
  { source: 'merchantCode' },
  { source: 'merchantOrderId' },
  { source: 'customerId' },
  { source: 'amount', sortable: true, render: (r) => formatRupees(r.amount) },
  { source: 'receivedAt', sortable: true, render: (r) => formatDay(r.receivedAt) },
  { source: 'reason' },
  { source: 'createdAt', sortable: true, render: (r) => formatDateTime(r.createdAt) },
];

const nowrap = () => ({ whiteSpace: 'nowrap' });

/** A chargeback on a phone: amount, order id, merchant and reason. */
const card: CardFields<Lien> = {
  headline: (r) => formatRupees(r.amount),
  title: (r) => r.merchantOrderId,
  detail: (r) => [r.merchantCode, r.reason].filter(Boolean).join(' · '),
  createdAt: (r) => r.createdAt,
};

/** /app/lien: the chargebacks, newest first; filters, pages and the export run on the server. */
export const LienList = () => (
  <AppList
    filters={lienFilters}
    actions={
      <TopToolbar>
        <FilterButton />
        <NewLienButton />
        <ExportButton label="resources.lien.export" />
      </TopToolbar>
    }
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={25}
    pagination={<ListPagination />}
    empty={false}
  >
    <ListBody card={card} empty={<ListNoneFound icon={<ChargeBackIcon />} />}>
      <DataTable<Lien> rowClick="show" bulkActionButtons={false} empty={<ListNoneFound icon={<ChargeBackIcon />} />}>
        {LIEN_COLUMNS.map((c) => (
          <DataTable.Col<Lien>
            key={c.source}
            source={c.source}
            label={`resources.lien.fields.${c.source}`}
            disableSort={!c.sortable}
            render={c.render}
            cellSx={c.source === 'reason' ? undefined : nowrap}
          />
        ))}
      </DataTable>
    </ListBody>
  </AppList>
);
