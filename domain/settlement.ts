import type { Role } from './roles';
import type { TextFormat } from './validation';
import { mayMove, refusalIn, rowOf } from './transitions';

/**
 * Settlements (issue 12): the gateway pays a merchant what it holds for it, and squares up with a
 * vendor whose bank accounts collected money for the gateway. The rules here are tables and
 * arithmetic; the server takes the locks and writes.
 */

/** SPEC §4, the third status list: what the Settlements screens' status filters offer. */
export const SETTLEMENT_STATUSES = ['INITIATED', 'SUCCESS', 'DROPPED', 'REJECTED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** How a merchant is paid (reference: the current console's Add Settlement form). */
export const SETTLEMENT_METHODS = ['BANK', 'CASH', 'AED', 'CRYPTO'] as const;
export type SettlementMethod = (typeof SETTLEMENT_METHODS)[number];

/**
 * A vendor settles the same ways, and by two internal transfers: money the vendor moved from its
 * collecting account to another of the gateway's accounts, proved by that account's bank entry.
 */
export const INTERNAL_TRANSFER_METHODS = ['INTERNAL_BANK_TRANSFER', 'INTERNAL_QR_TRANSFER'] as const;
export const VENDOR_SETTLEMENT_METHODS = [...SETTLEMENT_METHODS, ...INTERNAL_TRANSFER_METHODS] as const;
export type VendorSettlementMethod = (typeof VENDOR_SETTLEMENT_METHODS)[number];

export const isInternalTransfer = (method: VendorSettlementMethod): boolean =>
  (INTERNAL_TRANSFER_METHODS as readonly string[]).includes(method);

/** The gateway's staff who settle: the roles that see both Settlements screens (SPEC §6). */
export const SETTLEMENT_STAFF: readonly Role[] = ['ADMIN', 'TRANSACTIONS'];
/** Merchant users who may ask for a settlement of their own balance (BANK only), which staff then approve. */
export const SETTLEMENT_REQUESTERS: readonly Role[] = ['MERCHANT', 'MERCHANT_ADMIN'];

export type SettlementAction = 'approve' | 'reject' | 'reset';

export interface SettlementTransition {
  action: SettlementAction;
  from: readonly SettlementStatus[];
  to: SettlementStatus;
  by: readonly Role[];
  /** What it does to the money: a merchant's hold, or a vendor's posting. */
  money: 'post the hold' | 'release the hold' | 'reverse and hold again' | 'post' | 'nothing' | 'reverse if posted';
  /** Asks the caller's password again (DESIGN §6, money corrections). */
  confirm?: true;
}

/** Every allowed change of a merchant settlement's status; anything else is refused with 409. */
export const SETTLEMENT_TRANSITIONS: readonly SettlementTransition[] = [
  { action: 'approve', from: ['INITIATED'], to: 'SUCCESS', by: SETTLEMENT_STAFF, money: 'post the hold' },
  { action: 'reject', from: ['INITIATED'], to: 'REJECTED', by: SETTLEMENT_STAFF, money: 'release the hold' },
  {
    action: 'reset',
    from: ['SUCCESS', 'REJECTED'],
    to: 'INITIATED',
    by: ['ADMIN'],
    money: 'reverse and hold again',
    confirm: true,
  },
];

/** A vendor's settlements hold nothing: the vendor hands over money it collected for the gateway. */
export const VENDOR_SETTLEMENT_TRANSITIONS: readonly SettlementTransition[] = [
  { action: 'approve', from: ['INITIATED'], to: 'SUCCESS', by: SETTLEMENT_STAFF, money: 'post' },
  { action: 'reject', from: ['INITIATED'], to: 'REJECTED', by: SETTLEMENT_STAFF, money: 'nothing' },
  {
    action: 'reset',
    from: ['SUCCESS', 'REJECTED'],
    to: 'INITIATED',
    by: ['ADMIN'],
    money: 'reverse if posted',
    confirm: true,
  },
];

export const transitionOf = (table: readonly SettlementTransition[], action: SettlementAction): SettlementTransition =>
  rowOf(table, action);

export const canMoveSettlement = (
  table: readonly SettlementTransition[],
  action: SettlementAction,
  from: SettlementStatus,
): boolean => mayMove(table, action, from);

const PAST: Record<SettlementAction, string> = { approve: 'approved', reject: 'rejected', reset: 'reset' };

/** The message of the 409 when a settlement may not take an action now. */
export const settlementRefusalOf = (
  table: readonly SettlementTransition[],
  action: SettlementAction,
  from: SettlementStatus,
): string => refusalIn({ noun: 'settlement', past: PAST, or: ' or ' }, table, action, from);

/** What each method needs besides the amount: the destination the money goes to. */
export interface Destination {
  accountHolder?: string | null;
  accountNumber?: string | null;
  ifsc?: string | null;
  wallet?: string | null;
  walletAddress?: string | null;
}

/** The fields a method requires, in the order the form shows them. */
export const REQUIRED_BY_METHOD: Record<VendorSettlementMethod, readonly (keyof Destination)[]> = {
  BANK: ['accountHolder', 'accountNumber', 'ifsc'],
  CASH: [],
  AED: [],
  CRYPTO: ['wallet', 'walletAddress'],
  INTERNAL_BANK_TRANSFER: ['accountHolder', 'accountNumber', 'ifsc'],
  INTERNAL_QR_TRANSFER: [],
};

/**
 * Methods whose destination the UTR names (issue 31, item 9): an internal bank transfer's UTR is a
 * credit on one of the gateway's accounts, so the account may be left out and is taken from that
 * credit; when given, all of it is given and it must be that account.
 */
export const DESTINATION_FROM_UTR: readonly VendorSettlementMethod[] = ['INTERNAL_BANK_TRANSFER'];

const given = (d: Destination, k: keyof Destination) => Boolean(d[k]?.toString().trim());

/** Whether a request leaves the destination to its UTR's credit (every field of it left out). */
export const destinationLeftToUtr = (method: VendorSettlementMethod, d: Destination): boolean =>
  DESTINATION_FROM_UTR.includes(method) && !REQUIRED_BY_METHOD[method].some((k) => given(d, k));

/** The first destination field a method needs that is missing, if any. */
export const missingDestination = (method: VendorSettlementMethod, d: Destination): keyof Destination | null =>
  destinationLeftToUtr(method, d) ? null : (REQUIRED_BY_METHOD[method].find((k) => !given(d, k)) ?? null);

/** A settlement's reference on approval: BANK and internal transfers need the UTR; other methods may name one. */
export const needsUtr = (method: VendorSettlementMethod): boolean => method === 'BANK' || isInternalTransfer(method);

/** A crypto wallet's name (the network or exchange) and its address. */
export const WALLET_FORMAT: TextFormat = {
  pattern: /^[A-Za-z0-9][A-Za-z0-9 ._-]{1,49}$/,
  description: '2–50 letters, digits, spaces, . _ or -',
};
export const WALLET_ADDRESS_FORMAT: TextFormat = {
  pattern: /^[A-Za-z0-9:_-]{10,128}$/,
  description: '10–128 letters, digits, : _ or -',
};
/** The reference of a settlement paid other than by bank (a receipt number, a transaction hash). */
export const SETTLEMENT_REFERENCE_FORMAT: TextFormat = {
  pattern: /^[A-Za-z0-9][A-Za-z0-9 ._:/-]{0,127}$/,
  description: 'up to 128 letters, digits, spaces and . _ : / -',
};

/**
 * Who owes whom, from a vendor's balance (paise): positive, the vendor holds the gateway's money;
 * negative, the gateway owes the vendor.
 */
export const vendorPosition = (balance: number): 'vendor owes the gateway' | 'gateway owes the vendor' | 'settled' =>
  balance > 0 ? 'vendor owes the gateway' : balance < 0 ? 'gateway owes the vendor' : 'settled';
