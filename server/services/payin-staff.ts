import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { bankEntries, merchants } from '../db/schema';
import { conflict, notFound } from '../errors';
import { PAYIN_TTL_MINUTES } from '../../domain/payin';
import { formatRupees } from '../../domain/format';
import type { SessionUser } from './auth';
import { resendLatest } from './callbacks';
import { paiseFrom } from './money-input';
import { succeed, submitUtr } from './payin-matching';
import { applyOpeningStep, assertCan, lockPayin, type PayinActor } from './payin-steps';
import { audit } from './audit';
import { findVisiblePayin, payinVisible } from './payins-list';
import { dataScope, scopeMerchantCodes } from './scope';
import type { UrlPolicy } from './callback-urls';
import { createPayin } from './payin-create';

export const staffActor = (user: SessionUser, ip?: string): PayinActor => ({ ...user, ip, kind: 'user' });

const visibleTo = async (db: Db, user: SessionUser) => payinVisible(await dataScope(db, user));

/**
 * Staff set a DISPUTE, DUPLICATE, PENDING or IMG_PENDING pay-in to SUCCESS with the amount the
 * bank shows. A merchant that does not accept disputed amounts gets only the amount it asked for.
 */
export const confirmPayin = async (
  db: Db,
  user: SessionUser,
  id: string,
  body: { confirmedAmount: number },
  ip?: string,
) => {
  const confirmed = paiseFrom(body.confirmedAmount, 'confirmedAmount');
  const visible = await visibleTo(db, user);
  return db.transaction(async (tx) => {
    const row = await lockPayin(tx, id, visible);
    assertCan('confirm', row, 'SUCCESS');
    const [merchant] = await tx
      .select({ disputesAllowed: merchants.disputesAllowed })
      .from(merchants)
      .where(eq(merchants.id, row.merchantId));
    if (row.status === 'DISPUTE' && !merchant.disputesAllowed && row.amount !== null && confirmed !== row.amount)
      throw conflict(
        `This merchant does not accept disputed amounts: confirm ${formatRupees(row.amount / 100)}, the amount it asked for.`,
        'DISPUTES_NOT_ALLOWED',
      );
    const [entry] = row.bankEntryId
      ? await tx.select().from(bankEntries).where(eq(bankEntries.id, row.bankEntryId))
      : [];
    return succeed(tx, row, 'confirm', confirmed, entry ?? null, staffActor(user, ip));
  });
};

/** A DROPPED pay-in back to INITIATED: a fresh link, short code and countdown; the customer starts again. */
export const reopenPayin = async (db: Db, user: SessionUser, id: string, ip?: string, ttl = PAYIN_TTL_MINUTES) => {
  const visible = await visibleTo(db, user);
  return db.transaction(async (tx) => {
    const row = await lockPayin(tx, id, visible);
    assertCan('reopen', row, 'INITIATED');
    return applyOpeningStep(
      tx,
      row,
      'reopen',
      'INITIATED',
      {
        amount: row.amountFixed ? row.amount : null,
        bankAccountId: null,
        assignedAt: null,
        submittedUtr: null,
        submittedAt: null,
        reason: null,
        expiresAt: sql`now() + make_interval(mins => ${ttl})` as never,
      },
      staffActor(user, ip),
      { freshCode: true },
    );
  });
};

/** Staff read a screenshot and enter its UTR: matched exactly as the customer's would be. */
export const enterUtr = async (db: Db, user: SessionUser, id: string, utr: string, ip?: string) =>
  submitUtr(db, id, utr, 'enter-utr', staffActor(user, ip), await visibleTo(db, user));

/** The latest callback of a pay-in is sent again (the Deposit list's bell). */
export const resendPayinCallback = async (db: Db, user: SessionUser, id: string, ip?: string) => {
  const visible = await visibleTo(db, user);
  return db.transaction(async (tx) => {
    const row = await lockPayin(tx, id, visible);
    if (!(await resendLatest(tx, 'payins', row.id)))
      throw conflict('This pay-in has no callback to send: its merchant has no pay-in callback URL.', 'NO_CALLBACK');
    await audit(tx, staffActor(user, ip), { action: 'resend-callback', entity: 'payins', entityId: row.id });
    return row;
  });
};

/** The stored screenshot's name and type, for staff who may see the pay-in. */
export const screenshotOf = async (db: Db, user: SessionUser, id: string) => {
  const row = await findVisiblePayin(db, user, id);
  if (!row.screenshotPath) throw notFound('Screenshot');
  return { name: row.screenshotPath, type: row.screenshotType ?? 'application/octet-stream' };
};

/**
 * Staff create a payment link for a merchant they may see, as its API would: the merchant's key
 * never reaches the browser. Without an order id, one is made up.
 */
export const createPaymentLink = async (
  db: Db,
  user: SessionUser,
  body: { merchantCode: string; customerId: string; merchantOrderId?: string; amount?: number; test?: boolean },
  opts: { urls: UrlPolicy; ttlMinutes: number; ip?: string },
) => {
  const allowed = scopeMerchantCodes(await dataScope(db, user));
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, body.merchantCode));
  if (!merchant || (allowed !== null && !allowed.includes(merchant.code))) throw notFound('Merchant');
  const { row } = await createPayin(
    db,
    merchant,
    {
      merchantOrderId: body.merchantOrderId ?? `link-${randomUUID()}`,
      customerId: body.customerId,
      amount: body.amount,
      test: body.test,
    },
    { urls: opts.urls, actor: { ...user, ip: opts.ip }, ttlMinutes: opts.ttlMinutes },
  );
  return row;
};
