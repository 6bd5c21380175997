import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, merchantBankAccounts, merchants, payins } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { EXPIRING_STATUSES, PAYIN_TTL_MINUTES, upiLink, type PayinStatus } from '../../../domain/payin';
import { istDayStart, istDayOf } from '../../../domain/format';
import { paiseToRupees, rupeesOrNull } from '../../../domain/money';
import { SOURCE_OF, type Provider } from '../../../domain/providers';
import type { PayView } from '../../schemas/pay-page';
import { amountWithinLimits, openPayinAccountOf } from '../payins/payin-create';
import { applyStep, assertCan, customer, expired, lockPayin, type PayinRow } from '../payins/payin-steps';
import { storeScreenshot } from '../payins/screenshots';
import { allProviderSettings, usable, type ProviderEnv, type ProviderSettings } from '../providers/provider-config';

type BankRow = typeof bankAccounts.$inferSelect;

type IntentSwitch = Pick<typeof merchants.$inferSelect, 'allowIntent' | 'intentProvider'>;

/** The provider a pay-in was handed to, if any. */
export const handedTo = (row: PayinRow): Provider | null => {
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

/**
 * Where a customer who paid goes back: the merchant's return URL with the order id and status added
 * to its query, for the merchant's page to show (believed only from the callback or the API).
 */
const returnAddress = (url: string, row: PayinRow) => {
  try {
    const address = new URL(url);
    address.searchParams.set('merchantOrderId', row.merchantOrderId);
    address.searchParams.set('status', row.status);
    return address.href;
  } catch {
    return url;
  }
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
    amount: rupeesOrNull(row.amount),
    amountFixed: row.amountFixed,
    minAmount: paiseToRupees(merchant.minPayin),
    maxAmount: paiseToRupees(merchant.maxPayin),
    shortCode: row.bankAccountId ? row.shortCode : null,
    bank: open && bank ? bankDetails(bank, row) : null,
    expiresAt: row.expiresAt.toISOString(),
    utrSubmitted: row.submittedUtr !== null,
    screenshotSubmitted: row.screenshotPath !== null,
    returnUrl: row.status === 'SUCCESS' && row.returnUrl ? returnAddress(row.returnUrl, row) : null,
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
        ...openPayinAccountOf(merchantId),
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
  file: { bytes: Buffer; type: string },
  ip?: string,
  env: ProviderEnv = {},
) =>
  db.transaction(async (tx) => {
    const row = await lockPayin(tx, id);
    assertCan('submit-screenshot', row);
    if (row.expiresAt.getTime() <= Date.now()) throw expired();
    const name = await storeScreenshot(tx, row.id, file.bytes, file.type);
    const after = await applyStep(
      tx,
      row,
      'submit-screenshot',
      'IMG_PENDING',
      {
        screenshotPath: name,
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
