import { ACCOUNT_NUMBER_FORMAT, IFSC_FORMAT, NICKNAME_FORMAT, UPI_ID_FORMAT } from './formats';
import type { TextFormat } from './validation';

/** How a bank account is used: pay-ins are collected into it, pay-outs are paid from it. */
export const USED_FOR = ['PAYIN', 'PAYOUT'] as const;
export type UsedFor = (typeof USED_FOR)[number];

/** The formats of a bank account's details, as the API accepts them (spaces around are trimmed). */
export const BANK_FORMATS = {
  nickname: NICKNAME_FORMAT,
  accountNumber: ACCOUNT_NUMBER_FORMAT,
  ifsc: IFSC_FORMAT,
  upiId: UPI_ID_FORMAT,
} as const satisfies Record<string, TextFormat>;

/** The details money is sent to: changing any of them needs the password again, and a PAYIN account's approval anew. */
export const BANK_NUMBER_FIELDS = ['accountNumber', 'ifsc', 'upiId', 'holderName'] as const;

/** The server shows the account number with all but its last four digits hidden to most roles. */
export const isMaskedAccountNumber = (value: unknown): boolean => typeof value === 'string' && /[^\d\s]/.test(value);

/** All but the last four digits hidden, for the roles that do not see the full number (SEES_FULL_ACCOUNT_NUMBERS). */
export const maskAccountNumber = (value: string): string =>
  `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;

/**
 * Maker-checker: customers pay into a PAYIN account, so a new one (or one whose money details
 * changed) takes pay-ins only once a second staff user approved it. A PAYOUT account only sends
 * money to payees named per pay-out, so nothing can be redirected into it: it needs no approval.
 */
export const needsApproval = (usedFor: UsedFor): boolean => usedFor === 'PAYIN';

export const APPROVAL_STATUSES = ['APPROVED', 'AWAITING_APPROVAL', 'NOT_REQUIRED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

interface Approvable {
  usedFor: UsedFor;
  approvedAt: Date | string | null;
}

export const approvalOf = (account: Approvable): ApprovalStatus =>
  !needsApproval(account.usedFor) ? 'NOT_REQUIRED' : account.approvedAt ? 'APPROVED' : 'AWAITING_APPROVAL';

/** Whether customers' money may be collected into the account: the rule pay-ins choose accounts by. */
export const mayReceivePayins = (account: Approvable & { enabled: boolean }): boolean =>
  account.enabled && account.usedFor === 'PAYIN' && account.approvedAt !== null;

/** The checker is never one of the makers: the users whose creation or change awaits approval. */
export const mayApprove = (account: Approvable & { makers: readonly string[] }, userId: string): boolean =>
  approvalOf(account) === 'AWAITING_APPROVAL' && !account.makers.includes(userId);
