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

/**
 * The pay-in as the server wrote it into the page (`#pay-state`, see server/plugins/pay-html.ts),
 * so the first screen needs no call of its own; none (the page served another way), and it is fetched.
 */
export const inlinedPay = (): PayResult | undefined => {
  const text = document.getElementById('pay-state')?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as { data?: PayView; status: number; serverTime: number };
    if (state.data) return { data: state.data, error: null, serverTime: state.serverTime };
    if (state.status === 404) return { data: null, error: { message: 'Not found', status: 404, retryable: false } };
  } catch {
    // A state the page cannot read is fetched like a missing one.
  }
  return undefined;
};

const pathOf = (id: string, action = '') => `/v1/pay/${encodeURIComponent(id)}${action}`;
const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const fetchPay = (id: string) => send(pathOf(id));

/** A short key of a text (FNV-1a), for an address that must change when the text does. */
export const textKey = (text: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
};

/**
 * The QR image of the pay-in's `upi://pay` link, drawn by the server as SVG. The link's key is in
 * the address only so that a new link (the amount chosen) fetches a new image: the server draws the
 * pay-in's own link, never one it is sent.
 */
export const qrPath = (id: string, link: string) => `${pathOf(id, '/qr.svg')}?v=${textKey(link)}`;

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
