import { TOKEN_KEY } from '../session/storageKeys';
import { toFormData } from './formData';

/**
 * The exchange with the API (SPEC §7, §8) without query strings: what the sign-in page needs, so
 * that it loads no query-string code. http.ts adds GET with parameters and re-exports all of this.
 */
export const API_ROOT = '/v1';

const ALLOWED_METHODS = 'PUT,DELETE,POST,GET,OPTION';

export interface ApiError {
  message: string;
  status?: number;
  code?: string;
  field?: string;
}

export type Result<T> = { data: T; error: null } | { data: null; error: ApiError };

/** Extra headers sent beside the stored credential, for instance X-Confirmation. */
export interface SendOptions {
  headers?: Record<string, string>;
  multipart?: boolean;
}

export type HeaderMap = Record<string, string>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** SPEC §8: error.message, then message, then the error's own message, otherwise 'Unknown Error'. */
export const normaliseError = (error: unknown, status?: number): ApiError => {
  const own = isObject(error) ? error : {};
  const body = isObject(own.body) ? own.body : own;
  const nested = isObject(body.error) ? body.error : {};
  const message = text(nested.message) ?? text(body.message) ?? text(own.message) ?? text(error) ?? 'Unknown Error';
  const code = text(nested.code) ?? text(body.code);
  const field = text(nested.field);
  const knownStatus = status ?? (typeof own.status === 'number' ? own.status : undefined);
  return {
    message,
    ...(knownStatus !== undefined && { status: knownStatus }),
    ...(code !== undefined && { code }),
    ...(field !== undefined && { field }),
  };
};

const unauthorizedListeners = new Set<(error: ApiError) => void>();

/** Called when a call that carried the stored credential gets HTTP 401. Returns the unsubscribe. */
export const onUnauthorized = (listener: (error: ApiError) => void): (() => void) => {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
};

const storedToken = (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY));
/** The API's URL of a path, with or without its leading slash. */
export const apiUrl = (path: string): string => `${API_ROOT}${path.startsWith('/') ? path : `/${path}`}`;

/** A call to the API at a full URL: `own` headers replace the stored credential, `extra` ones go beside it. */
export interface Exchange {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: BodyInit;
  own?: HeaderMap;
  extra?: HeaderMap;
  signal?: AbortSignal;
}

/** What the server answered: the parsed body or the error, with the status, headers and raw text. */
export interface Answer<T> {
  result: Result<T>;
  status: number;
  headers: Headers;
  body: string;
}

const parse = (raw: string): unknown => {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};

/** The one exchange with the API: the spec's headers (SPEC §7), the body parsed, a 401 reported. */
export const exchange = async <T>({ method, url, payload, own, extra, signal }: Exchange): Promise<Answer<T>> => {
  const token = own ? null : storedToken();
  const headers: HeaderMap = { ...extra, ...own };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers['Access-Control-Allow-Methods'] = ALLOWED_METHODS;
  }
  const json = typeof payload === 'string' || (token !== null && !(payload instanceof FormData));
  if (json && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }

  try {
    const response = await fetch(url, { method, headers, body: payload, signal });
    const body = await response.text();
    const data = parse(body);
    const answer = { status: response.status, headers: response.headers, body };
    if (response.ok) return { ...answer, result: { data: data as T, error: null } };
    const error = normaliseError(isObject(data) ? data : null, response.status);
    if (token && response.status === 401) unauthorizedListeners.forEach((listener) => listener(error));
    return { ...answer, result: { data: null, error } };
  } catch (failure) {
    return { status: 0, headers: new Headers(), body: '', result: { data: null, error: normaliseError(failure) } };
  }
};
export interface Call {
  method: Exchange['method'];
  url: string;
  body?: unknown;
  multipart?: boolean;
  /** Caller-supplied headers: when present, the stored credential is never sent. */
  headers?: HeaderMap;
  /** Headers added to the stored credential. */
  extra?: HeaderMap;
  signal?: AbortSignal;
}

const payloadOf = ({ method, body, multipart = false }: Call): BodyInit | undefined => {
  if (multipart || body instanceof FormData) return toFormData(body);
  // POST, PUT and DELETE always carry a JSON body: a JSON content type with an empty body is refused.
  if (body !== undefined || method !== 'GET') return JSON.stringify(body ?? {});
  return undefined;
};
export const send = async <T>(call: Call): Promise<Result<T>> => {
  const { method, url, headers: own, extra, signal } = call;
  return (await exchange<T>({ method, url, payload: payloadOf(call), own, extra, signal })).result;
};

/** The third argument is the multipart flag (SPEC §7), or options with it and extra headers. */
const optionsOf = (value: boolean | SendOptions = {}): SendOptions =>
  typeof value === 'boolean' ? { multipart: value } : value;

export const post = <T = unknown>(path: string, body?: unknown, options: boolean | SendOptions = false) => {
  const { multipart, headers } = optionsOf(options);
  return send<T>({ method: 'POST', url: apiUrl(path), body, multipart, extra: headers });
};

export const put = <T = unknown>(path: string, body?: unknown, options: boolean | SendOptions = false) => {
  const { multipart, headers } = optionsOf(options);
  return send<T>({ method: 'PUT', url: apiUrl(path), body, multipart, extra: headers });
};

export const del = <T = unknown>(path: string, body?: unknown, options: Pick<SendOptions, 'headers'> = {}) =>
  send<T>({ method: 'DELETE', url: apiUrl(path), body, extra: options.headers });

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const fileNameOf = (response: Response, fallback: string) =>
  /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/** A file the server builds (a CSV export), fetched with the stored credential. `url` starts with API_ROOT. */
export const getFile = async (url: string, fallbackName = 'export.csv'): Promise<Result<DownloadedFile>> => {
  const token = storedToken();
  const headers: HeaderMap = token ? { Authorization: `Bearer ${token}` } : {};
  try {
    const response = await fetch(url, { method: 'GET', headers });
    if (response.ok)
      return { data: { blob: await response.blob(), fileName: fileNameOf(response, fallbackName) }, error: null };
    const body = parse(await response.text());
    const error = normaliseError(isObject(body) ? body : null, response.status);
    if (token && response.status === 401) unauthorizedListeners.forEach((listener) => listener(error));
    return { data: null, error };
  } catch (failure) {
    return { data: null, error: normaliseError(failure) };
  }
};

/** POST with the caller's headers only, never the stored credential. */
export const postWithHeaders = <T = unknown>(path: string, body: unknown, headers: HeaderMap) =>
  send<T>({ method: 'POST', url: apiUrl(path), body, headers });
