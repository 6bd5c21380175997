import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { merchants, payouts } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { SessionUser } from '../common/session-user';
import { audit } from '../audit/audit';
import { queueCallback, resendLatest } from '../callbacks/callbacks';
import { utrFrom, freeUtrsOf, claimUtr } from '../common/utr';
import { createPayout, payoutData, type CreatedPayout, type PayoutRow } from './payout-create';
import { mayCorrectUtr } from '../../../domain/payout';
import { actorOf } from './payout-staff';
import { lockPayout } from './payout-steps';
import { payoutVisible } from './payout-filters';
import { dataScope, scopeMerchantCodes } from '../common/scope';

/** Staff's own pay-out actions (issue 11, items 7 and 8): create for a merchant, correct a UTR, call back again. */

export interface StaffPayoutBody {
  merchantCode: string;
  customerId: string;
  amount: number;
  bankName: string;
  accountNumber: string;
  accountHolder: string;
  ifsc: string;
  merchantOrderId?: string;
}

/**
 * Staff create a pay-out for a merchant they may see ("New Payout"), through the merchant API's
 * own service: the same limits, hold and refusals, and the merchant's key never reaches the
 * browser. Without an order id, one is made up.
 */
export const createStaffPayout = async (
  db: Db,
  user: SessionUser,
  body: StaffPayoutBody,
  ip?: string,
): Promise<CreatedPayout> => {
  const allowed = scopeMerchantCodes(await dataScope(db, user));
  const code = body.merchantCode.trim();
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, code));
  if (!merchant || (allowed !== null && !allowed.includes(merchant.code))) throw notFound('Merchant');
  // The merchant API refuses a disabled merchant's key; staff may not send its money either.
  if (!merchant.enabled) throw badRequest('This merchant is disabled: it cannot send pay-outs.', 'merchantCode');
  const { accountHolder, accountNumber, ifsc, bankName } = body;
  return createPayout(
    db,
    merchant,
    {
      merchantOrderId: body.merchantOrderId ?? `staff-${randomUUID()}`,
      customerId: body.customerId,
      amount: body.amount,
      beneficiary: { accountHolder, accountNumber, ifsc, bankName },
    },
    { actor: actorOf(user, ip) },
  );
};

/** Taken before the transaction: on a one-connection database a query outside it would wait for it. */
const visibleTo = async (db: Db, user: SessionUser) => payoutVisible(await dataScope(db, user));

/** A signed payout.status callback with the pay-out as it is now, when its merchant takes them. */
const queueStatusCallback = async (tx: DbOrTx, row: PayoutRow) => {
  const [merchant] = await tx
    .select({ url: merchants.payoutCallbackUrl })
    .from(merchants)
    .where(eq(merchants.id, row.merchantId));
  if (merchant?.url)
    await queueCallback(tx, {
      merchantId: row.merchantId,
      type: 'payout.status',
      entity: 'payouts',
      entityId: row.id,
      url: merchant.url,
      data: payoutData(row),
    });
};

/**
 * ADMIN corrects the UTR of a paid pay-out (a typing mistake at approval): the status, journal
 * and holds stay as they are; the change is audited and the merchant told the new UTR.
 */
export const correctPayoutUtr = async (db: Db, user: SessionUser, id: string, typed: string, ip?: string) => {
  const utr = utrFrom(typed);
  const visible = await visibleTo(db, user);
  return db.transaction(async (tx) => {
    const row = await lockPayout(tx, id, visible);
    if (!mayCorrectUtr(row.status))
      throw conflict(
        `Only the UTR of a paid pay-out (SUCCESS) can be corrected; this one is ${row.status}.`,
        'INVALID_TRANSITION',
      );
    if (row.utr === utr) throw conflict(`This pay-out's UTR is already ${utr}: nothing to correct.`, 'SAME_UTR');
    if (!row.test) {
      await freeUtrsOf(tx, 'payouts', [row.id]);
      await claimUtr(tx, { utr, entity: 'payouts', entityId: row.id, createdBy: user.id });
    }
    const [after] = await tx
      .update(payouts)
      .set({ utr, updatedAt: sql`now()` })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, 'SUCCESS')))
      .returning();
    await audit(tx, actorOf(user, ip), {
      action: 'update',
      entity: 'payouts',
      entityId: row.id,
      before: { utr: row.utr },
      after: { utr },
    });
    await queueStatusCallback(tx, after);
    return after;
  });
};

/** The latest callback of a pay-out is sent to its merchant again (the Withdrawal list's bell). */
export const resendPayoutCallback = async (db: Db, user: SessionUser, id: string, ip?: string) => {
  const visible = await visibleTo(db, user);
  return db.transaction(async (tx) => {
    const row = await lockPayout(tx, id, visible);
    if (!(await resendLatest(tx, 'payouts', row.id)))
      throw conflict(
        'This pay-out has no callback to send: its merchant is told once it is approved, rejected or dropped, if it has a pay-out callback URL.',
        'NO_CALLBACK',
      );
    await audit(tx, actorOf(user, ip), { action: 'resend-callback', entity: 'payouts', entityId: row.id });
    return row;
  });
};
