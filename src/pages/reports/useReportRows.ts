import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Report } from './report';
import { reportApi } from './reportApi';
import type { ReportQuery } from './query';

/** A search: the filters sent, the page shown, and which press of Search it was (each one reads again). */
export interface ReportSearch {
  query: ReportQuery;
  page: number;
  perPage: number;
  run: number;
}

/** A row as the table draws it: with an id (the accounts' rows are named by their party and day). */
export type Identified<R> = R & { id: string };

/** The rows of a report for a search, read only once Search is pressed; a refusal carries the server's message. */
export const useReportRows = <R>(report: Report<R>, search: ReportSearch | null) =>
  useQuery({
    queryKey: ['reports', report.api, search],
    enabled: search !== null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async ({ signal }) => {
      const { query, page, perPage } = search!;
      const result = await reportApi.rows<R>(report.api, { ...query, page, pageSize: perPage }, signal);
      if (result.error) throw new Error(result.error.message);
      const rows = result.data?.data ?? [];
      const data = rows.map((row) => ({ ...row, id: report.rowId?.(row) ?? (row as { id: string }).id }));
      return { data: data as Identified<R>[], total: result.data?.total ?? rows.length };
    },
  });
