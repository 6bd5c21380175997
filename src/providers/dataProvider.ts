import { HttpError, type DataProvider, type Identifier, type SortPayload } from 'react-admin';
import { API_ROOT, buildQuery, del, get, post, put, type Result } from './http';

/**
 * The admin's data provider over the API conventions (DESIGN §7): lists are
 * GET /v1/<resource>?page&pageSize&sortBy&sortOrder&<filters> answering { data: rows, total };
 * single records answer { data }. Failures throw HttpError with the server's message.
 */
type Filter = Record<string, unknown>;
type Page<T> = { data: T[]; total?: number };
type One<T> = { data: T };

/**
 * A failure naming a field also carries `errors` in the shape react-admin's forms read: the
 * message shows under that input, and as the form's error notification.
 */
const unwrap = <T>(result: Result<T>): T => {
  const { error } = result;
  if (!error) return result.data as T;
  const errors = error.field ? { errors: { [error.field]: error.message, root: { serverError: error.message } } } : {};
  throw new HttpError(error.message, error.status, { ...error, ...errors });
};

/**
 * Resources are named after their SPEC route (/app/merchant); the API names them by DESIGN §7.
 * The one table between the two; a resource not listed has the same name on both sides.
 */
export const API_PATHS: Readonly<Record<string, string>> = {
  merchant: 'merchants',
  vendor: 'vendors',
  'bank-accounts': 'bank-accounts',
  user: 'users',
  'merchant-applications': 'merchant-applications',
  'audit-events': 'audit-events',
};

export const apiPath = (resource: string): string => API_PATHS[resource] ?? resource;

/** The resource of an API path (the audit log names records by API path). */
export const resourceOf = (path: string): string =>
  Object.keys(API_PATHS).find((name) => API_PATHS[name] === path) ?? path;

const recordPath = (resource: string, id: Identifier) => `/${apiPath(resource)}/${encodeURIComponent(String(id))}`;

const sortQuery = (sort?: SortPayload) =>
  sort?.field ? { sortBy: sort.field, sortOrder: sort.order.toLowerCase() } : {};

const listOf = async (resource: string, query: Filter, signal?: AbortSignal) => {
  const body = unwrap(await get<Page<never>>(`/${apiPath(resource)}`, query, { signal }));
  const data = body?.data ?? [];
  return { data, total: body?.total ?? data.length };
};

/** Where the server streams the CSV export of a list with the same filters and sort; `resource` is the API path. */
export const EXPORT_PATH = (resource: string, params: { filter?: Filter; sort?: SortPayload } = {}): string => {
  const query = buildQuery({ ...sortQuery(params.sort), ...params.filter });
  return `${API_ROOT}/${resource}/export${query ? `?${query}` : ''}`;
};

export const dataProvider: DataProvider = {
  getList: (resource, { pagination, sort, filter, signal }) =>
    listOf(resource, { page: pagination?.page, pageSize: pagination?.perPage, ...sortQuery(sort), ...filter }, signal),

  getOne: async (resource, { id, signal }) => unwrap(await get<One<never>>(recordPath(resource, id), {}, { signal })),

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

  create: async (resource, { data }) => unwrap(await post<One<never>>(`/${apiPath(resource)}`, data)),

  update: async (resource, { id, data }) => unwrap(await put<One<never>>(recordPath(resource, id), data)),

  updateMany: async (resource, { ids, data }) => {
    await Promise.all(ids.map(async (id) => unwrap(await put(recordPath(resource, id), data))));
    return { data: ids };
  },

  delete: async (resource, { id, previousData }) => {
    const body = unwrap(await del<One<never> | null>(recordPath(resource, id)));
    return { data: body?.data ?? (previousData as never) };
  },

  deleteMany: async (resource, { ids }) => {
    await Promise.all(ids.map(async (id) => unwrap(await del(recordPath(resource, id)))));
    return { data: ids };
  },
};
