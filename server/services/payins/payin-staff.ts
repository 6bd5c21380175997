import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankEntries, merchants, payins } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { boundRefusal, confirmationBound, confirmationNeedsChecker } from '../../../domain/payin-confirmation';
import { paiseToRupees } from '../../../domain/money';
import { providerOfSource } from '../../../domain/providers';
import { fourEyes } from '../audit/four-eyes';
import { PAYIN_TTL_MINUTES } from '../../../domain/payin';
import { formatRupees } from '../../../domain/format';
import type { SessionUser } from '../common/session-user';
import { resendLatest } from '../callbacks/callbacks';
import { paiseFrom } from '../common/money-input';
import { submitUtr } from './payin-matching';
import { succeed } from './payin-success';
import { lockUtr, utrFrom, utrUsed, utrUseOf } from '../common/utr';
import { applyStep, assertCan, lockPayin, type PayinActor, type PayinRow } from './payin-steps';
import { audit } from '../audit/audit';
import { findVisiblePayin } from './payins-list';
import { payinVisible } from './payin-filters';
import { dataScope, scopeMerchantCodes } from '../common/scope';
import type { UrlPolicy } from '../callbacks/callback-urls';
import { createPayin } from './payin-create';

export const staffActor = (user: SessionUser, ip?: string): PayinActor => ({ ...user, ip, kind: 'user' });

const visibleTo = async (db: Db, user: SessionUser) => payinVisible(await dataScope(db, user));

/**
 * Staff set a DISPUTE, DUPLICATE, PENDING or IMG_PENDING pay-in to SUCCESS. The money is bounded by
 * the bank's word (issue 29, item 2): a pay-in with a bank entry (its own, or the free credit of the
 * UTR it names) at most at the entry's amount; one without at most at the amount it asked for (the
 * merchant's maximum for an open amount), with a written reason. The UTR that paid it is used from
 * then on. A merchant that does not accept disputed amounts gets only the amount it asked for.
 */
export const confirmPayin = async (db: Db, user: SessionUser, id: string, body: ConfirmInput, ip?: string) => {
  const confirmed = paiseFrom(body.confirmedAmount, 'confirmedAmount');
  const typedUtr = body.utr?.trim() ? utrFrom(body.utr, 'utr') : null;
  const visible = await visibleTo(db, user);
  const [seen] = await db.select({ submittedUtr: payins.submittedUtr }).from(payins).where(eq(payins.id, id));
  const utr = typedUtr ?? seen?.submittedUtr ?? null;
  return db.transaction(async (tx) => {
    if (utr) await lockUtr(tx, utr);
    const row = await lockPayin(tx, id, visible);
    assertCan('confirm', row, 'SUCCESS');
    if (!typedUtr && row.submittedUtr !== (seen?.submittedUtr ?? null))
      throw conflict('This pay-in changed meanwhile. Reload it and try again.', 'CHANGED');
    const [merchant] = await tx
      .select({ disputesAllowed: merchants.disputesAllowed, maxPayin: merchants.maxPayin })
      .from(merchants)
      .where(eq(merchants.id, row.merchantId));
    if (row.status === 'DISPUTE' && !merchant.disputesAllowed && row.amount !== null && confirmed !== row.amount)
      throw conflict(
        `This merchant does not accept disputed amounts: confirm ${formatRupees(row.amount / 100)}, the amount it asked for.`,
        'DISPUTES_NOT_ALLOWED',
      );
    const entry = await entryOf(tx, row, utr);
    // Paid through a provider: what it reported captured stands for the bank's word.
    const providerAmount = providerOfSource(row.source) && row.providerPaymentId ? row.confirmedAmount : null;
    if (!entry && !utr && providerAmount === null)
      throw badRequest('utr is required: the UTR of the bank transfer that paid this pay-in.', 'utr');
    const bound = confirmationBound({
      entryAmount: entry?.amount ?? null,
      providerAmount,
      requestedAmount: row.amount,
      merchantMaxPayin: merchant.maxPayin,
    });
    if (confirmed > bound.amount) throw conflict(boundRefusal(bound), 'AMOUNT_ABOVE_BOUND');
    if (!entry && utr && providerAmount === null) {
      const used = await utrUseOf(tx, utr);
      if (used && used.entityId !== row.id) throw utrUsed(used);
    }
    const actor = staffActor(user, ip);
    const reason = body.reason?.trim() ?? '';
    const eyes = await fourEyes(tx, {
      action: 'payin.confirm',
      entityId: row.id,
      user,
      actor,
      details: { confirmedAmount: paiseToRupees(confirmed), utr, ...(reason ? { reason } : {}) },
      needed: confirmationNeedsChecker({ entryAmount: entry?.amount ?? null, providerAmount }),
      beforeAsking: () => {
        if (!reason)
          throw badRequest('reason is required: say why this pay-in is confirmed without a bank entry.', 'reason');
      },
    });
    if (eyes.waiting) return { row, awaitingChecker: eyes.maker };
    if (entry && !row.bankEntryId)
      await tx
        .update(bankEntries)
        .set({ payinId: row.id, usedAt: sql`now()` as never })
        .where(and(eq(bankEntries.id, entry.id), isNull(bankEntries.payinId)));
    const patch =
      entry || providerAmount !== null
        ? {}
        : { utr, ...(typedUtr && !row.submittedUtr ? { submittedUtr: typedUtr } : {}) };
    return { row: await succeed(tx, row, 'confirm', confirmed, entry, actor, patch), awaitingChecker: null };
  });
};

export interface ConfirmInput {
  confirmedAmount: unknown;
  /** The UTR staff read on the statement, when the pay-in has none (a screenshot) or names another. */
  utr?: string;
  /** Why a pay-in without a bank entry is confirmed: what the checker reads. */
  reason?: string;
}

/**
 * The bank entry that decides a confirmation: the pay-in's own, or the recorded credit of the UTR it
 * names when no other record used it (409 UTR_USED naming the one that did).
 */
const entryOf = async (tx: DbOrTx, row: PayinRow, utr: string | null) => {
  if (row.bankEntryId) {
    const [own] = await tx.select().from(bankEntries).where(eq(bankEntries.id, row.bankEntryId)).for('update');
    return own ?? null;
  }
  if (!utr) return null;
  const [entry] = await tx.select().from(bankEntries).where(eq(bankEntries.utr, utr)).for('update');
  if (!entry) return null;
  if (entry.payinId && entry.payinId !== row.id) {
    const used = await utrUseOf(tx, utr);
    throw utrUsed(used ?? { utr, entity: 'payins', entityId: entry.payinId });
  }
  if (entry.vendorSettlementId) {
    const used = await utrUseOf(tx, utr);
    throw utrUsed(used ?? { utr, entity: 'vendor-settlements', entityId: entry.vendorSettlementId });
  }
  return entry;
};

/** A DROPPED pay-in back to INITIATED: a fresh link, short code and countdown; the customer starts again. */
export const reopenPayin = async (db: Db, user: SessionUser, id: string, ip?: string, ttl = PAYIN_TTL_MINUTES) => {
  const visible = await visibleTo(db, user);
  return db.transaction(async (tx) => {
    const row = await lockPayin(tx, id, visible);
    assertCan('reopen', row, 'INITIATED');
    return applyStep(
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
