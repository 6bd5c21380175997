import type { ReactNode } from 'react';
import SearchIcon from '@mui/icons-material/ManageSearch';
import InboxIcon from '@mui/icons-material/Inbox';
import { Alert, Card, LinearProgress } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, ListPaginationContext, useTranslate } from 'react-admin';
import { Message } from '../../layout/Message';
import { ListPagination } from '../../resources/shared/ListPagination';
import { usePhone } from '../../resources/shared/usePhone';
import { ReportCards } from './ReportCards';
import type { Report } from './report';
import type { Identified, ReportSearch } from './useReportRows';

const nowrap = () => ({ whiteSpace: 'nowrap' });

/**
 * Where a report's row opens (issue 31, item 7): a person reads the row and clicks it, never its
 * UUID, which stays in the CSV for the systems that reconcile by it.
 */
const RECORD_PATHS: Partial<Record<string, (id: string) => string>> = {
  'reports/payins': (id) => `/app/deposit/all/${id}/show`,
  'reports/payouts': (id) => `/app/withdrawal/all/${id}/show`,
  'reports/vendor-payouts': (id) => `/app/withdrawal/all/${id}/show`,
};

/**
 * The rows of the last search in a table with real column headers, a page at a time (the server
 * pages them); before any search, a line saying what to do.
 */
export const ReportTable = <R,>({
  report,
  search,
  rows,
  onPage,
}: {
  report: Report<R>;
  search: ReportSearch | null;
  rows: UseQueryResult<{ data: Identified<R>[]; total: number }>;
  onPage: (page: number, perPage: number) => void;
}) => {
  const translate = useTranslate();
  const phone = usePhone();
  const notice = (key: 'start' | 'none', icon: ReactNode) => (
    <Message icon={icon} title={translate(`app.reports.${key}.title`)} text={translate(`app.reports.${key}.text`)} />
  );
  if (!search) return <Card variant="outlined">{notice('start', <SearchIcon />)}</Card>;
  if (rows.isError) return <Alert severity="error">{rows.error.message}</Alert>;

  const total = rows.data?.total ?? 0;
  const recordPath = RECORD_PATHS[report.api];
  const pagination = {
    page: search.page,
    perPage: search.perPage,
    total,
    isPending: rows.isPending,
    isLoading: rows.isLoading,
    hasPreviousPage: search.page > 1,
    hasNextPage: search.page * search.perPage < total,
    setPage: (page: number) => onPage(page, search.perPage),
    setPerPage: (perPage: number) => onPage(1, perPage),
    resource: report.api,
  };
  const columns = report.columns.filter(({ source }) => source !== 'id');
  return (
    <Card variant="outlined" sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}>
      {rows.isFetching && !rows.isPending && <LinearProgress aria-label={translate('app.loading')} />}
      {phone && rows.data && rows.data.data.length > 0 ? (
        <ReportCards report={report} rows={rows.data.data} recordPath={recordPath} />
      ) : (
        <DataTable<Identified<R>>
          resource={report.api}
          data={rows.data?.data}
          total={total}
          isPending={rows.isPending}
          bulkActionButtons={false}
          storeKey={`reports.${report.screen}`}
          rowClick={recordPath ? (id) => recordPath(String(id)) : false}
          empty={notice('none', <InboxIcon />)}
        >
          {columns.map(({ source, label = source, numeric, render }) => (
            <DataTable.Col<Identified<R>>
              key={source}
              source={source}
              label={`app.reports.fields.${label}`}
              disableSort
              align={numeric ? 'right' : 'left'}
              render={render && ((row) => render(row, translate))}
              cellSx={nowrap}
            />
          ))}
        </DataTable>
      )}
      <ListPaginationContext.Provider value={pagination}>
        <ListPagination />
      </ListPaginationContext.Provider>
    </Card>
  );
};
