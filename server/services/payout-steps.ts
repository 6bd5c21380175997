import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { merchants, payouts, users } from '../db/schema';
import { AppError, conflict, notFound } from '../errors';
import { canMovePayout, payoutRefusalOf, payoutTransitionOf, type PayoutAction } from '../../domain/payout';
import { paiseToRupees } from '../../domain/money';
import type { AuditAction } from '../../domain/audit-event';
import { checkerRefusal } from '../../domain/four-eyes';
import { audit, type Actor } from './audit';
import { queueCallback } from './callbacks';
import { payoutData, type PayoutRow } from './payout-create';

/** The pay-out, locked for this transaction; 404 when it does not exist (or the caller may not see it). */
export const lockPayout = async (tx: DbOrTx, id: string, visible?: ReturnType<typeof sql>): Promise<PayoutRow> => {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, id), visible))
    .for('update');
  if (!row) throw notFound('Pay-out');
  return row;
};

export const assertCanMove = (action: PayoutAction, row: PayoutRow) => {
  if (!canMovePayout(action, row.status)) throw conflict(payoutRefusalOf(action, row.status), 'INVALID_TRANSITION');
};

const AUDIT_OF: Record<PayoutAction, AuditAction> = {
  approve: 'approve',
  reject: 'reject',
  drop: 'drop',
  reverse: 'reverse',
  reset: 'reset',
};

const audited = (row: PayoutRow) => ({
  status: row.status,
  reason: row.reason,
  amount: paiseToRupees(row.amount),
  fee: paiseToRupees(row.fee),
  utr: row.utr,
  method: row.method,
  bankAccountId: row.bankAccountId,
  vendorCode: row.vendorCode,
});

/**
 * The one shape of every pay-out transition (STYLE.md, as the pay-ins'): checked against the
 * domain table, written only if nobody moved the row meanwhile, audited, and followed by a signed
 * `payout.status` callback queued in the same transaction. The caller holds the row lock and
 * moves the money (holds) in the same transaction.
 */
export const applyPayoutStep = async (
  tx: DbOrTx,
  row: PayoutRow,
  action: PayoutAction,
  patch: Partial<PayoutRow>,
  actor: Actor,
): Promise<PayoutRow> => {
  assertCanMove(action, row);
  const [after] = await tx
    .update(payouts)
    .set({
      ...patch,
      status: payoutTransitionOf(action).to,
      version: row.version + 1,
      ...NO_WAITING_REQUEST,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payouts.id, row.id), eq(payouts.status, row.status), eq(payouts.version, row.version)))
    .returning();
  if (!after) throw conflict('This pay-out changed meanwhile. Reload it and try again.', 'CHANGED');
  await audit(tx, actor, {
    action: AUDIT_OF[action],
    entity: 'payouts',
    entityId: after.id,
    before: audited(row),
    after: audited(after),
  });
  const [merchant] = await tx
    .select({ url: merchants.payoutCallbackUrl })
    .from(merchants)
    .where(eq(merchants.id, after.merchantId));
  if (merchant?.url)
    await queueCallback(tx, {
      merchantId: after.merchantId,
      type: 'payout.status',
      entity: 'payouts',
      entityId: after.id,
      url: merchant.url,
      data: payoutData(after),
    });
  return after;
};

/** A pay-out with no maker's request waiting: what every step, a hand-over to Eko and an assignment write. */
export const NO_WAITING_REQUEST = {
  pendingAction: null,
  pendingBy: null,
  pendingByName: null,
  pendingAt: null,
  pendingDetails: null,
} as const;

/**
 * Maker-checker: the first staff user's request for an approval or a reversal, recorded and
 * audited, waiting for a second user to make the same call.
 */
export const askChecker = async (
  tx: DbOrTx,
  row: PayoutRow,
  action: 'approve' | 'reverse',
  user: { id: string; userName: string },
  details: Record<string, unknown> | null,
  actor: Actor,
): Promise<PayoutRow> => {
  const [waiting] = await tx
    .update(payouts)
    .set({
      pendingAction: action,
      pendingBy: user.id,
      pendingByName: user.userName,
      pendingAt: sql`now()`,
      pendingDetails: details,
      updatedAt: sql`now()`,
    })
    .where(eq(payouts.id, row.id))
    .returning();
  await audit(tx, actor, {
    action: 'request-approval',
    entity: 'payouts',
    entityId: row.id,
    after: details ?? { [action]: true },
  });
  return waiting;
};

/**
 * The checker is another person (domain/four-eyes): not the maker, nor a user the maker created,
 * reset the password of or gave access to; after a vendor's maker, a staff user.
 */
export const assertNotMaker = async (
  tx: DbOrTx,
  row: PayoutRow,
  user: { id: string },
  action: 'approve' | 'reverse',
) => {
  const [maker] = row.pendingBy
    ? await tx.select({ role: users.role }).from(users).where(eq(users.id, row.pendingBy))
    : [];
  const [checker] = await tx
    .select({ id: users.id, role: users.role, accessGivenBy: users.accessGivenBy })
    .from(users)
    .where(eq(users.id, user.id));
  const refusal = checkerRefusal(`payout.${action}`, row.pendingBy ?? '', maker?.role ?? 'OPERATIONS', checker);
  if (refusal === 'SAME_PERSON')
    throw new AppError(
      403,
      'SAME_PERSON',
      `${row.pendingByName ?? 'Another user'} asked for this ${action === 'approve' ? 'approval' : 'reversal'}: a checker is another person, not the maker nor a user the maker created, reset the password of or gave access to.`,
    );
  if (refusal === 'STAFF_CHECKER')
    throw new AppError(
      403,
      'STAFF_CHECKER',
      `${row.pendingByName} is a vendor's user: a staff user checks this approval.`,
    );
};
