import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import { rupeesToPaise } from '../../../domain/money';
import { payinIdOfTxnid, type Provider } from '../../../domain/providers';
import { headerOf, type RawHeaders } from './provider-signatures';

/** One provider's webhook, read into the same shape whatever the provider. */
export interface ProviderEvent {
  eventId: string;
  eventType: string;
  kind: 'captured' | 'failed' | 'other';
  /** The pay-in the event names directly (CashFree, PayU, RazorPay's notes); RazorPay's order is looked up. */
  payinId: string | null;
  orderId: string | null;
  paymentId: string | null;
  utr: string | null;
  amountPaise: number | null;
  reason: string | null;
}

export type Reading = { ok: true; event: ProviderEvent } | { ok: false; reason: string; eventType?: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id from a header the signature does not cover: used only when it looks like one. */
const HEADER_ID = /^[\x21-\x7e]{1,100}$/;

const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (v, key) =>
      v && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, key)
        ? (v as Record<string, unknown>)[key]
        : undefined,
    value,
  );

/** Text or a number's exact text, trimmed; null when absent, empty, too long or holding a NUL (which PostgreSQL cannot store). */
const text = (value: unknown, max = 200): string | null => {
  const s = isLosslessNumber(value) ? value.value : typeof value === 'string' ? value.trim() : '';
  return s && s.length <= max && !s.includes('\u0000') ? s : null;
};

const uuidOf = (value: string | null) => (value && UUID.test(value) ? value.toLowerCase() : null);

/** Rupees as decimal text ("170.10", "1234.5", "40.00"), exactly to paise; trailing zeros past the paisa are allowed. */
const rupeeTextToPaise = (value: string | null): number | null => {
  if (!value || !/^\d{1,13}(\.\d+)?$/.test(value)) return null;
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  try {
    const paise = rupeesToPaise(trimmed);
    return paise > 0 ? paise : null;
  } catch {
    return null;
  }
};

const parseJson = (raw: string): unknown => {
  try {
    return parseLossless(raw);
  } catch {
    return undefined;
  }
};

const notRead = (reason: string, eventType?: string | null): Reading => ({ ok: false, reason, eventType });

/**
 * The event once what its kind needs is there: an id (the provider's header when it looks like one,
 * else the one made of the payment), a payment where the provider must name one, and a captured
 * payment's amount.
 */
const eventOf = (
  given: string | undefined,
  event: Omit<ProviderEvent, 'eventId'> & { eventId: string | null },
  refusals: { noId: string; noPayment?: string; noAmount: string },
): Reading => {
  const eventId = given && HEADER_ID.test(given) ? given : event.eventId;
  if (!eventId) return notRead(refusals.noId, event.eventType);
  if (refusals.noPayment && event.kind !== 'other' && !event.paymentId)
    return notRead(refusals.noPayment, event.eventType);
  if (event.kind === 'captured' && event.amountPaise === null) return notRead(refusals.noAmount, event.eventType);
  return { ok: true, event: { ...event, eventId } };
};

const readRazorpay = (raw: string, headers: RawHeaders): Reading => {
  const body = parseJson(raw);
  const eventType = text(at(body, 'event'), 100);
  if (!eventType) return notRead('The body is not a RazorPay event (no event name).');
  const payment = at(body, 'payload', 'payment', 'entity');
  const paymentId = text(at(payment, 'id'));
  const amount = at(payment, 'amount');
  const amountText = isLosslessNumber(amount) ? amount.value : null;
  const amountPaise =
    amountText && /^\d{1,16}$/.test(amountText) && Number.isSafeInteger(Number(amountText)) && Number(amountText) > 0
      ? Number(amountText)
      : null;
  const kind =
    eventType === 'payment.captured' || eventType === 'order.paid'
      ? 'captured'
      : eventType === 'payment.failed'
        ? 'failed'
        : 'other';
  return eventOf(
    headerOf(headers, 'x-razorpay-event-id'),
    {
      eventId: paymentId && `${paymentId}:${eventType}`,
      eventType,
      kind,
      payinId: uuidOf(text(at(payment, 'notes', 'payinId'))),
      orderId: text(at(payment, 'order_id')),
      paymentId,
      utr: text(at(payment, 'acquirer_data', 'rrn'), 64),
      amountPaise,
      reason: text(at(payment, 'error_description'), 500),
    },
    {
      noId: 'The event has neither an x-razorpay-event-id nor a payment id.',
      noPayment: 'The event has no payment entity.',
      noAmount: 'The payment amount is not a whole number of paise.',
    },
  );
};

const CASHFREE_STATUS_OF_TYPE: Record<string, string> = {
  PAYMENT_SUCCESS_WEBHOOK: 'SUCCESS',
  PAYMENT_FAILED_WEBHOOK: 'FAILED',
  PAYMENT_USER_DROPPED_WEBHOOK: 'USER_DROPPED',
};

const readCashfree = (raw: string, headers: RawHeaders): Reading => {
  const body = parseJson(raw);
  const eventType = text(at(body, 'type'), 100);
  if (!eventType) return notRead('The body is not a CashFree event (no type).');
  const payment = at(body, 'data', 'payment');
  const status = text(at(payment, 'payment_status'), 50) ?? CASHFREE_STATUS_OF_TYPE[eventType] ?? null;
  const paymentId = text(at(payment, 'cf_payment_id'));
  const kind =
    status === 'SUCCESS' ? 'captured' : status === 'FAILED' || status === 'USER_DROPPED' ? 'failed' : 'other';
  const amount = at(payment, 'payment_amount');
  const amountPaise = rupeeTextToPaise(isLosslessNumber(amount) ? amount.value : text(amount, 30));
  return eventOf(
    headerOf(headers, 'x-idempotency-key'),
    {
      eventId: paymentId && status && `${paymentId}:${status}`,
      eventType,
      kind,
      payinId: uuidOf(text(at(body, 'data', 'order', 'order_id'))),
      orderId: text(at(body, 'data', 'order', 'order_id')),
      paymentId,
      utr: text(at(payment, 'bank_reference'), 64),
      amountPaise,
      reason: text(at(payment, 'payment_message'), 500) ?? (status === 'USER_DROPPED' ? 'The customer left.' : null),
    },
    {
      noId: 'The event has neither an x-idempotency-key nor a cf_payment_id and status.',
      noAmount: 'The payment_amount is not an amount in rupees with at most 2 decimals.',
    },
  );
};

const readPayu = (raw: string): Reading => {
  const form = new URLSearchParams(raw);
  const field = (name: string, max = 200) => text(form.get(name), max);
  const status = field('status', 50);
  const paymentId = field('mihpayid');
  if (!status || !paymentId) return notRead('The form has no mihpayid or status.', status);
  const kind = status === 'success' ? 'captured' : 'failed';
  const txnid = field('txnid', 25);
  return eventOf(
    undefined,
    {
      eventId: `${paymentId}:${status}`,
      eventType: status,
      kind,
      payinId: txnid ? payinIdOfTxnid(txnid) : null,
      orderId: txnid,
      paymentId,
      utr: field('bank_ref_num', 64) ?? field('bank_ref_no', 64),
      amountPaise: rupeeTextToPaise(field('amount', 30)),
      reason: field('error_Message', 500),
    },
    {
      noId: 'The form has no mihpayid or status.',
      noAmount: 'The amount is not an amount in rupees with at most 2 decimals.',
    },
  );
};

/** A verified body read into one event; `ok: false` when it says nothing this server can act on. */
export const readEvent = (provider: Provider, raw: string, headers: RawHeaders): Reading => {
  switch (provider) {
    case 'razorpay':
      return readRazorpay(raw, headers);
    case 'cashfree':
      return readCashfree(raw, headers);
    case 'payu':
      return readPayu(raw);
  }
};
