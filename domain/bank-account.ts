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

/** The details money is sent to: changing any of them needs the password again. */
export const BANK_NUMBER_FIELDS = ['accountNumber', 'ifsc', 'upiId', 'holderName'] as const;

/** The server shows the account number with all but its last four digits hidden to most roles. */
export const isMaskedAccountNumber = (value: unknown): boolean => typeof value === 'string' && /[^\d\s]/.test(value);

/** All but the last four digits hidden, for the roles that do not see the full number (SEES_FULL_ACCOUNT_NUMBERS). */
export const maskAccountNumber = (value: string): string =>
  `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;
