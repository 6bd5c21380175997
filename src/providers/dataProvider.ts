import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, SortPayload } from 'react-admin';
import { apiResourceOf } from '../../domain/access';
import type { Merchant, MerchantListProvider } from '../merchants';
import { API_ROOT, MERCHANT_LIST_PATH, buildQuery, get, type Result } from './http';
import { httpClient, toHttpError } from './httpClient';

/**
 * The admin's data provider over the API conventions (DESIGN §7). Calls for one record, create,
 * update, delete and their Many forms are ra-data-simple-rest's over this API's HTTP client; the
 * lists are this API's own: GET /v1/<resource>?page&pageSize&sortBy&sortOrder&<filters> answering
 * { data: rows, total }, lists of values comma-joined. Failures throw HttpError with the server's message.
 */
type Filter = Record<string, unknown>;
type Page<T> = { data: T[]; total?: number; totalCapped?: boolean };

/** Resources are named after their SPEC route (/app/merchant); the API by its resource (domain/access). */
const pathOf = (resource: string): string => apiResourceOf(resource) ?? resource;

/** The answer's data, or its failure thrown; an aborted call rejects as aborted. */
const unwrap = <T>(result: Result<T>, signal?: AbortSignal): T => {
  if (signal?.aborted) throw signal.reason;
  if (result.error) throw toHttpError(result.error);
  return result.data as T;
};

const sortQuery = (sort?: SortPayload) =>
  sort?.field ? { sortBy: sort.field, sortOrder: sort.order.toLowerCase() } : {};

/**
 * A list's page. When the server stopped counting (`totalCapped`), react-admin gets no total but
 * whether there is a next page, and shows "1-25 of more than 25" with next/previous only.
 */
const listOf = async (resource: string, query: Filter, signal?: AbortSignal) => {
  const body = unwrap(await get<Page<never>>(`/${pathOf(resource)}`, query, { signal }), signal);
  const data = body?.data ?? [];
  if (!body?.totalCapped) return { data, total: body?.total ?? data.length };
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? data.length);
  return {
    data,
    pageInfo: {
      hasPreviousPage: page > 1,
      // Capped means more rows than counted: only a short page is the last.
      hasNextPage: data.length === pageSize,
    },
  };
};

/** Where the server streams the CSV export of a list with the same filters and sort; `resource` is the API path. */
export const EXPORT_PATH = (resource: string, params: { filter?: Filter; sort?: SortPayload } = {}): string => {
  const query = buildQuery({ ...sortQuery(params.sort), ...params.filter });
  return `${API_ROOT}/${resource}/export${query ? `?${query}` : ''}`;
};

const rest = simpleRestProvider(API_ROOT, httpClient);

export const dataProvider: DataProvider & MerchantListProvider = {
  getList: (resource, { pagination, sort, filter, signal }) =>
    listOf(resource, { page: pagination?.page, pageSize: pagination?.perPage, ...sortQuery(sort), ...filter }, signal),

  getMany: async (resource, { ids, signal }) => {
    const { data } = await listOf(resource, { ids }, signal);
    return { data };
  },

  getManyReference: (resource, { target, id, pagination, sort, filter, signal }) =>
    listOf(
      resource,
      { page: pagination.page, pageSize: pagination.perPage, ...sortQuery(sort), ...filter, [target]: id },
      signal,
    ),

  getOne: (resource, params) => rest.getOne(pathOf(resource), params),
  create: (resource, params) => rest.create(pathOf(resource), params),
  update: (resource, params) => rest.update(pathOf(resource), params),
  updateMany: (resource, params) => rest.updateMany(pathOf(resource), params),

  /** An empty answer stands for the record as it was. */
  delete: async (resource, params) => {
    const { data } = await rest.delete(pathOf(resource), params);
    return { data: data ?? params.previousData };
  },
  deleteMany: (resource, params) => rest.deleteMany(pathOf(resource), params),

  /** The shell's merchant list (SPEC §6, §7), answering { data: { merchants, total } }. */
  getMerchantList: async (query, { signal } = {}) => {
    const body = unwrap(
      await get<{ data?: { merchants?: unknown } }>(`/${MERCHANT_LIST_PATH}`, query, { signal }),
      signal,
    );
    const list = body?.data?.merchants;
    return { data: Array.isArray(list) ? (list as Merchant[]) : [] };
  },
};
