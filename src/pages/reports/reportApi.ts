import { EXPORT_PATH } from '../../providers/dataProvider';
import { get, getFile } from '../../providers/http';
import type { ReportQuery } from './query';

/** A report's answer: a page of rows and how many match. */
export interface ReportPage<R> {
  data: R[];
  total?: number;
}

/** The only calls of the report screens: their rows, and the server's CSV of the same filters. */
export const reportApi = {
  rows: <R>(api: string, query: ReportQuery, signal?: AbortSignal) => get<ReportPage<R>>(`/${api}`, query, { signal }),
  /** Fetched with the stored credential, never one in the address. */
  csv: (api: string, query: ReportQuery) =>
    getFile(EXPORT_PATH(api, { filter: query }), `${api.replace('/', '-')}.csv`),
};
