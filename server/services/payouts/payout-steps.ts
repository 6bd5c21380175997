import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { merchants, payouts } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { canMovePayout, payoutRefusalOf, payoutTransitionOf, type PayoutAction } from '../../../domain/payout';
import { paiseToRupees } from '../../../domain/money';
import type { AuditAction } from '../../../domain/audit-event';
import { audit, type Actor } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { queueCallback } from '../callbacks/callbacks';
import { clearRequests, fourEyes, type CheckerWords } from '../audit/four-eyes';
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
      updatedAt: sql`now()`,
    })
    .where(and(eq(payouts.id, row.id), eq(payouts.status, row.status), eq(payouts.version, row.version)))
    .returning();
  if (!after) throw conflict('This pay-out changed meanwhile. Reload it and try again.', 'CHANGED');
  // A maker's request was for the pay-out as it stood: any step ends it.
  await clearRequests(tx, 'payouts', [after.id]);
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

const NOUN = { approve: 'approval', reverse: 'reversal' } as const;

/** A pay-out's refusals, in the words its answers had before the one mechanism. */
const wordsOf = (action: 'approve' | 'reverse'): CheckerWords => ({
  samePerson: (maker) =>
    `${maker} asked for this ${NOUN[action]}: a checker is another person, not the maker nor a user the maker created, reset the password of or gave access to.`,
  staffChecker: (maker) => `${maker} is a vendor's user: a staff user checks this approval.`,
  differs: ({ makerName, details }) =>
    details.method === 'eko'
      ? `The maker (${makerName}) asked for Eko: the checker approves through Eko too.`
      : `The checker's UTR and bank account must be the maker's (${makerName}: UTR ${String(details.utr ?? '')}).`,
});

/**
 * Maker-checker on a pay-out's approval or reversal, through the one mechanism (four-eyes.ts) with
 * the row locked: the first user's call records the request, audited, and answers the locked row
 * (its updated_at moved: the lists show it waiting) and the maker's name; another person's same
 * call answers null, and the step that follows is the checker's audited event.
 */
export const askOrCheck = async (
  tx: DbOrTx,
  row: PayoutRow,
  action: 'approve' | 'reverse',
  call: { user: SessionUser; actor: Actor; details: Record<string, unknown>; needed: boolean },
): Promise<{ row: PayoutRow; maker: string } | null> => {
  const eyes = await fourEyes(tx, {
    action: `payout.${action}`,
    entityId: row.id,
    ...call,
    words: wordsOf(action),
    stepAudited: true,
  });
  if (!eyes.waiting) return null;
  const [waiting] = await tx
    .update(payouts)
    .set({ updatedAt: sql`now()` })
    .where(eq(payouts.id, row.id))
    .returning();
  return { row: waiting, maker: eyes.maker };
};
