import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { bankEntries, vendors, vendorSettlements } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { bankAccount, TREASURY, vendorSettled } from '../../../domain/ledger';
import {
  isInternalTransfer,
  VENDOR_SETTLEMENT_TRANSITIONS,
  type VendorSettlementMethod,
} from '../../../domain/settlement';
import type { SessionUser } from '../common/session-user';
import { postJournal } from '../ledger/ledger';
import { paiseFrom } from '../common/money-input';
import { utrFrom } from '../common/utr';
import { consumeEntry } from './internal-transfers';
import { scopeWhere, type DataScope } from '../common/scope';
import { destinationOf, type SettlementCheck } from './settlement-steps';
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

/** Vendor users see their own vendor's settlements; merchants none. */
export const vendorSettlementVisible = (scope: DataScope): SQL | undefined =>
  scopeWhere(scope, { vendorCode: (code) => eq(vendorSettlements.vendorCode, code) });

const { approving, creating, paying, rejecting, resetting } = settlementMoves({
  table: vendorSettlements,
  entity: ENTITY,
  name: 'vendor-settlement',
  what: 'Vendor settlement',
  owner: { id: 'vendorId', code: 'vendorCode' },
  transitions: VENDOR_SETTLEMENT_TRANSITIONS,
  visible: vendorSettlementVisible,
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
  const credit = isInternalTransfer(row.method) ? await consumeEntry(tx, row, reference!) : null;
  const entry = credit?.entry ?? null;
  // An internal transfer sent with its UTR alone names the account of that UTR's credit.
  const named = credit && row.method === 'INTERNAL_BANK_TRANSFER' && !row.accountNumber ? credit.account : {};
  const patch = { bankEntryId: entry?.id ?? null, ...named };
  return paying(tx, user, row, reference, { action, patch, ip }, (journal) =>
    postJournal(tx, {
      ...journal,
      lines: vendorSettled({
        vendorId: row.vendorId,
        amount: row.amount,
        into: entry ? bankAccount(entry.bankAccountId) : TREASURY,
      }),
    }),
  );
};

/** Staff record a vendor settlement: INITIATED, or SUCCESS at once for an internal transfer. */
export const createVendorSettlement = async (
  db: DbOrTx,
  user: SessionUser,
  body: VendorSettlementInput,
  ip?: string,
) => {
  const amount = paiseFrom(body.amount, 'amount');
  const destination = destinationOf(body.method, body);
  const internal = isInternalTransfer(body.method);
  if (!internal && body.utr)
    throw badRequest('Only an internal transfer names a utr; approve with its reference.', 'utr');
  const utr = internal ? utrFrom(body.utr ?? '', 'utr') : null;
  const code = body.vendorCode.trim();
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, code));
  if (!vendor) throw notFound('Vendor');
  return creating(db, user, { id: vendor.id, code }, { amount, method: body.method, destination }, ip, (tx, row) =>
    utr ? settle(tx, user, row, utr, 'create', ip) : Promise.resolve(row),
  );
};

/**
 * SUCCESS with its reference: the UTR for BANK, the entry's UTR for an internal transfer reset
 * before. Never by its creator; above the checker threshold it waits for a second person.
 */
export const approveVendorSettlement = (
  db: DbOrTx,
  user: SessionUser,
  id: string,
  body: { reference?: string },
  opts: SettlementCheck,
) => approving(db, user, id, body, opts, (tx, row, reference) => settle(tx, user, row, reference, 'approve', opts.ip));

export const rejectVendorSettlement = (
  db: DbOrTx,
  user: SessionUser,
  id: string,
  body: { reason: string },
  ip?: string,
) => rejecting(db, user, id, body.reason, ip);

/** ADMIN sets one back to INITIATED (password confirmed by the route): its journal reversed, its entry freed. */
export const resetVendorSettlement = (db: DbOrTx, user: SessionUser, id: string, ip?: string) =>
  resetting(db, user, id, { patch: { bankEntryId: null }, ip }, async (tx, row) => {
    if (row.bankEntryId)
      await tx
        .update(bankEntries)
        .set({ vendorSettlementId: null, usedAt: null })
        .where(and(eq(bankEntries.id, row.bankEntryId), eq(bankEntries.vendorSettlementId, row.id)));
  });
