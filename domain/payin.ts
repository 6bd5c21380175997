import type { Role } from './roles';
import type { TextFormat } from './validation';
import { mayMove, refusalIn, rowOf } from './transitions';

/** SPEC §4: the transaction status filter values, in the spec's order. Nothing else spells a pay-in status. */
export const PAYIN_STATUSES = [
  'INITIATED',
  'ASSIGNED',
  'SUCCESS',
  'DROPPED',
  'DUPLICATE',
  'DISPUTE',
  'PENDING',
  'IMG_PENDING',
] as const;
export type PayinStatus = (typeof PAYIN_STATUSES)[number];

/** SPEC §9: where a pay-in's money was seen. Only Manual produces rows until the payment providers arrive. */
export const PAYMENT_SOURCES = ['Manual', 'RazorPay', 'CashFree', 'PayU'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** The four Deposit screens (DESIGN §4): the statuses each one lists. */
export const PAYIN_VIEWS = {
  progress: ['INITIATED', 'ASSIGNED', 'PENDING', 'IMG_PENDING'],
  completed: ['SUCCESS'],
  dropped: ['DROPPED'],
  all: PAYIN_STATUSES,
} as const satisfies Record<string, readonly PayinStatus[]>;
export type PayinView = keyof typeof PAYIN_VIEWS;

/** Statuses in which a pay-in still waits for its money: its short code must be unique among them. */
export const OPEN_STATUSES = PAYIN_VIEWS.progress;
/** A customer may still act on the pay page in these. */
export const EXPIRING_STATUSES = ['INITIATED', 'ASSIGNED'] as const satisfies readonly PayinStatus[];

/** The staff who correct pay-ins (issue 10, item 6); never merchants or vendors. */
export const PAYIN_STAFF: readonly Role[] = ['ADMIN', 'TRANSACTIONS', 'OPERATIONS'];

/**
 * Who sees and searches a pay-in's short code (issue 31, item 3): every staff user who matches bank
 * credits, and the vendors whose accounts take the money, who quote it to the gateway.
 */
export const SEES_SHORT_CODE: readonly Role[] = [...PAYIN_STAFF, 'VENDOR', 'VENDOR_OPERATIONS'];

export type PayinAction =
  | 'create'
  | 'assign'
  | 'submit-utr'
  | 'submit-screenshot'
  | 'match-entry'
  | 'expire'
  | 'confirm'
  | 'reopen'
  | 'enter-utr'
  | 'reset-entry'
  | 'provider-intent'
  | 'provider-capture'
  | 'provider-fail';

export interface PayinTransition {
  action: PayinAction;
  from: readonly PayinStatus[];
  /** The statuses the action may lead to; which one follows from the matching rules. */
  to: readonly PayinStatus[];
  /** Who acts: the merchant's system, the customer on the pay page, the server itself, or staff roles. */
  by: 'merchant' | 'customer' | 'system' | readonly Role[];
}

const MATCH_OUTCOMES = ['SUCCESS', 'DISPUTE', 'DUPLICATE', 'PENDING'] as const satisfies readonly PayinStatus[];

/** Every allowed change of a pay-in's status. A change not in this table is refused with 409. */
export const PAYIN_TRANSITIONS: readonly PayinTransition[] = [
  { action: 'assign', from: ['INITIATED'], to: ['ASSIGNED'], by: 'customer' },
  { action: 'submit-utr', from: ['ASSIGNED'], to: MATCH_OUTCOMES, by: 'customer' },
  { action: 'submit-screenshot', from: ['ASSIGNED'], to: ['IMG_PENDING'], by: 'customer' },
  { action: 'match-entry', from: ['ASSIGNED', 'PENDING'], to: ['SUCCESS', 'DISPUTE'], by: 'system' },
  { action: 'expire', from: EXPIRING_STATUSES, to: ['DROPPED'], by: 'system' },
  { action: 'enter-utr', from: ['IMG_PENDING'], to: MATCH_OUTCOMES, by: PAYIN_STAFF },
  { action: 'confirm', from: ['DISPUTE', 'DUPLICATE', 'PENDING', 'IMG_PENDING'], to: ['SUCCESS'], by: PAYIN_STAFF },
  { action: 'reopen', from: ['DROPPED'], to: ['INITIATED'], by: PAYIN_STAFF },
  // An ADMIN asks, TRANSACTIONS or another ADMIN checks (domain/four-eyes 'bank-entry.reset').
  { action: 'reset-entry', from: ['SUCCESS', 'DISPUTE'], to: ['PENDING'], by: ['ADMIN', 'TRANSACTIONS'] },
  // Issue 14: the customer pays through a provider (the pay page's third tab), which then says by a
  // signed webhook whether the money came. A capture may follow a failure (a UPI retry) or the
  // link's expiry: the money is real, so it is taken from DROPPED too. A failure after a capture
  // changes nothing (not in the table).
  { action: 'provider-intent', from: ['INITIATED', 'ASSIGNED'], to: ['ASSIGNED'], by: 'customer' },
  {
    action: 'provider-capture',
    from: ['INITIATED', 'ASSIGNED', 'PENDING', 'DROPPED'],
    to: ['SUCCESS', 'DISPUTE'],
    by: 'system',
  },
  { action: 'provider-fail', from: ['INITIATED', 'ASSIGNED'], to: ['DROPPED'], by: 'system' },
];

export const transitionOf = (action: PayinAction): PayinTransition => rowOf(PAYIN_TRANSITIONS, action);

/** May a pay-in in this status take this action (and end in `to`, when given)? */
export const canTransition = (action: PayinAction, from: PayinStatus, to?: PayinStatus): boolean =>
  mayMove(PAYIN_TRANSITIONS, action, from) && (to === undefined || transitionOf(action).to.includes(to));

/** The staff actions a role may take on a pay-in (the dashboard's buttons and the server's guard). */
export const mayAct = (role: Role, action: PayinAction): boolean => {
  const by = transitionOf(action).by;
  return typeof by !== 'string' && by.includes(role);
};

/** Why a pay-in may not take an action now: the message of the 409. */
export const refusalOf = (action: PayinAction, from: PayinStatus): string =>
  refusalIn({ noun: 'pay-in', past: ACTION_PAST }, PAYIN_TRANSITIONS, action, from);

const ACTION_PAST: Record<PayinAction, string> = {
  create: 'created',
  assign: 'given a bank account',
  'submit-utr': 'given a UTR',
  'submit-screenshot': 'given a screenshot',
  'match-entry': 'matched to a bank entry',
  expire: 'dropped',
  confirm: 'set to SUCCESS',
  reopen: 'set back to INITIATED',
  'enter-utr': 'given a UTR by staff',
  'reset-entry': 'reset',
  'provider-intent': 'handed to a payment provider',
  'provider-capture': 'paid through a payment provider',
  'provider-fail': 'failed by a payment provider',
};

/** A pay-in link lives this long after it is created or re-opened (DESIGN §4; configurable). */
export const PAYIN_TTL_MINUTES = 10;

/** The 5-character short code the customer writes in the payment's note: no 0/O or 1/I to misread. */
export const SHORT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SHORT_CODE_LENGTH = 5;

/** A UPI or IMPS UTR is 12 digits (reference §4); leading zeros are kept, so it stays a string. */
export const UTR_FORMAT: TextFormat = { pattern: /^[0-9]{12}$/, description: 'the 12 digits of the bank reference' };
/** Spaces typed inside a UTR are not part of it. */
export const normaliseUtr = (value: string): string => value.replace(/\s+/g, '');
export const isUtr = (value: string): boolean => UTR_FORMAT.pattern.test(value);

/** A bank entry's optional amount code: the short code of the pay-in it pays, exactly 5 characters. */
export const AMOUNT_CODE_FORMAT: TextFormat = {
  pattern: /^[A-Za-z0-9]{5}$/,
  description: 'exactly 5 letters or digits',
};

/** Add data: a bank credit is 1 to 5,00,000 rupees (in paise). */
export const BANK_ENTRY_MIN_PAISE = 100;
export const BANK_ENTRY_MAX_PAISE = 500_000_00;

/** The `upi://pay` link the QR code carries: amount in rupees and the short code in the note. */
export const upiLink = (p: { upiId: string; payeeName: string; amountPaise: number; shortCode: string }): string => {
  const query = new URLSearchParams({
    pa: p.upiId,
    pn: p.payeeName,
    am: (p.amountPaise / 100).toFixed(2),
    cu: 'INR',
    tn: p.shortCode,
  });
  return `upi://pay?${query.toString().replace(/\+/g, '%20')}`;
};
