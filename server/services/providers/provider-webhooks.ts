import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { payins } from '../../db/schema';
import { AppError } from '../../errors';
import { canTransition, refusalOf } from '../../../domain/payin';
import { paiseToRupees } from '../../../domain/money';
import { PROVIDER_LABEL, SOURCE_OF, type Provider } from '../../../domain/providers';
import { succeedAll } from '../payins/payin-success';
import { applyStep, lockPayin, type PayinActor } from '../payins/payin-steps';
import type { ProviderEvent } from './provider-event-reading';

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
