import type { TextFormat } from './validation';

/** How a bank account is used: pay-ins are collected into it, pay-outs are paid from it. */
export const USED_FOR = ['PAYIN', 'PAYOUT'] as const;
export type UsedFor = (typeof USED_FOR)[number];

/** The formats of a bank account's details, as the API accepts them (spaces around are trimmed). */
export const BANK_FORMATS = {
  nickname: { pattern: /^\S{2,50}$/, description: '2–50 characters without spaces' },
  accountNumber: { pattern: /^\d{6,18}$/, description: '6 to 18 digits' },
  ifsc: { pattern: /^[A-Za-z]{4}0[A-Za-z0-9]{6}$/, description: 'an IFSC such as HDFC0001234' },
  upiId: { pattern: /^[\w.-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/, description: 'a UPI id such as name@bank' },
} as const satisfies Record<string, TextFormat>;

/** The details money is sent to: changing any of them needs the password again. */
export const BANK_NUMBER_FIELDS = ['accountNumber', 'ifsc', 'upiId', 'holderName'] as const;

/** The server shows the account number with all but its last four digits hidden to most roles. */
export const isMaskedAccountNumber = (value: unknown): boolean => typeof value === 'string' && /[^\d\s]/.test(value);
