import type { Provider } from '../../domain/providers';
import type { PayView } from '../../server/schemas/pay-page';
import type { PayKey } from './messages';
import type { IntentOrder } from './providerCheckout';

export type { PayView };

export interface PayError {
  message: string;
  status?: number;
  code?: string;
  /** Trying the same call again may work: the network failed, or the server was busy or broken. */
  retryable: boolean;
  /** The page's own message, shown in the page's language instead of `message`. */
  text?: { key: PayKey; values?: Record<string, string | number> };
}

export type Answer<T> =
  | { data: T; error: null; /** The server's clock (its Date header), when it sent one. */ serverTime?: number }
  | { data: null; error: PayError };
export type PayResult = Answer<PayView>;

export const NETWORK_MESSAGE = 'We could not reach the payment server. Check your internet connection and try again.';

const call = async <T>(path: string, init: RequestInit = {}): Promise<Answer<T>> => {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      cache: 'no-store',
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    return { data: null, error: { message: NETWORK_MESSAGE, retryable: true, text: { key: 'errors.network' } } };
  }
  const body = await response.json().catch(() => null);
  if (response.ok && body?.data) {
    const serverTime = Date.parse(response.headers.get('date') ?? '');
    return { data: body.data as T, error: null, ...(Number.isFinite(serverTime) && { serverTime }) };
  }
  const error = body?.error ?? {};
  const own = typeof error.message === 'string' && error.message.trim() !== '';
  const message = own
    ? error.message
    : `The payment server answered with an error (${response.status}). Please try again.`;
  return {
    data: null,
    error: {
      message,
      status: response.status,
      ...(typeof error.code === 'string' && { code: error.code }),
      retryable: response.status >= 500 || response.status === 429,
      ...(!own && { text: { key: 'errors.http' as const, values: { status: response.status } } }),
    },
  };
};

const send = (path: string, init?: RequestInit) => call<PayView>(path, init);

const pathOf = (id: string, action = '') => `/v1/pay/${encodeURIComponent(id)}${action}`;
const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const fetchPay = (id: string) => send(pathOf(id));

export const assignBank = (id: string, amount?: number) =>
  send(pathOf(id, '/assign'), postJson(amount === undefined ? {} : { amount }));

export const submitUtr = (id: string, utr: string) => send(pathOf(id, '/utr'), postJson({ utr }));

export const submitScreenshot = (id: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return send(pathOf(id, '/screenshot'), { method: 'POST', body: form });
};

/** Asks the server for a provider's order for this pay-in; `amount` (rupees) only when the pay-in's is not fixed. */
export const requestIntent = (id: string, provider: Provider, amount?: number) =>
  call<IntentOrder>(pathOf(id, '/intent'), postJson(amount === undefined ? { provider } : { provider, amount }));
