import { HttpError, type fetchUtils } from 'react-admin';
import { exchange, type ApiError, type Exchange } from './http';

/**
 * A failure as react-admin reads it: the server's message and status, the error as body. A failure
 * naming a field also carries `errors` in the shape react-admin's forms read: the message shows
 * under that input, and as the form's error notification.
 */
export const toHttpError = (error: ApiError): HttpError => {
  const errors = error.field ? { errors: { [error.field]: error.message, root: { serverError: error.message } } } : {};
  return new HttpError(error.message, error.status, { ...error, ...errors });
};

const headerMap = (headers?: HeadersInit): Record<string, string> => Object.fromEntries(new Headers(headers).entries());

/**
 * The HTTP client of react-admin's REST providers over this API (DESIGN §7): every call carries the
 * stored credential and the spec's headers, an answer's envelope `{ data }` arrives as `json`, and
 * the error shape `{ error: { message, code, field } }` is thrown as an HttpError.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const { result, status, headers, body } = await exchange<{ data?: unknown } | null>({
    method: (options.method ?? 'GET') as Exchange['method'],
    url,
    payload: options.body ?? undefined,
    extra: headerMap(options.headers),
    signal: options.signal ?? undefined,
  });
  if (result.error) throw toHttpError(result.error);
  return { status, headers, body, json: result.data?.data };
};
