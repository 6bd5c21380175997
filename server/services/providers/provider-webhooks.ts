import { and, eq, sql } from 'drizzle-orm';
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import type { DbOrTx } from '../../db';
import { payins } from '../../db/schema';
import { AppError } from '../../errors';
import { canTransition, refusalOf } from '../../../domain/payin';
import { paiseToRupees, rupeesToPaise } from '../../../domain/money';
import { PROVIDER_LABEL, SOURCE_OF, payinIdOfTxnid, type Provider } from '../../../domain/providers';
import { succeedAll } from '../payins/payin-success';
import { applyStep, lockPayin, type PayinActor } from '../payins/payin-steps';
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
  const given = headerOf(headers, 'x-razorpay-event-id');
  const eventId = given && HEADER_ID.test(given) ? given : paymentId && `${paymentId}:${eventType}`;
  if (!eventId) return notRead('The event has neither an x-razorpay-event-id nor a payment id.', eventType);
  if (kind !== 'other' && !paymentId) return notRead('The event has no payment entity.', eventType);
  if (kind === 'captured' && amountPaise === null)
    return notRead('The payment amount is not a whole number of paise.', eventType);
  return {
    ok: true,
    event: {
      eventId,
      eventType,
      kind,
      payinId: uuidOf(text(at(payment, 'notes', 'payinId'))),
      orderId: text(at(payment, 'order_id')),
      paymentId,
      utr: text(at(payment, 'acquirer_data', 'rrn'), 64),
      amountPaise,
      reason: text(at(payment, 'error_description'), 500),
    },
  };
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
  const given = headerOf(headers, 'x-idempotency-key');
  const eventId = given && HEADER_ID.test(given) ? given : paymentId && status && `${paymentId}:${status}`;
  if (!eventId) return notRead('The event has neither an x-idempotency-key nor a cf_payment_id and status.', eventType);
  if (kind === 'captured' && amountPaise === null)
    return notRead('The payment_amount is not an amount in rupees with at most 2 decimals.', eventType);
  return {
    ok: true,
    event: {
      eventId,
      eventType,
      kind,
      payinId: uuidOf(text(at(body, 'data', 'order', 'order_id'))),
      orderId: text(at(body, 'data', 'order', 'order_id')),
      paymentId,
      utr: text(at(payment, 'bank_reference'), 64),
      amountPaise,
      reason: text(at(payment, 'payment_message'), 500) ?? (status === 'USER_DROPPED' ? 'The customer left.' : null),
    },
  };
};

const readPayu = (raw: string): Reading => {
  const form = new URLSearchParams(raw);
  const field = (name: string, max = 200) => text(form.get(name), max);
  const status = field('status', 50);
  const paymentId = field('mihpayid');
  if (!status || !paymentId) return notRead('The form has no mihpayid or status.', status);
  const kind = status === 'success' ? 'captured' : 'failed';
  const amountPaise = rupeeTextToPaise(field('amount', 30));
  if (kind === 'captured' && amountPaise === null)
    return notRead('The amount is not an amount in rupees with at most 2 decimals.', status);
  const txnid = field('txnid', 25);
  return {
    ok: true,
    event: {
      eventId: `${paymentId}:${status}`,
      eventType: status,
      kind,
      payinId: txnid ? payinIdOfTxnid(txnid) : null,
      orderId: txnid,
      paymentId,
      utr: field('bank_ref_num', 64) ?? field('bank_ref_no', 64),
      amountPaise,
      reason: field('error_Message', 500),
    },
  };
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

export interface Applied {
  outcome: 'applied' | 'ignored' | 'failed';
  detail: string | null;
  payinId: string | null;
}

/** The pay-in an event is about, when it exists: RazorPay's by its order, then by its notes. */
const payinOf = async (tx: DbOrTx, provider: Provider, event: ProviderEvent): Promise<string | null> => {
  if (provider === 'razorpay' && event.orderId) {
    const [byOrder] = await tx
      .select({ id: payins.id })
      .from(payins)
      .where(and(eq(payins.source, 'RazorPay'), eq(payins.providerOrderId, event.orderId)));
    if (byOrder) return byOrder.id;
  }
  if (!event.payinId) return null;
  const [found] = await tx.select({ id: payins.id }).from(payins).where(eq(payins.id, event.payinId));
  return found?.id ?? null;
};

const rupees = (paise: number) => `₹${paiseToRupees(paise).toFixed(2)}`;

/**
 * What a verified event does to its pay-in, in the caller's transaction: a capture makes it
 * SUCCESS (and posts the money into the provider's clearing account) or DISPUTE when the amount
 * differs; a failure drops it. A step the transition table refuses changes nothing.
 */
export const applyEvent = async (
  tx: DbOrTx,
  provider: Provider,
  event: ProviderEvent,
  actor: PayinActor,
): Promise<Applied> => {
  const label = PROVIDER_LABEL[provider];
  const payinId = await payinOf(tx, provider, event);
  if (event.kind === 'other')
    return { outcome: 'ignored', detail: `${label} event ${event.eventType} is not acted on.`, payinId };
  if (!payinId) {
    const named = event.orderId ?? event.payinId;
    return {
      outcome: 'failed',
      detail: named ? `No pay-in matches ${label} order ${named}.` : `The event names no pay-in.`,
      payinId: null,
    };
  }
  const row = await lockPayin(tx, payinId);
  const action = event.kind === 'captured' ? 'provider-capture' : 'provider-fail';
  if (!canTransition(action, row.status)) {
    const paid = event.kind === 'captured' ? ` ${label} reports ${rupees(event.amountPaise!)} paid: check it.` : '';
    return { outcome: 'ignored', detail: `${refusalOf(action, row.status)}${paid}`, payinId };
  }
  const provided = { providerPaymentId: event.paymentId, source: SOURCE_OF[provider] };
  if (event.kind === 'failed') {
    const reason = event.reason ?? `The payment failed at ${label}.`;
    await applyStep(tx, row, 'provider-fail', 'DROPPED', { ...provided, reason }, actor);
    return { outcome: 'applied', detail: `DROPPED: ${reason}`, payinId };
  }
  const confirmedAmount = event.amountPaise!;
  const money = { ...provided, confirmedAmount, utr: event.utr, completedAt: sql`now()` as never };
  if (row.amount !== null && row.amount !== confirmedAmount) {
    const reason = `${label} reports ${rupees(confirmedAmount)} paid for a pay-in of ${rupees(row.amount)}.`;
    await applyStep(tx, row, 'provider-capture', 'DISPUTE', { ...money, reason }, actor);
    return { outcome: 'applied', detail: `DISPUTE: ${reason}`, payinId };
  }
  const { confirmedAmount: _c, completedAt: _d, ...patch } = money;
  await succeedAll(tx, [
    { row, action: 'provider-capture', confirmedAmount, into: { provider }, entry: null, actor, patch },
  ]);
  return { outcome: 'applied', detail: `SUCCESS: ${rupees(confirmedAmount)} paid.`, payinId };
};

/**
 * applyEvent in a savepoint: a refusal (a 409 of the pay-in's rules) undoes only the application,
 * and the event is kept as failed for a replay.
 */
export const applyInSavepoint = async (
  tx: DbOrTx,
  provider: Provider,
  event: ProviderEvent,
  actor: PayinActor,
): Promise<Applied> => {
  try {
    return await tx.transaction((sp) => applyEvent(sp, provider, event, actor));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { outcome: 'failed', detail: error.message, payinId: event.payinId && (await payinOf(tx, provider, event)) };
  }
};
