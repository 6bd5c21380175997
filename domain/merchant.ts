import { isMerchantRole, type Role } from './roles';
import type { TextFormat } from './validation';

/** The formats of a merchant's fields, as the API accepts them (spaces around are trimmed). */
export const MERCHANT_FORMATS = {
  code: { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{1,29}$/, description: '2–30 letters, digits, - or _' },
  webAddress: {
    pattern: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
    description: 'a web address starting with http:// or https://',
  },
} as const satisfies Record<string, TextFormat>;

/** Fees are the gateway's to set: a merchant admin's sub-merchants take their parent's fees. */
export const setsMerchantFees = (role: Role): boolean => !isMerchantRole(role);
