import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankEntries, vendors, vendorSettlements } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { bankAccount, TREASURY, vendorSettled } from '../../../domain/ledger';
import {
  isInternalTransfer,
  needsUtr,
  transitionOf,
  VENDOR_SETTLEMENT_TRANSITIONS,
  type SettlementAction,
  type VendorSettlementMethod,
} from '../../../domain/settlement';
import type { AuditAction } from '../../../domain/audit-event';
import type { SessionUser } from '../common/session-user';
import { audit, type Actor } from '../common/audit';
import { postJournal, reverseLatest } from '../ledger/ledger';
import { paiseFrom } from '../common/money-input';
import { utrFrom } from '../common/utr';
import { consumeEntry } from './internal-transfers';
import { freeUtrsOf, claimUtr } from '../common/utr-uses';
import { dataScope, scopeWhere, type DataScope } from '../common/scope';
import {
  approvalEyes,
  assertMove,
  auditedSettlement,
  changedMeanwhile,
  destinationOf,
  referenceOf,
  type SettlementCheck,
} from './settlement-steps';
import { clearRequests } from '../common/four-eyes';

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
const AUDIT_OF: Record<SettlementAction, AuditAction> = { approve: 'approve', reject: 'reject', reset: 'reset' };

const step = async (
  tx: DbOrTx,
  user: SessionUser,
  row: VendorSettlementRow,
  action: SettlementAction | 'create',
  patch: Partial<VendorSettlementRow>,
  ip?: string,
) => {
  const to = action === 'create' ? 'SUCCESS' : transitionOf(VENDOR_SETTLEMENT_TRANSITIONS, action).to;
  const [after] = await tx
    .update(vendorSettlements)
    .set({ ...patch, status: to, version: row.version + 1, updatedAt: sql`now()` })
    .where(
      and(
        eq(vendorSettlements.id, row.id),
        eq(vendorSettlements.status, row.status),
        eq(vendorSettlements.version, row.version),
      ),
    )
    .returning();
  if (!after) throw changedMeanwhile();
  if (action !== 'create')
    await audit(tx, actorOf(user, ip), {
      action: AUDIT_OF[action],
      entity: ENTITY,
      entityId: row.id,
      before: auditedSettlement(row),
      after: auditedSettlement(after),
    });
  return after;
};

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

const moving = (
  db: Db,
  user: SessionUser,
  id: string,
  action: SettlementAction,
  then: (tx: DbOrTx, row: VendorSettlementRow) => Promise<VendorSettlementRow>,
) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(vendorSettlements)
      .where(and(eq(vendorSettlements.id, id), vendorSettlementVisible(await dataScope(tx, user))))
      .for('update');
    if (!row) throw notFound('Vendor settlement');
    assertMove(VENDOR_SETTLEMENT_TRANSITIONS, user, action, row.status);
    return then(tx, row);
  });

/**
 * SUCCESS with its reference: the UTR for BANK, the entry's UTR for an internal transfer reset
 * before. Never by its creator; above the checker threshold it waits for a second person.
 */
export const approveVendorSettlement = async (
  db: Db,
  user: SessionUser,
  id: string,
  body: { reference?: string },
  opts: SettlementCheck,
) => {
  let awaitingChecker: string | null = null;
  const row = await moving(db, user, id, 'approve', async (tx, row) => {
    const reference = referenceOf(row.method, body.reference);
    const eyes = await approvalEyes(tx, user, row, 'vendor-settlement.approve', reference, opts);
    if (!eyes.waiting) return settle(tx, user, row, reference, 'approve', opts.ip);
    awaitingChecker = eyes.maker;
    return row;
  });
  return { row, awaitingChecker: awaitingChecker as string | null };
};

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
