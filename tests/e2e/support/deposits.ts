import QRCode from 'qrcode';
import type { ConfirmationKind } from '../../../domain/confirmations';
import { apiGet, apiSignIn } from './api';

/** Arranging deposits through the product's own API: a merchant's key and callback URL, pay-ins, links. */

interface Sent {
  status: number;
  body: any;
}

const send = async (
  url: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Sent> => {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}/v1${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: await res.json() };
};

const expectStatus = (what: string, sent: Sent, status: number) => {
  if (sent.status !== status) throw new Error(`${what}: ${sent.status} ${JSON.stringify(sent.body)}`);
  return sent.body.data;
};

/** The X-Confirmation header a sensitive action asks for, given by typing the demo password again. */
const confirmed = async (url: string, token: string, action: ConfirmationKind) => {
  const data = expectStatus(
    `confirmation ${action}`,
    await send(url, 'POST', '/confirmations', { token, body: { password: 'Demo@1234', action } }),
    200,
  );
  return { 'x-confirmation': data.confirmation as string };
};

/** The fields of PUT /v1/merchants/{id} (server/schemas/merchants.ts MerchantUpdate). */
const UPDATABLE = [
  'name',
  'siteUrl',
  'returnUrl',
  'payinCallbackUrl',
  'payoutCallbackUrl',
  'minPayin',
  'maxPayin',
  'payinFeePercent',
  'minPayout',
  'maxPayout',
  'payoutFeePercent',
  'testMode',
  'disputesAllowed',
] as const;

export interface ConnectedMerchant {
  id: string;
  apiKey: string;
  signingSecret: string;
}

/** The merchant's id and record as admin reads them, with admin's token. */
const merchantOf = async (url: string, code: string) => {
  const token = await apiSignIn(url, 'admin');
  const { data } = await apiGet<{ data: Record<string, unknown>[] }>(url, token, `/merchants?code=${code}`);
  const merchant = data.find((m) => m.code === code);
  if (!merchant) throw new Error(`no merchant ${code}`);
  return { token, id: String(merchant.id), merchant };
};

const rotate = async (url: string, token: string, code: string, id: string) =>
  expectStatus(
    `rotating the key of ${code}`,
    await send(url, 'POST', `/merchants/${id}/rotate-key`, {
      token,
      headers: await confirmed(url, token, 'merchant.rotate-keys'),
    }),
    200,
  ) as { apiKey: string; signingSecret: string };

/**
 * A fresh API key of the merchant (its key rotated by admin). The browser files share one product
 * and rotate keys as they go: none relies on the seeded key.
 */
export const freshApiKey = async (url: string, code: string): Promise<string> => {
  const { token, id } = await merchantOf(url, code);
  return (await rotate(url, token, code, id)).apiKey;
};

/**
 * As ADMIN: a new API key and signing secret for a demo merchant (the answer shows them once) and
 * its pay-in callbacks sent to `callbackUrl`.
 */
export const connectMerchant = async (url: string, code: string, callbackUrl: string): Promise<ConnectedMerchant> => {
  const { token, id, merchant } = await merchantOf(url, code);
  const rotated = await rotate(url, token, code, id);
  const update = Object.fromEntries(UPDATABLE.map((field) => [field, merchant[field]]));
  expectStatus(
    `setting the callback URL of ${code}`,
    await send(url, 'PUT', `/merchants/${id}`, {
      token,
      body: { ...update, payinCallbackUrl: callbackUrl },
      headers: await confirmed(url, token, 'merchant.callback-urls'),
    }),
    200,
  );
  return { id, apiKey: rotated.apiKey, signingSecret: rotated.signingSecret };
};

export interface CreatedPayin {
  id: string;
  merchantOrderId: string;
  status: string;
  amount: number | null;
  payUrl: string;
}

/** POST /v1/merchant-api/payins with the merchant's key, as the merchant's own server does. */
export const createPayin = async (url: string, apiKey: string, body: Record<string, unknown>) =>
  expectStatus(
    'creating a pay-in through the merchant API',
    await send(url, 'POST', '/merchant-api/payins', { body, headers: { 'x-api-key': apiKey } }),
    201,
  ) as CreatedPayin;

/** A payment link made by staff for a merchant (POST /v1/payins/links). */
export const paymentLink = async (url: string, token: string, body: Record<string, unknown>) =>
  expectStatus(
    'creating a payment link',
    await send(url, 'POST', '/payins/links', { token, body }),
    201,
  ) as CreatedPayin;

/** The pay page's address, absolute whether the API answers it with PUBLIC_URL's origin, the request's, or none. */
export const payPageUrl = (url: string, payin: CreatedPayin) => new URL(payin.payUrl, url).href;

let orders = 0;
/** A merchant order id unique across runs. */
export const orderId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(orders += 1)}`;

/** A screenshot's width: a real PNG the browser must decode (not only a PNG signature). */
export const SHOT_WIDTH = 64;

/** The customer's side on the pay page: the pay-in assigned an account, then a screenshot sent (IMG_PENDING); its code. */
export const screenshotSent = async (url: string, payinId: string): Promise<string> => {
  const pay = `${url}/v1/pay/${payinId}`;
  const assigned = await fetch(`${pay}/assign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (assigned.status !== 200) throw new Error(`assign: ${assigned.status}`);
  const png = await QRCode.toBuffer('UTR 123456789012', { width: SHOT_WIDTH, margin: 0 });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png');
  const uploaded = await fetch(`${pay}/screenshot`, { method: 'POST', body: form });
  if (uploaded.status !== 200) throw new Error(`screenshot: ${uploaded.status}`);
  return ((await uploaded.json()) as { data: { shortCode: string } }).data.shortCode;
};

/**
 * A pay-in paid as a customer and operations pay one: a payment link of `amount`, assigned, the
 * customer's UTR, then operations record the bank credit of that UTR, which makes it SUCCESS.
 */
export const paidPayin = async (url: string, opts: { merchantCode: string; customerId: string; amount: number }) => {
  const admin = await apiSignIn(url, 'admin');
  const link = await paymentLink(url, admin, opts);
  expectStatus('assigning a bank', await send(url, 'POST', `/pay/${link.id}/assign`, { body: {} }), 200);
  const utr = String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-12);
  expectStatus('giving the UTR', await send(url, 'POST', `/pay/${link.id}/utr`, { body: { utr } }), 200);
  const { data: payin } = await apiGet<{ data: { bankAccountId: string } }>(url, admin, `/payins/${link.id}`);
  const operations = await apiSignIn(url, 'operations');
  const body = { bankAccountId: payin.bankAccountId, utr, amount: opts.amount };
  expectStatus('recording the credit', await send(url, 'POST', '/bank-entries', { token: operations, body }), 201);
  return { id: link.id, merchantOrderId: link.merchantOrderId, utr };
};
