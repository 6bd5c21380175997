import type { TextFormat } from './validation';
import type { Role } from './roles';
import { mayMove, refusalIn, rowOf } from './transitions';

/**
 * Pay-outs ("withdrawals", issue 11): a merchant sends money to its customer. The rules here are
 * tables and arithmetic; the server takes the locks and writes.
 */

/** SPEC §4, the second status list: the pay-out statuses, in the spec's order. */
export const PAYOUT_STATUSES = ['INITIATED', 'SUCCESS', 'DROPPED', 'REJECTED', 'REVERSED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The three Withdrawal screens (DESIGN §4). */
export const PAYOUT_VIEWS = {
  progress: ['INITIATED'],
  completed: ['SUCCESS'],
  all: PAYOUT_STATUSES,
} as const satisfies Record<string, readonly PayoutStatus[]>;
export type PayoutView = keyof typeof PAYOUT_VIEWS;

/** SPEC §8: why a pay-out is rejected, exactly as the spec spells them; Other needs its text. */
export const PAYOUT_REJECTION_REASONS = ['Insufficient Fund', 'Invalid Bank Details', 'Other'] as const;
export type PayoutRejectionReason = (typeof PAYOUT_REJECTION_REASONS)[number];

/** The beneficiary's name as the bank holds it: letters and spaces (issue 11, item 7). */
export const ACCOUNT_HOLDER_FORMAT: TextFormat = {
  pattern: /^[A-Za-z][A-Za-z ]{1,99}$/,
  description: 'letters and spaces, as the bank account is named',
};

/** How a pay-out is paid: by staff or a vendor from a bank account (manual), or through Eko. */
export const PAYOUT_METHODS = ['manual', 'eko'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** The gateway's staff who process pay-outs; vendors process those assigned to them. */
export const PAYOUT_STAFF: readonly Role[] = ['ADMIN', 'TRANSACTIONS', 'OPERATIONS'];
export const VENDOR_ROLES: readonly Role[] = ['VENDOR', 'VENDOR_OPERATIONS'];

export type PayoutAction = 'approve' | 'reject' | 'drop' | 'reverse' | 'reset';

export interface PayoutTransition {
  action: PayoutAction;
  from: readonly PayoutStatus[];
  to: PayoutStatus;
  /** The roles that may take it (vendors only on pay-outs assigned to them: mayProcess). */
  by: readonly Role[];
  /** What it does to the merchant's money (DESIGN §4, holds). */
  money: 'post the hold' | 'release the hold' | 'reverse the posting' | 'hold again';
}

/** Every allowed change of a pay-out's status. A change not in this table is refused with 409. */
export const PAYOUT_TRANSITIONS: readonly PayoutTransition[] = [
  {
    action: 'approve',
    from: ['INITIATED'],
    to: 'SUCCESS',
    by: [...PAYOUT_STAFF, ...VENDOR_ROLES],
    money: 'post the hold',
  },
  {
    action: 'reject',
    from: ['INITIATED'],
    to: 'REJECTED',
    by: [...PAYOUT_STAFF, ...VENDOR_ROLES],
    money: 'release the hold',
  },
  { action: 'drop', from: ['INITIATED'], to: 'DROPPED', by: PAYOUT_STAFF, money: 'release the hold' },
  { action: 'reverse', from: ['SUCCESS'], to: 'REVERSED', by: PAYOUT_STAFF, money: 'reverse the posting' },
  { action: 'reset', from: ['REJECTED'], to: 'INITIATED', by: PAYOUT_STAFF, money: 'hold again' },
];

export const payoutTransitionOf = (action: PayoutAction): PayoutTransition => rowOf(PAYOUT_TRANSITIONS, action);

/** Only a paid pay-out's UTR may be corrected (by ADMIN): the bank's reference of a transfer made. */
export const mayCorrectUtr = (status: PayoutStatus): boolean => status === 'SUCCESS';

/** May a pay-out in this status take this action? */
export const canMovePayout = (action: PayoutAction, from: PayoutStatus): boolean =>
  mayMove(PAYOUT_TRANSITIONS, action, from);

const ACTION_PAST: Record<PayoutAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  drop: 'dropped',
  reverse: 'reversed',
  reset: 'reset',
};

/** Why a pay-out may not take an action now: the message of the 409. */
export const payoutRefusalOf = (action: PayoutAction, from: PayoutStatus): string =>
  refusalIn({ noun: 'pay-out', past: ACTION_PAST }, PAYOUT_TRANSITIONS, action, from);

/**
 * May this user take this action on this pay-out? Staff process pay-outs nobody was assigned; once
 * a pay-out is assigned to a vendor, only ADMIN or that vendor's users may approve or reject it.
 */
export const mayProcess = (
  user: { role: Role; vendorCode: string | null },
  action: PayoutAction,
  payout: { vendorCode: string | null },
): boolean => {
  if (!payoutTransitionOf(action).by.includes(user.role)) return false;
  if (VENDOR_ROLES.includes(user.role)) return payout.vendorCode !== null && payout.vendorCode === user.vendorCode;
  if (payout.vendorCode === null || action === 'drop' || action === 'reverse' || action === 'reset') return true;
  return user.role === 'ADMIN';
};

/** A rejection's reason as stored and shown: Other carries the text staff typed. */
export const rejectionText = (reason: PayoutRejectionReason, text?: string | null): string => {
  const typed = text?.trim() ?? '';
  if (reason !== 'Other') return reason;
  if (!typed) throw new RangeError('Other needs a text saying why');
  return `Other: ${typed}`;
};

/** What a pay-out reserves on its merchant's balance while it waits: its amount and its fee. */
export const holdOf = (p: { amount: number; fee: number }): number => p.amount + p.fee;

/**
 * The merchant's money as it is shown (DESIGN §4): balance owed, held for waiting pay-outs, and
 * available = balance − held. Integer paise.
 */
export const availableOf = (a: { balance: number; held: number }): number => a.balance - a.held;

/** Nothing may take a merchant's available balance below zero: may this hold be added? */
export const mayHold = (a: { balance: number; held: number }, hold: number): boolean =>
  Number.isSafeInteger(hold) && hold > 0 && availableOf(a) - hold >= 0;

/**
 * Maker-checker (issue 11, item 6): an approval above the threshold, and every reversal, needs a
 * second staff user after the first.
 */
export const DEFAULT_CHECKER_THRESHOLD_PAISE = 1_00_000_00;

export const needsChecker = (
  action: PayoutAction,
  amount: number,
  thresholdPaise = DEFAULT_CHECKER_THRESHOLD_PAISE,
): boolean => action === 'reverse' || (action === 'approve' && amount > thresholdPaise);
