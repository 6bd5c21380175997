import type { DbOrTx } from '../../db';
import { badRequest, conflict, forbidden } from '../../errors';
import { paiseToRupees } from '../../../domain/money';
import {
  canMoveSettlement,
  missingDestination,
  needsUtr,
  REQUIRED_BY_METHOD,
  SETTLEMENT_REFERENCE_FORMAT,
  settlementRefusalOf,
  transitionOf,
  type Destination,
  type SettlementAction,
  type SettlementStatus,
  type SettlementTransition,
  type VendorSettlementMethod,
} from '../../../domain/settlement';
import type { SessionUser } from '../common/session-user';
import { utrFrom, utrUsed, utrUseOf } from '../common/utr';
import { needsCheck } from '../../../domain/four-eyes';
import { fourEyes } from '../audit/four-eyes';

/**
 * What a merchant's and a vendor's settlement share (issue 12): where the money goes, the
 * reference it was paid with, and the checks of every transition against its domain table.
 */

const LABELS: Record<keyof Destination, string> = {
  accountHolder: 'Name',
  accountNumber: 'Account Number',
  ifsc: 'IFSC',
  wallet: 'Wallet',
  walletAddress: 'Wallet Address',
};

/** The destination a method needs, trimmed, and nothing it does not; 400 naming a missing field. */
export const destinationOf = (method: VendorSettlementMethod, body: Destination): Required<Destination> => {
  const missing = missingDestination(method, body);
  if (missing) throw badRequest(`${LABELS[missing]} is Required! for ${method}`, missing);
  const wanted = REQUIRED_BY_METHOD[method];
  const extra = (Object.keys(LABELS) as (keyof Destination)[]).find((k) => !wanted.includes(k) && body[k]);
  if (extra) throw badRequest(`${method} takes no ${LABELS[extra]}`, extra);
  const value = (k: keyof Destination) => (wanted.includes(k) ? body[k]?.trim() || null : null);
  return {
    accountHolder: value('accountHolder'),
    accountNumber: value('accountNumber'),
    ifsc: value('ifsc')?.toUpperCase() ?? null,
    wallet: value('wallet'),
    walletAddress: value('walletAddress'),
  };
};

/** The reference of an approval: the UTR for BANK and internal transfers, else an optional receipt. */
export const referenceOf = (method: VendorSettlementMethod, reference: string | undefined): string | null => {
  const typed = reference?.trim() ?? '';
  if (needsUtr(method)) {
    if (!typed) throw badRequest(`UTR Number is Required! for ${method}`, 'reference');
    return utrFrom(typed, 'reference');
  }
  if (!typed) return null;
  if (!SETTLEMENT_REFERENCE_FORMAT.pattern.test(typed))
    throw badRequest(`reference must be ${SETTLEMENT_REFERENCE_FORMAT.description}`, 'reference');
  return typed;
};

/** May this user take this action on a settlement in this status? 403, then 409, as every money screen. */
export const assertMove = (
  table: readonly SettlementTransition[],
  user: SessionUser,
  action: SettlementAction,
  status: SettlementStatus,
) => {
  if (!transitionOf(table, action).by.includes(user.role))
    throw forbidden('Only the gateway staff may do this to a settlement.');
  if (!canMoveSettlement(table, action, status))
    throw conflict(settlementRefusalOf(table, action, status), 'INVALID_TRANSITION');
};

/** The audit log's view of a settlement: what a transition changes. */
export const auditedSettlement = (row: {
  status: string;
  amount: number;
  method: string;
  reference: string | null;
  reason: string | null;
}) => ({
  status: row.status,
  amount: paiseToRupees(row.amount),
  method: row.method,
  reference: row.reference,
  reason: row.reason,
});

export const changedMeanwhile = () =>
  conflict('This settlement changed meanwhile. Reload it and try again.', 'CHANGED');

/** What a settlement's approval needs besides the call: the checker threshold and the caller's address. */
export interface SettlementCheck {
  checkerThresholdPaise: number;
  ip?: string;
}

/**
 * The four eyes of a settlement's approval (issue 29, item 3): never its creator (nor a user the
 * creator gave access to), and above the threshold a second person repeats the reference. A UTR
 * already used is refused before any request is recorded.
 */
export const approvalEyes = async (
  tx: DbOrTx,
  user: SessionUser,
  row: { id: string; amount: number; method: VendorSettlementMethod; createdBy: string | null },
  action: 'settlement.approve' | 'vendor-settlement.approve',
  reference: string | null,
  opts: SettlementCheck,
) => {
  if (reference && needsUtr(row.method)) {
    const used = await utrUseOf(tx, reference);
    if (used && used.entityId !== row.id) throw utrUsed(used);
  }
  return fourEyes(tx, {
    action,
    entityId: row.id,
    user,
    actor: { ...user, ip: opts.ip },
    details: { reference },
    needed: needsCheck(action, row.amount, opts.checkerThresholdPaise),
    createdBy: row.createdBy,
  });
};
