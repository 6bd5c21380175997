import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { merchants, settlements } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { merchantAccount, merchantPaidOut } from '../../../domain/ledger';
import {
  needsUtr,
  SETTLEMENT_REQUESTERS,
  SETTLEMENT_TRANSITIONS,
  type SettlementMethod,
} from '../../../domain/settlement';
import type { SessionUser } from '../common/session-user';
import { audit, type Actor } from '../audit/audit';
import { pendingHoldOf, placeHold, postHold, voidHold } from '../ledger/holds';
import { reverseLatest } from '../ledger/ledger';
import { freeUtrsOf, claimUtr } from '../common/utr';
import { paiseFrom } from '../common/money-input';
import { dataScope, scopeWhere, type DataScope } from '../common/scope';
import { auditedSettlement, destinationOf, type SettlementCheck } from './settlement-steps';
import { clearRequests } from '../audit/four-eyes';
import { settlementMoves } from './settlement-moves';

/**
 * Merchant settlements (issue 12): the gateway pays a merchant what it holds for it. The amount is
 * held on the merchant's balance from creation, posted on SUCCESS and released on REJECTED; a reset
 * (ADMIN) reverses what was posted and holds it again.
 */
export type SettlementRow = typeof settlements.$inferSelect;

export interface SettlementInput {
  merchantCode: string;
  amount: number;
  method: SettlementMethod;
  accountHolder?: string;
  accountNumber?: string;
  ifsc?: string;
  wallet?: string;
  walletAddress?: string;
}

const ENTITY = 'settlements';
const WHAT = 'this settlement';

/** Merchant users see their own merchants' settlements (and sub-merchants' for a merchant admin). */
export const settlementVisible = (scope: DataScope): SQL | undefined =>
  scopeWhere(scope, { merchantCodes: (codes) => inArray(settlements.merchantCode, codes) });

const actorOf = (user: SessionUser, ip?: string): Actor => ({ ...user, ip });
const { step, moving, approving } = settlementMoves({
  table: settlements,
  entity: ENTITY,
  what: 'Settlement',
  transitions: SETTLEMENT_TRANSITIONS,
  visible: settlementVisible,
  approval: 'settlement.approve',
});
const holdKey = (row: Pick<SettlementRow, 'id' | 'version'>) => `settlement:${row.id}:hold:${row.version}`;

/**
 * Staff settle a merchant, or a merchant user asks for a settlement of its own balance (BANK only),
 * which waits for staff. Held at once: 409 INSUFFICIENT_BALANCE and nothing written when the
 * available balance does not cover it.
 */
export const createSettlement = async (db: Db, user: SessionUser, body: SettlementInput, ip?: string) => {
  const requester = SETTLEMENT_REQUESTERS.includes(user.role);
  if (requester && body.method !== 'BANK')
    throw badRequest('You may ask for a settlement to a bank account (BANK) only.', 'method');
  const amount = paiseFrom(body.amount, 'amount');
  const destination = destinationOf(body.method, body);
  const scope = await dataScope(db, user);
  const code = body.merchantCode.trim();
  const [merchant] = await db
    .select({ id: merchants.id, code: merchants.code })
    .from(merchants)
    .where(and(eq(merchants.code, code), scopeWhere(scope, { merchantCodes: (c) => inArray(merchants.code, c) })));
  if (!merchant) throw notFound('Merchant');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(settlements)
      .values({
        merchantId: merchant.id,
        merchantCode: merchant.code,
        amount,
        method: body.method,
        ...destination,
        createdBy: user.id,
        createdByName: user.userName,
      })
      .returning();
    await placeHold(
      tx,
      { key: holdKey(row), account: merchantAccount(merchant.id), amount, entity: ENTITY, entityId: row.id },
      WHAT,
    );
    await audit(tx, actorOf(user, ip), {
      action: 'create',
      entity: ENTITY,
      entityId: row.id,
      after: { merchantCode: row.merchantCode, ...auditedSettlement(row), ...destination },
    });
    return row;
  });
};

/**
 * Paid: SUCCESS with its reference (BANK: the UTR), its hold posted as the settlement's journal.
 * Never by the staff user who created it; above the checker threshold the first approver's call
 * waits for another person's (four eyes, domain/four-eyes).
 */
export const approveSettlement = (
  db: Db,
  user: SessionUser,
  id: string,
  body: { reference?: string },
  opts: SettlementCheck,
) =>
  approving(db, user, id, body, opts, async (tx, row, reference) => {
    if (reference && needsUtr(row.method))
      await claimUtr(tx, { utr: reference, entity: ENTITY, entityId: row.id, createdBy: user.id });
    const after = await step(
      tx,
      user,
      row,
      'approve',
      { reference, reason: null, completedAt: sql`now()` as never },
      opts.ip,
    );
    const hold = await pendingHoldOf(tx, ENTITY, row.id);
    if (!hold) throw new Error(`settlement ${row.id} has no pending hold`);
    await postHold(tx, hold, {
      key: `settlement:${row.id}:success:${after.version}`,
      kind: 'settlement.success',
      entity: ENTITY,
      entityId: row.id,
      lines: merchantPaidOut({ merchantId: row.merchantId, amount: row.amount }),
      createdBy: user.id,
    });
    return after;
  });

/** Not paid: REJECTED with the reason, its hold released. */
export const rejectSettlement = (db: Db, user: SessionUser, id: string, body: { reason: string }, ip?: string) =>
  moving(db, user, id, 'reject', async (tx, row) => {
    const after = await step(tx, user, row, 'reject', { reason: body.reason.trim(), reference: null }, ip);
    await clearRequests(tx, ENTITY, [row.id]);
    const hold = await pendingHoldOf(tx, ENTITY, row.id);
    if (hold) await voidHold(tx, hold);
    return after;
  });

/**
 * ADMIN sets a paid or rejected settlement back to INITIATED (password confirmed by the route):
 * a paid one's journal is reversed, then the amount is held again (409 INSUFFICIENT_BALANCE when a
 * rejected one no longer fits).
 */
export const resetSettlement = (db: Db, user: SessionUser, id: string, ip?: string) =>
  moving(db, user, id, 'reset', async (tx, row) => {
    const after = await step(tx, user, row, 'reset', { reference: null, reason: null, completedAt: null }, ip);
    await clearRequests(tx, ENTITY, [row.id]);
    await freeUtrsOf(tx, ENTITY, [row.id]);
    if (row.status === 'SUCCESS')
      await reverseLatest(
        tx,
        { entity: ENTITY, entityId: row.id, kind: 'settlement.success' },
        { key: `settlement:${row.id}:reversal:${after.version}`, kind: 'settlement.reversal', createdBy: user.id },
      );
    await placeHold(
      tx,
      {
        key: holdKey(after),
        account: merchantAccount(row.merchantId),
        amount: row.amount,
        entity: ENTITY,
        entityId: row.id,
      },
      WHAT,
    );
    return after;
  });
