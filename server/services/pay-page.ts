import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { bankAccounts, merchantBankAccounts, merchants, payins } from '../db/schema';
import { AppError, conflict, notFound } from '../errors';
import { EXPIRING_STATUSES, PAYIN_TTL_MINUTES, upiLink, type PayinStatus } from '../../domain/payin';
import { formatRupees, istDayStart, istDayOf } from '../../domain/format';
import { paiseToRupees } from '../../domain/money';
import { PROVIDER_LABEL, SOURCE_OF, type Provider } from '../../domain/providers';
import type { IntentBody, PayView } from '../schemas/payins';
import { paiseFrom } from './money-input';
import { amountWithinLimits } from './payin-create';
import { applyStep, assertCan, customer, expired, lockPayin, type PayinRow } from './payin-steps';
import {
  allProviderSettings,
  providerSettings,
  usable,
  type ProviderEnv,
  type ProviderSettings,
} from './provider-config';
import { createProviderOrder, type Handoff, type OrderRequest } from './provider-orders';

type BankRow = typeof bankAccounts.$inferSelect;

type IntentSwitch = Pick<typeof merchants.$inferSelect, 'allowIntent' | 'intentProvider'>;

/** The provider a pay-in was handed to, if any. */
const handedTo = (row: PayinRow): Provider | null => {
  const provider = row.providerHandoff?.provider;
  return row.source !== 'Manual' && typeof provider === 'string' && SOURCE_OF[provider as Provider] === row.source
    ? (provider as Provider)
    : null;
};

/**
 * Issue 14: the providers a pay-in's page may offer now. The merchant allows it (ADMIN's switch),
 * the provider is configured and on, and it is the merchant's chosen provider when one is set.
 * Once handed to a provider only that one is offered (the customer may not pay twice); nothing
 * once the customer can no longer act (not INITIATED or ASSIGNED, or expired).
 */
export const offeredProviders = (
  row: PayinRow,
  merchant: IntentSwitch,
  settings: readonly ProviderSettings[],
  now = Date.now(),
): Provider[] => {
  if (!(EXPIRING_STATUSES as readonly PayinStatus[]).includes(row.status)) return [];
  if (row.expiresAt.getTime() <= now || !merchant.allowIntent) return [];
  const chosen = handedTo(row);
  return settings
    .filter((s) => usable(s))
    .map((s) => s.provider)
    .filter((p) => merchant.intentProvider === null || merchant.intentProvider === p)
    .filter((p) => chosen === null || chosen === p);
};

/** What the customer's page shows: never the merchant's key, internal ids or anyone else's data. */
export const presentPay = async (db: DbOrTx, row: PayinRow, env: ProviderEnv): Promise<PayView> => {
  const [merchant] = await db
    .select({
      name: merchants.name,
      minPayin: merchants.minPayin,
      maxPayin: merchants.maxPayin,
      allowIntent: merchants.allowIntent,
      intentProvider: merchants.intentProvider,
    })
    .from(merchants)
    .where(eq(merchants.id, row.merchantId));
  const [bank] = row.bankAccountId
    ? await db.select().from(bankAccounts).where(eq(bankAccounts.id, row.bankAccountId))
    : [];
  const open = row.status === 'ASSIGNED';
  const mayOffer = merchant.allowIntent && (EXPIRING_STATUSES as readonly PayinStatus[]).includes(row.status);
  const intentProviders = mayOffer ? offeredProviders(row, merchant, await allProviderSettings(db, env)) : [];
  return {
    status: row.status,
    merchantName: merchant.name,
    amount: row.amount === null ? null : paiseToRupees(row.amount),
    amountFixed: row.amountFixed,
    minAmount: paiseToRupees(merchant.minPayin),
    maxAmount: paiseToRupees(merchant.maxPayin),
    shortCode: row.bankAccountId ? row.shortCode : null,
    bank: open && bank ? bankDetails(bank, row) : null,
    expiresAt: row.expiresAt.toISOString(),
    utrSubmitted: row.submittedUtr !== null,
    screenshotSubmitted: row.screenshotPath !== null,
    returnUrl: row.status === 'SUCCESS' ? row.returnUrl : null,
    test: row.test,
    source: row.source,
    intentProviders,
  };
};

const bankDetails = (bank: BankRow, row: PayinRow) => {
  const qr = bank.showQr && bank.upiId !== null && row.amount !== null;
  return {
    payeeName: bank.holderName,
    upiId: bank.upiId,
    upiLink: qr
      ? upiLink({ upiId: bank.upiId!, payeeName: bank.holderName, amountPaise: row.amount!, shortCode: row.shortCode })
      : null,
    bankName: bank.showBankDetails ? bank.bankName : null,
    holderName: bank.showBankDetails ? bank.holderName : null,
    accountNumber: bank.showBankDetails ? bank.accountNumber : null,
    ifsc: bank.showBankDetails ? bank.ifsc : null,
  };
};

export const payView = async (db: Db, id: string, env: ProviderEnv) => {
  const [row] = await db.select().from(payins).where(eq(payins.id, id));
  if (!row) throw notFound('Payment link');
  return presentPay(db, row, env);
};

/**
 * The eligible accounts for an amount, least used today first (IST day): enabled, approved pay-in
 * accounts linked to the merchant, whose per-payment limits take the amount and whose daily limit
 * has room for it. Load is spread by what each took today, not at random.
 */
const eligibleAccounts = (tx: DbOrTx, merchantId: string, amount: number) => {
  const dayStart = new Date(istDayStart(istDayOf(new Date())));
  const usedToday = sql<number>`coalesce((
      SELECT sum(coalesce(p.confirmed_amount, p.amount)) FROM payins p
      WHERE p.bank_account_id = ${bankAccounts.id} AND p.assigned_at >= ${dayStart}
        AND p.status NOT IN ('DROPPED', 'DUPLICATE')), 0)`.mapWith(Number);
  return tx
    .select({ id: bankAccounts.id, dailyLimit: bankAccounts.dailyLimit, usedToday })
    .from(merchantBankAccounts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, merchantBankAccounts.bankAccountId))
    .where(
      and(
        eq(merchantBankAccounts.merchantId, merchantId),
        eq(bankAccounts.enabled, true),
        eq(bankAccounts.usedFor, 'PAYIN'),
        sql`${bankAccounts.approvedAt} IS NOT NULL`,
        sql`${bankAccounts.minPayin} <= ${amount} AND ${bankAccounts.maxPayin} >= ${amount}`,
        sql`(${bankAccounts.dailyLimit} IS NULL OR ${usedToday} + ${amount} <= ${bankAccounts.dailyLimit})`,
      ),
    )
    .orderBy(asc(usedToday), asc(bankAccounts.id));
};

/**
 * The customer chose to pay: the pay-in is ASSIGNED to an eligible account and its countdown
 * starts. Opening the page again answers the same assignment.
 */
export const assignBank = async (
  db: Db,
  id: string,
  body: { amount?: number },
  ip?: string,
  ttl = PAYIN_TTL_MINUTES,
  env: ProviderEnv = {},
) =>
  db.transaction(async (tx) => {
    const row = await lockPayin(tx, id);
    if (row.status === 'ASSIGNED') return presentPay(tx, row, env);
    assertCan('assign', row);
    if (row.expiresAt.getTime() <= Date.now()) throw expired();
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, row.merchantId));
    const amount = row.amountFixed ? row.amount! : amountWithinLimits(body.amount, merchant);
    for (const candidate of await eligibleAccounts(tx, row.merchantId, amount)) {
      // The account is locked and its day re-read, so two customers cannot both take its last room.
      await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(eq(bankAccounts.id, candidate.id))
        .for('update');
      const [fresh] = (await eligibleAccounts(tx, row.merchantId, amount)).filter((a) => a.id === candidate.id);
      if (!fresh) continue;
      const after = await applyStep(
        tx,
        row,
        'assign',
        'ASSIGNED',
        {
          amount,
          bankAccountId: candidate.id,
          assignedAt: sql`now()` as never,
          expiresAt: sql`now() + make_interval(mins => ${ttl})` as never,
        },
        customer(ip),
      );
      return presentPay(tx, after, env);
    }
    throw conflict(
      'No bank account can take this payment right now. Please try another amount or try again later.',
      'NO_BANK_ACCOUNT',
    );
  });

/** The customer sent a screenshot instead of a UTR: staff read it and enter the UTR (IMG_PENDING). */
export const submitScreenshot = async (
  db: Db,
  id: string,
  file: { name: string; type: string },
  ip?: string,
  env: ProviderEnv = {},
) =>
  db.transaction(async (tx) => {
    const row = await lockPayin(tx, id);
    assertCan('submit-screenshot', row);
    if (row.expiresAt.getTime() <= Date.now()) throw expired();
    const after = await applyStep(
      tx,
      row,
      'submit-screenshot',
      'IMG_PENDING',
      {
        screenshotPath: file.name,
        screenshotType: file.type,
        submittedAt: sql`now()` as never,
        reason: 'Screenshot to be read by staff',
      },
      customer(ip),
    );
    return presentPay(tx, after, env);
  });

/** Whether a pay-in exists, before its screenshot is stored (an unknown link stores nothing). */
export const payinExists = async (db: Db, id: string) =>
  (await db.select({ id: payins.id }).from(payins).where(eq(payins.id, id))).length > 0;

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
