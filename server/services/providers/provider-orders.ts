import { createHash } from 'node:crypto';
import { payuTxnidOf } from '../../../domain/providers';
import { PROVIDER_TIMEOUT_MS, ProviderError, exchange, refusal, text } from './provider-http';
import type { ProviderSettings } from './provider-config';

/**
 * The adapters that start a payment at a provider (issue 14): RazorPay's and CashFree's order APIs,
 * and PayU's hashed form (no call). Each answers what the customer's page needs to hand the
 * customer over (the hand-off) and the provider's order id; a failure is a ProviderError (502)
 * and nothing is kept. Base URLs come from the settings, so tests point them at a stand-in.
 */

/** What a provider needs to know of the pay-in. */
export interface OrderRequest {
  payinId: string;
  /** Integer paise: RazorPay takes paise, CashFree and PayU rupees with two decimals. */
  amountPaise: number;
  customerId: string;
  merchantOrderId: string;
  merchantName: string;
  /** The customer's pay page, where PayU sends the customer back. */
  payUrl: string;
}

export interface RazorpayHandoff {
  provider: 'razorpay';
  keyId: string;
  orderId: string;
  /** Paise, as RazorPay's checkout takes it. */
  amount: number;
  currency: 'INR';
  name: string;
}

export interface CashfreeHandoff {
  provider: 'cashfree';
  orderId: string;
  paymentSessionId: string;
  mode: 'sandbox' | 'production';
}

export interface PayuHandoff {
  provider: 'payu';
  /** Where the page posts the form. */
  action: string;
  fields: Record<string, string>;
}

export type Handoff = RazorpayHandoff | CashfreeHandoff | PayuHandoff;

export interface ProviderOrder {
  providerOrderId: string;
  handoff: Handoff;
}

/** Paise as rupees with exactly two decimals ('1234.50'), computed on integers. */
export const rupeesText = (paise: number): string => {
  if (!Number.isSafeInteger(paise) || paise <= 0) throw new Error('an amount is a positive integer of paise');
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
};

/** Paise as a JSON number of rupees with at most two decimals (CashFree's order_amount). */
export const rupeesNumber = (paise: number): number => Number(rupeesText(paise));

/** CashFree's customer_id: letters, digits, '_' and '-' only, at most 50. */
export const cashfreeCustomerId = (customerId: string): string =>
  customerId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 50) || 'customer';

/**
 * PayU's form fields the gateway has no customer data for: PayU requires them, and they are only
 * shown on its page. (CashFree requires a customer phone too.)
 */
export const PLACEHOLDER_CUSTOMER = { firstname: 'Customer', email: 'customer@example.com', phone: '9999999999' };

/** Text PayU keeps in productinfo: no '|' (the hash's separator) or other punctuation, at most 100. */
const payuText = (text: string) =>
  text
    .replace(/[^A-Za-z0-9 _-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100) || 'Payment';

/** PayU's request hash: sha512(key|txnid|amount|productinfo|firstname|email|udf1..udf5||||||SALT), lowercase hex. */
export const payuRequestHash = (fields: Record<string, string>, salt: string): string => {
  const udf = [1, 2, 3, 4, 5].map((n) => fields[`udf${n}`] ?? '');
  const parts = [
    fields.key,
    fields.txnid,
    fields.amount,
    fields.productinfo,
    fields.firstname,
    fields.email,
    ...udf,
    '',
    '',
    '',
    '',
    '',
    salt,
  ];
  return createHash('sha512').update(parts.join('|')).digest('hex');
};

/** RazorPay: POST /v1/orders with HTTP basic auth (key id : key secret); amounts in paise. */
const razorpayOrder = async (s: ProviderSettings, order: OrderRequest, timeoutMs: number): Promise<ProviderOrder> => {
  const auth = Buffer.from(`${s.keyId}:${s.keySecret}`).toString('base64');
  const answer = await exchange(
    'razorpay',
    `${s.apiBase}/v1/orders`,
    {
      method: 'POST',
      headers: { authorization: `Basic ${auth}` },
      body: {
        amount: order.amountPaise,
        currency: 'INR',
        receipt: order.payinId,
        notes: { payinId: order.payinId },
      },
    },
    timeoutMs,
  );
  if (answer.status < 200 || answer.status > 299) throw new ProviderError('razorpay', refusal(answer));
  const id = text(answer.body?.id);
  if (!id) throw new ProviderError('razorpay', `HTTP ${answer.status}: the answer has no order id`);
  if (answer.body?.amount !== order.amountPaise)
    throw new ProviderError('razorpay', 'the order was created for another amount');
  return {
    providerOrderId: id,
    handoff: {
      provider: 'razorpay',
      keyId: s.keyId!,
      orderId: id,
      amount: order.amountPaise,
      currency: 'INR',
      name: order.merchantName,
    },
  };
};

const CASHFREE_API_VERSION = '2023-08-01';

/** CashFree: POST /pg/orders with the client id and secret in headers; amounts in rupees. */
const cashfreeOrder = async (s: ProviderSettings, order: OrderRequest, timeoutMs: number): Promise<ProviderOrder> => {
  const headers = {
    'x-client-id': s.keyId!,
    'x-client-secret': s.keySecret!,
    'x-api-version': CASHFREE_API_VERSION,
  };
  const amount = rupeesNumber(order.amountPaise);
  let answer = await exchange(
    'cashfree',
    `${s.apiBase}/pg/orders`,
    {
      method: 'POST',
      headers,
      body: {
        order_id: order.payinId,
        order_amount: amount,
        order_currency: 'INR',
        customer_details: {
          customer_id: cashfreeCustomerId(order.customerId),
          customer_phone: PLACEHOLDER_CUSTOMER.phone,
        },
        order_note: `Pay-in ${order.merchantOrderId}`.slice(0, 200),
      },
    },
    timeoutMs,
  );
  // The order was made by an earlier attempt whose answer was lost: it is read back, not made twice.
  if (answer.status === 409)
    answer = await exchange(
      'cashfree',
      `${s.apiBase}/pg/orders/${encodeURIComponent(order.payinId)}`,
      { method: 'GET', headers },
      timeoutMs,
    );
  if (answer.status < 200 || answer.status > 299) throw new ProviderError('cashfree', refusal(answer));
  const orderId = text(answer.body?.order_id);
  const session = text(answer.body?.payment_session_id);
  if (orderId !== order.payinId || !session)
    throw new ProviderError('cashfree', `HTTP ${answer.status}: the answer has no order or payment session`);
  if (answer.body?.order_amount !== amount)
    throw new ProviderError('cashfree', 'the order was created for another amount');
  if (answer.body?.order_status !== undefined && answer.body.order_status !== 'ACTIVE')
    throw new ProviderError('cashfree', `the order is ${String(answer.body.order_status)}`);
  return {
    providerOrderId: orderId,
    handoff: {
      provider: 'cashfree',
      orderId,
      paymentSessionId: session,
      mode: s.apiBase.includes('sandbox') ? 'sandbox' : 'production',
    },
  };
};

/** PayU: no call; the page posts a form hashed with the salt to {apiBase}/_payment. */
const payuForm = (s: ProviderSettings, order: OrderRequest): ProviderOrder => {
  const txnid = payuTxnidOf(order.payinId);
  const fields: Record<string, string> = {
    key: s.keyId!,
    txnid,
    amount: rupeesText(order.amountPaise),
    productinfo: payuText(`Order ${order.merchantOrderId}`),
    firstname: PLACEHOLDER_CUSTOMER.firstname,
    email: PLACEHOLDER_CUSTOMER.email,
    phone: PLACEHOLDER_CUSTOMER.phone,
    surl: order.payUrl,
    furl: order.payUrl,
  };
  fields.hash = payuRequestHash(fields, s.keySecret!);
  return { providerOrderId: txnid, handoff: { provider: 'payu', action: `${s.apiBase}/_payment`, fields } };
};

/** Starts the payment at the provider. The settings must be usable (configured). */
export const createProviderOrder = async (
  s: ProviderSettings,
  order: OrderRequest,
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<ProviderOrder> => {
  if (!s.keyId || !s.keySecret) throw new ProviderError(s.provider, 'the account is not configured');
  switch (s.provider) {
    case 'razorpay':
      return razorpayOrder(s, order, timeoutMs);
    case 'cashfree':
      return cashfreeOrder(s, order, timeoutMs);
    case 'payu':
      return payuForm(s, order);
  }
};
