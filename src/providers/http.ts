import queryString, { type StringifiableRecord } from 'query-string';
import { apiUrl, send, type HeaderMap } from './exchange';

/** The one HTTP module of the dashboard (SPEC §7, §8): every call resolves to { data, error }. */
export * from './exchange';

export const MERCHANT_LIST_PATH = 'getall-merchant';
const MERCHANT_LIST_PAGE_SIZE = 1000;

export interface RequestOptions {
  signal?: AbortSignal;
}

type Params = Record<string, unknown>;

/** Empty, null, undefined and empty-list values are left out; lists are comma-joined. */
export const buildQuery = (params: Params): string => {
  const asText = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
  const prepared = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value.map(asText) : asText(value)]),
  );
  return queryString.stringify(prepared as StringifiableRecord, {
    skipNull: true,
    skipEmptyString: true,
    arrayFormat: 'comma',
    sort: false,
  });
};

const urlOf = (path: string, params: Params = {}): string => {
  const base = apiUrl(path);
  const query = buildQuery(params);
  if (!query) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
};

/** GET with query parameters; the merchant list asks for 1000 rows unless told otherwise. */
export const get = <T = unknown>(path: string, params: Params = {}, options: RequestOptions = {}) => {
  const withDefaults =
    path.includes(MERCHANT_LIST_PATH) &&
    (params.pageSize === undefined || params.pageSize === null || params.pageSize === '')
      ? { ...params, pageSize: MERCHANT_LIST_PAGE_SIZE }
      : params;
  return send<T>({ method: 'GET', url: urlOf(path, withDefaults), signal: options.signal });
};

/** GET with the caller's headers only (for instance a merchant API key), never the stored credential. */
export const getWithHeaders = <T = unknown>(path: string, headers: HeaderMap, params: Params = {}) =>
  send<T>({ method: 'GET', url: urlOf(path, params), headers });
