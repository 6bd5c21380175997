import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { merchants, settlements } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { merchantAccount, merchantPaidOut } from '../../../domain/ledger';
import { SETTLEMENT_REQUESTERS, SETTLEMENT_TRANSITIONS, type SettlementMethod } from '../../../domain/settlement';
import type { SessionUser } from '../common/session-user';
import { pendingHoldOf, placeHold, postHold, voidHold } from '../ledger/holds';
import { paiseFrom } from '../common/money-input';
import { dataScope, scopeWhere, type DataScope } from '../common/scope';
import { destinationOf, type SettlementCheck } from './settlement-steps';
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

const { approving, creating, paying, rejecting, resetting } = settlementMoves({
  table: settlements,
  entity: ENTITY,
  name: 'settlement',
  what: 'Settlement',
  owner: { id: 'merchantId', code: 'merchantCode' },
  transitions: SETTLEMENT_TRANSITIONS,
  visible: settlementVisible,
});

/** The amount held on the merchant's balance, under the key of this version of the settlement. */
const hold = (tx: DbOrTx, row: SettlementRow, version: number) =>
  placeHold(
    tx,
    {
      key: `settlement:${row.id}:hold:${version}`,
      account: merchantAccount(row.merchantId),
      amount: row.amount,
      entity: ENTITY,
      entityId: row.id,
    },
    WHAT,
  );

/**
 * Staff settle a merchant, or a merchant user asks for a settlement of its own balance (BANK only),
 * which waits for staff. Held at once: 409 INSUFFICIENT_BALANCE and nothing written when the
 * available balance does not cover it.
 */
export const createSettlement = async (db: DbOrTx, user: SessionUser, body: SettlementInput, ip?: string) => {
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
  return creating(db, user, merchant, { amount, method: body.method, destination }, ip, async (tx, row) => {
    await hold(tx, row, row.version);
    return row;
  });
};

/**
 * Paid: SUCCESS with its reference (BANK: the UTR), its hold posted as the settlement's journal.
 * Never by the staff user who created it; above the checker threshold the first approver's call
 * waits for another person's (four eyes, domain/four-eyes).
 */
export const approveSettlement = (
  db: DbOrTx,
  user: SessionUser,
  id: string,
  body: { reference?: string },
  opts: SettlementCheck,
) =>
  approving(db, user, id, body, opts, (tx, row, reference) =>
    paying(tx, user, row, reference, { action: 'approve', ip: opts.ip }, async (journal) => {
      const pending = await pendingHoldOf(tx, ENTITY, row.id);
      if (!pending) throw new Error(`settlement ${row.id} has no pending hold`);
      await postHold(tx, pending, {
        ...journal,
        lines: merchantPaidOut({ merchantId: row.merchantId, amount: row.amount }),
      });
    }),
  );

/** Not paid: REJECTED with the reason, its hold released. */
export const rejectSettlement = (db: DbOrTx, user: SessionUser, id: string, body: { reason: string }, ip?: string) =>
  rejecting(db, user, id, body.reason, ip, async (tx, row) => {
    const pending = await pendingHoldOf(tx, ENTITY, row.id);
    if (pending) await voidHold(tx, pending);
  });

/**
 * ADMIN sets a paid or rejected settlement back to INITIATED (password confirmed by the route):
 * a paid one's journal is reversed, then the amount is held again (409 INSUFFICIENT_BALANCE when a
 * rejected one no longer fits).
 */
export const resetSettlement = (db: DbOrTx, user: SessionUser, id: string, ip?: string) =>
  resetting(db, user, id, { ip }, (tx, row, after) => hold(tx, row, after.version));
