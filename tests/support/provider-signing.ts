import { createHash, createHmac } from 'node:crypto';
import type { Provider } from '../../domain/providers';
import type { TestServer } from './server';

/**
 * The providers' side of their webhooks, for tests: their accounts as the test server is
 * configured with them, bodies shaped as each one sends them, and their signatures (reference §1).
 */
export const PROVIDER_ACCOUNTS = {
  razorpay: { keyId: 'rzp_test_key', keySecret: 'rzp_test_key_secret', webhookSecret: 'rzp-webhook-secret-0123' },
  cashfree: { keyId: 'cf-client-id', keySecret: 'cf-client-secret-4567' },
  payu: { keyId: 'payukey1', keySecret: 'payu-salt-89ab' },
};

export type Signed = { body: string; headers: Record<string, string> };

export const signRazorpay = (body: string, secret = PROVIDER_ACCOUNTS.razorpay.webhookSecret) =>
  createHmac('sha256', secret).update(body).digest('hex');

export const signCashfree = (body: string, timestamp: string, secret = PROVIDER_ACCOUNTS.cashfree.keySecret) =>
  createHmac('sha256', secret)
    .update(timestamp + body)
    .digest('base64');

const PAYU_HASHED = [
  'udf5',
  'udf4',
  'udf3',
  'udf2',
  'udf1',
  'email',
  'firstname',
  'productinfo',
  'amount',
  'txnid',
  'key',
];

export const payuHash = (fields: Record<string, string>, salt = PROVIDER_ACCOUNTS.payu.keySecret) => {
  const parts = [salt, fields.status ?? '', '', '', '', '', '', ...PAYU_HASHED.map((f) => fields[f] ?? '')];
  if ('additionalCharges' in fields) parts.unshift(fields.additionalCharges);
  return createHash('sha512').update(parts.join('|')).digest('hex');
};

export interface Payment {
  paymentId: string;
  /** RazorPay: its order id; CashFree: the order id (the pay-in's id); PayU: the txnid. */
  orderId: string;
  /** RazorPay: integer paise; CashFree: the JSON number's text; PayU: the form's text. */
  amount: string;
  utr?: string;
  reason?: string;
}

export const razorpayEvent = (event: string, p: Payment, extra: { notes?: Record<string, string> } = {}): string =>
  `{"entity":"event","account_id":"acc_test","event":"${event}","contains":["payment"],"payload":{"payment":{"entity":${JSON.stringify(
    {
      id: p.paymentId,
      entity: 'payment',
      currency: 'INR',
      status: event === 'payment.failed' ? 'failed' : 'captured',
      order_id: p.orderId,
      method: 'upi',
      notes: extra.notes ?? {},
      ...(p.reason ? { error_description: p.reason } : {}),
      ...(p.utr ? { acquirer_data: { rrn: p.utr } } : {}),
    },
  ).replace(/^\{/, `{"amount":${p.amount},`)}}},"created_at":1700000000}`;

export const signedRazorpay = (body: string, eventId?: string): Signed => ({
  body,
  headers: {
    'content-type': 'application/json',
    'x-razorpay-signature': signRazorpay(body),
    ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
  },
});

/** CashFree's payment webhook; the amount is written as given ("170.10" stays 170.10 in the body). */
export const cashfreeEvent = (status: 'SUCCESS' | 'FAILED' | 'USER_DROPPED', p: Payment): string => {
  const type = {
    SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
    FAILED: 'PAYMENT_FAILED_WEBHOOK',
    USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
  }[status];
  const payment = `{"cf_payment_id":${p.paymentId},"payment_status":"${status}","payment_amount":${p.amount},"payment_currency":"INR","payment_message":${JSON.stringify(
    p.reason ?? 'ok',
  )},"payment_time":"2024-01-01T10:00:00+05:30","bank_reference":${JSON.stringify(p.utr ?? null)},"payment_group":"upi"}`;
  return `{"data":{"order":{"order_id":"${p.orderId}","order_amount":${p.amount},"order_currency":"INR"},"payment":${payment}},"event_time":"2024-01-01T10:00:01+05:30","type":"${type}"}`;
};

export const signedCashfree = (body: string, opts: { timestamp?: number; secret?: string } = {}): Signed => {
  const timestamp = String(opts.timestamp ?? Date.now());
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signCashfree(body, timestamp, opts.secret),
      'x-webhook-version': '2023-08-01',
    },
  };
};

/** PayU's webhook form with its reverse hash (`hash`). */
export const payuFields = (status: string, p: Payment): Record<string, string> => ({
  mihpayid: p.paymentId,
  mode: 'UPI',
  status,
  unmappedstatus: status === 'success' ? 'captured' : 'failed',
  key: PROVIDER_ACCOUNTS.payu.keyId,
  txnid: p.orderId,
  amount: p.amount,
  productinfo: 'Deposit',
  firstname: 'Asha',
  email: 'asha@example.com',
  udf1: '',
  udf2: '',
  udf3: '',
  udf4: '',
  udf5: '',
  ...(p.utr ? { bank_ref_num: p.utr } : {}),
  ...(p.reason ? { error_Message: p.reason } : {}),
});

export const signedPayu = (fields: Record<string, string>, salt?: string): Signed => ({
  body: new URLSearchParams({ ...fields, hash: payuHash(fields, salt) }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Sends a body exactly as given to /v1/webhooks/{provider}. */
export const sendWebhook = async (s: TestServer, provider: Provider, { body, headers }: Signed) => {
  const res = await fetch(`${s.url}/v1/webhooks/${provider}`, { method: 'POST', headers, body });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
};
