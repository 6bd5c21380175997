import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankEntries, vendors, vendorSettlements } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { bankAccount, TREASURY, vendorSettled } from '../../../domain/ledger';
import {
  isInternalTransfer,
  needsUtr,
  VENDOR_SETTLEMENT_TRANSITIONS,
  type VendorSettlementMethod,
} from '../../../domain/settlement';
import type { SessionUser } from '../common/session-user';
import { audit, type Actor } from '../audit/audit';
import { postJournal, reverseLatest } from '../ledger/ledger';
import { paiseFrom } from '../common/money-input';
import { utrFrom, freeUtrsOf, claimUtr } from '../common/utr';
import { consumeEntry } from './internal-transfers';
import { scopeWhere, type DataScope } from '../common/scope';
import { auditedSettlement, destinationOf, type SettlementCheck } from './settlement-steps';
import { clearRequests } from '../audit/four-eyes';
import { settlementMoves } from './settlement-moves';

/**
 * Vendor settlements (issue 12): a vendor hands over money its accounts collected for the gateway,
 * or moves it to another of the gateway's accounts (an internal transfer), proved by the bank entry
 * that account's statement shows, which it consumes. Nothing is held: the money is the vendor's to
 * hand over; SUCCESS posts it, a reset (ADMIN) reverses it and frees the entry.
 */
export type VendorSettlementRow = typeof vendorSettlements.$inferSelect;

export interface VendorSettlementInput {
  vendorCode: string;
  amount: number;
  method: VendorSettlementMethod;
  accountHolder?: string;
  accountNumber?: string;
  ifsc?: string;
  wallet?: string;
  walletAddress?: string;
  utr?: string;
}

const ENTITY = 'vendor-settlements';
const SUCCESS_KIND = 'vendor-settlement.success';

/** Vendor users see their own vendor's settlements; merchants none. */
export const vendorSettlementVisible = (scope: DataScope): SQL | undefined =>
  scopeWhere(scope, { vendorCode: (code) => eq(vendorSettlements.vendorCode, code) });

const actorOf = (user: SessionUser, ip?: string): Actor => ({ ...user, ip });
const { step, moving, approving } = settlementMoves({
  table: vendorSettlements,
  entity: ENTITY,
  what: 'Vendor settlement',
  transitions: VENDOR_SETTLEMENT_TRANSITIONS,
  visible: vendorSettlementVisible,
  approval: 'vendor-settlement.approve',
});

/** SUCCESS: the money leaves the vendor's hands, into the gateway's treasury or the entry's account. */
const settle = async (
  tx: DbOrTx,
  user: SessionUser,
  row: VendorSettlementRow,
  reference: string | null,
  action: 'approve' | 'create',
  ip?: string,
) => {
  const entry = isInternalTransfer(row.method) ? await consumeEntry(tx, row, reference!) : null;
  if (reference && needsUtr(row.method))
    await claimUtr(tx, { utr: reference, entity: ENTITY, entityId: row.id, createdBy: user.id });
  const after = await step(
    tx,
    user,
    row,
    action,
    { reference, reason: null, bankEntryId: entry?.id ?? null, completedAt: sql`now()` as never },
    ip,
  );
  await postJournal(tx, {
    key: `vendor-settlement:${row.id}:success:${after.version}`,
    kind: SUCCESS_KIND,
    entity: ENTITY,
    entityId: row.id,
    lines: vendorSettled({
      vendorId: row.vendorId,
      amount: row.amount,
      into: entry ? bankAccount(entry.bankAccountId) : TREASURY,
    }),
    createdBy: user.id,
  });
  return after;
};

/** Staff record a vendor settlement: INITIATED, or SUCCESS at once for an internal transfer. */
export const createVendorSettlement = async (db: Db, user: SessionUser, body: VendorSettlementInput, ip?: string) => {
  const amount = paiseFrom(body.amount, 'amount');
  const destination = destinationOf(body.method, body);
  const internal = isInternalTransfer(body.method);
  if (!internal && body.utr)
    throw badRequest('Only an internal transfer names a utr; approve with its reference.', 'utr');
  const utr = internal ? utrFrom(body.utr ?? '', 'utr') : null;
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, body.vendorCode.trim()));
  if (!vendor) throw notFound('Vendor');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vendorSettlements)
      .values({
        vendorId: vendor.id,
        vendorCode: body.vendorCode.trim(),
        amount,
        method: body.method,
        ...destination,
        createdBy: user.id,
        createdByName: user.userName,
      })
      .returning();
    const done = utr ? await settle(tx, user, row, utr, 'create', ip) : row;
    await audit(tx, actorOf(user, ip), {
      action: 'create',
      entity: ENTITY,
      entityId: row.id,
      after: { vendorCode: row.vendorCode, ...auditedSettlement(done), ...destination },
    });
    return done;
  });
};

/**
 * SUCCESS with its reference: the UTR for BANK, the entry's UTR for an internal transfer reset
 * before. Never by its creator; above the checker threshold it waits for a second person.
 */
export const approveVendorSettlement = (
  db: Db,
  user: SessionUser,
  id: string,
  body: { reference?: string },
  opts: SettlementCheck,
) => approving(db, user, id, body, opts, (tx, row, reference) => settle(tx, user, row, reference, 'approve', opts.ip));

export const rejectVendorSettlement = (db: Db, user: SessionUser, id: string, body: { reason: string }, ip?: string) =>
  moving(db, user, id, 'reject', async (tx, row) => {
    await clearRequests(tx, ENTITY, [row.id]);
    return step(tx, user, row, 'reject', { reason: body.reason.trim() }, ip);
  });

/** ADMIN sets one back to INITIATED (password confirmed by the route): its journal reversed, its entry freed. */
export const resetVendorSettlement = (db: Db, user: SessionUser, id: string, ip?: string) =>
  moving(db, user, id, 'reset', async (tx, row) => {
    await clearRequests(tx, ENTITY, [row.id]);
    const after = await step(
      tx,
      user,
      row,
      'reset',
      { reference: null, reason: null, bankEntryId: null, completedAt: null },
      ip,
    );
    if (row.status !== 'SUCCESS') return after;
    await freeUtrsOf(tx, ENTITY, [row.id]);
    await reverseLatest(
      tx,
      { entity: ENTITY, entityId: row.id, kind: SUCCESS_KIND },
      {
        key: `vendor-settlement:${row.id}:reversal:${after.version}`,
        kind: 'vendor-settlement.reversal',
        createdBy: user.id,
      },
    );
    if (row.bankEntryId)
      await tx
        .update(bankEntries)
        .set({ vendorSettlementId: null, usedAt: null })
        .where(and(eq(bankEntries.id, row.bankEntryId), eq(bankEntries.vendorSettlementId, row.id)));
    return after;
  });
