import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { payouts, vendors } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { merchantAccount } from '../../../domain/ledger';
import { holdOf, needsChecker } from '../../../domain/payout';
import { auditAll } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { clearRequests } from '../audit/four-eyes';
import { placeHold } from '../ledger/holds';
import { reverseLatest } from '../ledger/ledger';
import { holdKey } from './payout-create';
import { applyPayoutStep, askOrCheck } from './payout-steps';
import { actorOf, lockFor } from './payout-staff';

/** Pay-out corrections (issue 11): a reversal the bank returned, a rejected pay-out set back, vendor assignment. */

/**
 * Reverses a paid pay-out the bank returned: REVERSED, the money and fee back to the merchant with
 * a journal reversing its success. Always maker-checker: the first call records the maker's
 * request (202, awaitingChecker its name), another person's completes it.
 */
export const reversePayout = async (db: Db, user: SessionUser, id: string, ip?: string) => {
  const actor = actorOf(user, ip);
  return db.transaction(async (tx) => {
    const row = await lockFor(tx, user, id, 'reverse');
    const asked = await askOrCheck(tx, row, 'reverse', {
      user,
      actor,
      details: {},
      needed: needsChecker('reverse', row.amount),
    });
    if (asked) return { row: asked.row, awaitingChecker: asked.maker };
    const after = await applyPayoutStep(tx, row, 'reverse', { reason: 'Returned by the bank' }, actor);
    if (!row.test)
      await reverseLatest(
        tx,
        { entity: 'payouts', entityId: row.id, kind: 'payout.success' },
        { key: `payout:${row.id}:reversal:${after.version}`, kind: 'payout.reversal', createdBy: user.id },
      );
    return { row: after, awaitingChecker: null };
  });
};

/** Sets a rejected pay-out back to INITIATED: its amount and fee are held again, or 409 INSUFFICIENT_BALANCE. */
export const resetPayout = async (db: Db, user: SessionUser, id: string, ip?: string) =>
  db.transaction(async (tx) => {
    const row = await lockFor(tx, user, id, 'reset');
    const after = await applyPayoutStep(tx, row, 'reset', { reason: null, utr: null, method: null }, actorOf(user, ip));
    if (!row.test)
      await placeHold(tx, {
        key: holdKey(after),
        account: merchantAccount(row.merchantId),
        amount: holdOf(row),
        entity: 'payouts',
        entityId: row.id,
      });
    return after;
  });

/**
 * Gives waiting pay-outs to a vendor, whose users then process them; all or none: a pay-out that
 * is not INITIATED (or not found) refuses the whole request.
 */
export const assignPayouts = async (db: Db, user: SessionUser, ids: string[], vendorCode: string, ip?: string) => {
  const [vendor] = await db
    .select({ code: vendors.code, enabled: vendors.enabled })
    .from(vendors)
    .where(eq(vendors.code, vendorCode));
  if (!vendor) throw badRequest('vendorCode names no vendor', 'vendorCode');
  if (!vendor.enabled) throw badRequest('This vendor is disabled.', 'vendorCode');
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(payouts).where(inArray(payouts.id, unique)).orderBy(payouts.id).for('update');
    const waiting = rows.filter((r) => r.status === 'INITIATED');
    if (waiting.length < unique.length)
      throw conflict(
        `Only pay-outs in status INITIATED can be given to a vendor: ${unique.length - waiting.length} of the ${unique.length} cannot.`,
        'INVALID_TRANSITION',
      );
    await tx
      .update(payouts)
      .set({ vendorCode: vendor.code, updatedAt: sql`now()` })
      .where(inArray(payouts.id, unique));
    // A maker's request was for the pay-out as it stood: given to a vendor, nobody's approval waits.
    await clearRequests(tx, 'payouts', unique);
    await auditAll(
      tx,
      waiting.map((r) => ({
        actor: actorOf(user, ip),
        event: {
          action: 'assign' as const,
          entity: 'payouts' as const,
          entityId: r.id,
          before: { vendorCode: r.vendorCode },
          after: { vendorCode: vendor.code },
        },
      })),
    );
    return { assigned: waiting.length, vendorCode: vendor.code };
  });
};
