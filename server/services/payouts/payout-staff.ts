import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { bankAccounts, payouts, vendors } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { bankAccount, payoutSuccess } from '../../../domain/ledger';
import {
  mayProcess,
  needsChecker,
  rejectionText,
  VENDOR_ROLES,
  type PayoutAction,
  type PayoutRejectionReason,
} from '../../../domain/payout';
import type { Actor } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { pendingHoldOf, postHold, voidHold } from '../ledger/holds';
import { commissionFor, vendorsOfAccounts } from '../ledger/vendor-commissions';
import { utrFrom, claimUtr, utrUsed, utrUseOf } from '../common/utr';
import { markSending, sendToEko, type EkoDeps } from './payout-eko';
import { EKO_ABSENT, EKO_NOT_FOR_ROLE, EKO_ROLES } from '../../../domain/eko';
import type { PayoutRow } from './payout-create';
import { applyPayoutStep, askOrCheck, assertCanMove, lockPayout } from './payout-steps';

export type Approval = { method: 'manual'; utr: string; bankAccountId: string } | { method: 'eko' };

export const actorOf = (user: SessionUser, ip?: string): Actor => ({ ...user, ip });

/** Vendors' users reach only the pay-outs assigned to their vendor; staff reach all. */
const visibleTo = (user: SessionUser) =>
  VENDOR_ROLES.includes(user.role) ? sql`${payouts.vendorCode} = ${user.vendorCode ?? ''}` : undefined;

/** The pay-out locked, if this user may take this action on it: 404 unseen, 403 not theirs to process, 409 wrong status. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const lockFor = async (tx: Tx, user: SessionUser, id: string, action: PayoutAction) => {
  const row = await lockPayout(tx, id, visibleTo(user));
  if (!mayProcess(user, action, row))
    throw forbidden('This pay-out is assigned to a vendor: only ADMIN or that vendor may process it.');
  assertCanMove(action, row);
  if (row.providerState)
    throw conflict(
      'This pay-out was sent to Eko: it waits for Eko to answer, then moves by itself.',
      'PROVIDER_WAITING',
    );
  return row;
};

/** The paying account of a manual approval: an enabled pay-out account (a vendor's own, for its users). */
const payingAccount = async (db: Db, user: SessionUser, bankAccountId: string) => {
  const [bank] = await db
    .select({ usedFor: bankAccounts.usedFor, enabled: bankAccounts.enabled, vendorCode: vendors.code })
    .from(bankAccounts)
    .leftJoin(vendors, eq(vendors.id, bankAccounts.vendorId))
    .where(eq(bankAccounts.id, bankAccountId));
  if (!bank) throw badRequest('bankAccountId names no bank account', 'bankAccountId');
  if (bank.usedFor !== 'PAYOUT') throw badRequest('bankAccountId must be a pay-out bank account', 'bankAccountId');
  if (!bank.enabled) throw badRequest('This bank account is disabled.', 'bankAccountId');
  if (VENDOR_ROLES.includes(user.role) && bank.vendorCode !== user.vendorCode)
    throw badRequest("bankAccountId must be one of your vendor's pay-out accounts", 'bankAccountId');
};

/**
 * Approves a pay-out: paid by hand (UTR and paying account: SUCCESS, its hold posted as the
 * pay-out's journal) or handed to Eko (ADMIN and OPERATIONS; its answer completes or fails it).
 * Above the checker threshold the first call records the maker's request (202, awaitingChecker
 * its name) and a second user's same call completes it; the maker cannot be the checker.
 */
export const approvePayout = async (
  db: Db,
  user: SessionUser,
  id: string,
  approval: Approval,
  opts: { checkerThresholdPaise: number; ip?: string; eko?: EkoDeps },
): Promise<{ row: PayoutRow; awaitingChecker: string | null }> => {
  if (approval.method === 'eko' && !opts.eko) throw new AppError(400, 'EKO_NOT_CONFIGURED', EKO_ABSENT);
  if (approval.method === 'eko' && !EKO_ROLES.includes(user.role)) throw forbidden(EKO_NOT_FOR_ROLE);
  const details =
    approval.method === 'manual'
      ? { method: 'manual', utr: utrFrom(approval.utr), bankAccountId: approval.bankAccountId }
      : { method: 'eko' };
  if (approval.method === 'manual') await payingAccount(db, user, approval.bankAccountId);
  const actor = actorOf(user, opts.ip);
  const decided = await db.transaction(async (tx) => {
    const row = await lockFor(tx, user, id, 'approve');
    // A UTR already used fails the maker at once, not only the checker.
    if (details.method === 'manual' && !row.test) {
      const used = await utrUseOf(tx, details.utr as string);
      if (used && used.entityId !== row.id) throw utrUsed(used);
    }
    const asked = await askOrCheck(tx, row, 'approve', {
      user,
      actor,
      details,
      needed: needsChecker('approve', row.amount, opts.checkerThresholdPaise),
    });
    if (asked) return { row: asked.row, awaitingChecker: asked.maker };
    if (approval.method === 'eko') return { row: await markSending(tx, row, actor), awaitingChecker: null, send: true };
    return { row: await paidByHand(tx, row, details as ManualDetails, user, actor), awaitingChecker: null };
  });
  if ('send' in decided) return { row: await sendToEko(db, opts.eko!, decided.row), awaitingChecker: null };
  return decided;
};

type ManualDetails = { method: 'manual'; utr: string; bankAccountId: string };

const paidByHand = async (tx: Tx, row: PayoutRow, details: ManualDetails, user: SessionUser, actor: Actor) => {
  // The vendor whose account paid earns its pay-out commission (DESIGN §5).
  const vendor = row.test
    ? null
    : commissionFor(await vendorsOfAccounts(tx, [details.bankAccountId]), details.bankAccountId, row.amount, 'payout');
  if (!row.test) await claimUtr(tx, { utr: details.utr, entity: 'payouts', entityId: row.id, createdBy: user.id });
  const after = await applyPayoutStep(
    tx,
    row,
    'approve',
    { ...details, reason: null, vendorCommission: vendor?.commission ?? 0, completedAt: sql`now()` as never },
    actor,
  );
  const hold = await pendingHoldOf(tx, 'payouts', row.id);
  if (!row.test) {
    if (!hold) throw new Error(`pay-out ${row.id} has no pending hold`);
    await postHold(tx, hold, {
      key: `payout:${row.id}:success:${after.version}`,
      kind: 'payout.success',
      entity: 'payouts',
      entityId: row.id,
      lines: payoutSuccess({
        merchantId: row.merchantId,
        paidFrom: bankAccount(details.bankAccountId),
        amount: row.amount,
        fee: row.fee,
        vendor,
      }),
      createdBy: user.id,
    });
  }
  return after;
};

/** Rejects a pay-out with SPEC §8's reason: REJECTED, its hold released. */
export const rejectPayout = async (
  db: Db,
  user: SessionUser,
  id: string,
  input: { reason: PayoutRejectionReason; text?: string },
  ip?: string,
) => {
  let reason: string;
  try {
    reason = rejectionText(input.reason, input.text);
  } catch {
    throw badRequest('text is Required! when the reason is Other', 'text');
  }
  return release(db, user, id, 'reject', reason, ip);
};

/** Drops a pay-out that will not be sent (cancelled by the merchant, say): DROPPED, its hold released. */
export const dropPayout = (db: Db, user: SessionUser, id: string, ip?: string) =>
  release(db, user, id, 'drop', 'Dropped by staff', ip);

const release = async (db: Db, user: SessionUser, id: string, action: 'reject' | 'drop', reason: string, ip?: string) =>
  db.transaction(async (tx) => {
    const row = await lockFor(tx, user, id, action);
    const after = await applyPayoutStep(tx, row, action, { reason }, actorOf(user, ip));
    const hold = await pendingHoldOf(tx, 'payouts', row.id);
    if (hold) await voidHold(tx, hold);
    return after;
  });
