import type { TextFormat } from './validation';

/**
 * Every input pattern of the product, defined once: the route schemas (patternOf), the
 * services and the dashboard's inputs all read these. Spaces around a value are trimmed.
 */

/** Merchant and vendor codes. */
export const CODE_FORMAT: TextFormat = {
  pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{1,29}$/,
  description: '2–30 letters, digits, - or _',
};

export const WEB_ADDRESS_FORMAT: TextFormat = {
  pattern: /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/$.?#][^\s]*$/,
  description: 'a web address starting with http:// or https://',
};

/** User names: what people type to sign in. */
export const USER_NAME_FORMAT: TextFormat = {
  pattern: /^[A-Za-z0-9][A-Za-z0-9._@-]{2,49}$/,
  description: '3–50 letters, digits, . _ @ or -',
};

/** An Indian mobile number, read after its spaces and dashes are removed (normalPhone). */
export const PHONE_FORMAT: TextFormat = {
  pattern: /^(\+91)?[6-9]\d{9}$/,
  description: 'a 10-digit Indian mobile number',
};
export const normalPhone = (value: string): string => value.replace(/[\s-]/g, '');

export const EMAIL_FORMAT: TextFormat = {
  pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  description: 'an email address such as name@example.com',
};

export const NICKNAME_FORMAT: TextFormat = { pattern: /^\S{2,50}$/, description: '2–50 characters without spaces' };
export const ACCOUNT_NUMBER_FORMAT: TextFormat = { pattern: /^\d{6,18}$/, description: '6 to 18 digits' };
export const IFSC_FORMAT: TextFormat = {
  pattern: /^[A-Za-z]{4}0[A-Za-z0-9]{6}$/,
  description: 'an IFSC such as HDFC0001234',
};
export const UPI_ID_FORMAT: TextFormat = {
  pattern: /^[\w.-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/,
  description: 'a UPI id such as name@bank',
};

/** A merchant's own reference (an order id) or its customer's id: printable, no spaces. */
export const REFERENCE_FORMAT: TextFormat = {
  pattern: /^[A-Za-z0-9][A-Za-z0-9._:/@-]{0,63}$/,
  description: 'letters, digits and . _ : / @ -, starting with a letter or digit',
};
