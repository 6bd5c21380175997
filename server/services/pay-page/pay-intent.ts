import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { merchants } from '../../db/schema';
import { AppError } from '../../errors';
import { PAYIN_TTL_MINUTES } from '../../../domain/payin';
import { formatRupees } from '../../../domain/format';
import { PROVIDER_LABEL, SOURCE_OF, type Provider } from '../../../domain/providers';
import type { IntentBody } from '../../schemas/pay-page';
import { paiseFrom } from '../common/money-input';
import { handedTo, offeredProviders } from './pay-page';
import { amountWithinLimits } from '../payins/payin-create';
import { applyStep, assertCan, customer, expired, lockPayin, type PayinRow } from '../payins/payin-steps';
import { providerSettings, type ProviderEnv, type ProviderSettings } from '../providers/provider-config';
import { createProviderOrder, type Handoff, type OrderRequest } from '../providers/provider-orders';

/**
 * The pay page's third tab (issue 14): the pay-in handed over to a payment provider, its order made
 * once under the pay-in's lock and kept for a repeat.
 */
export interface IntentContext {
  env: ProviderEnv;
  /** The pay page's own address (/pay/{id}), where PayU sends the customer back. */
  payUrl: string;
  ip?: string;
  ttl?: number;
  timeoutMs?: number;
}

/** The hand-off kept on the pay-in, when it was made for this provider with this account. */
const keptHandoff = (row: PayinRow, provider: Provider, s: ProviderSettings): Handoff | null => {
  if (handedTo(row) !== provider || !row.providerOrderId) return null;
  const kept = row.providerHandoff as unknown as Handoff;
  if (kept.provider === 'razorpay' && kept.keyId !== s.keyId) return null;
  if (kept.provider === 'payu' && kept.fields.key !== s.keyId) return null;
  return kept;
};

/**
 * Issue 14: the customer pays through a provider. In one transaction with the pay-in locked: it
 * must be offered now and not expired; a hand-off already made for this provider is answered
 * again (no second order); otherwise the provider's order is made first (the lock held, so two
 * clicks make one order) and only then is the pay-in moved: ASSIGNED, its source the provider,
 * any bank account released. A provider's failure (502) rolls everything back: nothing changes.
 */
export const startIntent = async (db: Db, id: string, body: IntentBody, ctx: IntentContext): Promise<Handoff> =>
  db.transaction(async (tx) => {
    const row = await lockPayin(tx, id);
    assertCan('provider-intent', row);
    if (row.expiresAt.getTime() <= Date.now()) throw expired();
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, row.merchantId));
    const settings = await providerSettings(tx, ctx.env, body.provider);
    if (!offeredProviders(row, merchant, [settings]).includes(body.provider)) {
      const chosen = handedTo(row);
      throw new AppError(
        409,
        'PROVIDER_UNAVAILABLE',
        chosen && chosen !== body.provider
          ? `This payment was already handed to ${PROVIDER_LABEL[chosen]}: please complete it there.`
          : `${PROVIDER_LABEL[body.provider]} is not available for this payment. Please pay by bank transfer.`,
      );
    }
    const amount = intentAmount(row, merchant, body.amount);
    const kept = keptHandoff(row, body.provider, settings);
    if (kept) return kept;
    const order: OrderRequest = {
      payinId: row.id,
      amountPaise: amount,
      customerId: row.customerId,
      merchantOrderId: row.merchantOrderId,
      merchantName: merchant.name,
      payUrl: ctx.payUrl,
    };
    const made = await createProviderOrder(settings, order, ctx.timeoutMs);
    const ttl = ctx.ttl ?? PAYIN_TTL_MINUTES;
    await applyStep(
      tx,
      row,
      'provider-intent',
      'ASSIGNED',
      {
        amount,
        source: SOURCE_OF[body.provider],
        providerOrderId: made.providerOrderId,
        providerHandoff: made.handoff as unknown as Record<string, unknown>,
        bankAccountId: null,
        // The countdown starts when the customer chooses, as with a bank account.
        ...(row.status === 'INITIATED'
          ? { assignedAt: sql`now()` as never, expiresAt: sql`now() + make_interval(mins => ${ttl})` as never }
          : {}),
      },
      customer(ctx.ip),
    );
    return made.handoff;
  });

/**
 * What the provider is asked for: the pay-in's amount once it has one (fixed by the merchant, or
 * chosen on the page); otherwise the customer's, within the merchant's limits.
 */
const intentAmount = (
  row: PayinRow,
  merchant: Pick<typeof merchants.$inferSelect, 'minPayin' | 'maxPayin'>,
  sent: number | undefined,
): number => {
  if (row.amount === null) return amountWithinLimits(sent, merchant);
  if (sent !== undefined && paiseFrom(sent, 'amount') !== row.amount)
    throw new AppError(
      409,
      'AMOUNT_CHOSEN',
      `The amount of this payment is ${formatRupees(row.amount / 100)}: it cannot be changed.`,
    );
  return row.amount;
};
