import { rupeesToPaise } from './money';
/** SPEC §5: null, undefined and white-space-only text count as empty; so does an empty list. */
export const isBlank = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

export const requiredMessage = (label: string): string => `${label} is Required!`;

/**
 * Names (of people, merchants, vendors, banks) hold no control, bidirectional or zero-width
 * characters: they could hide or reorder what staff read on screen and in exports.
 */
export const NAME_CHARACTERS = {
  pattern: '^[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]*$',
  description: 'free of control, bidirectional and zero-width characters',
} as const;
export const isCleanName = (value: string): boolean => new RegExp(NAME_CHARACTERS.pattern, 'u').test(value);

/** A form validator: the message when the value is blank, otherwise undefined. */
export const required =
  (label: string) =>
  (value: unknown): string | undefined =>
    isBlank(value) ? requiredMessage(label) : undefined;

/** The rule the server applies to every new password (existing ones keep working until changed). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_RULE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters and contain a letter and a digit.`;

export const isStrongPassword = (value: string): boolean =>
  value.length >= PASSWORD_MIN_LENGTH && value.length <= 128 && /[A-Za-z]/.test(value) && /\d/.test(value);

export type Check = (value: unknown, values?: Record<string, unknown>) => string | undefined;

/** Blank values pass the checks below: `required` says so. */
const unlessBlank =
  (check: (value: unknown, values: Record<string, unknown>) => string | undefined): Check =>
  (value, values = {}) =>
    isBlank(value) ? undefined : check(value, values);

export const strongPassword = (): Check =>
  unlessBlank((value) => (isStrongPassword(String(value)) ? undefined : PASSWORD_RULE));

/** A text format with a description a person can read, e.g. 'an IFSC such as HDFC0001234'. */
export interface TextFormat {
  pattern: RegExp;
  description: string;
}

export const matches = (label: string, format: TextFormat): Check =>
  unlessBlank((value) =>
    format.pattern.test(String(value).trim()) ? undefined : `${label} must be ${format.description}`,
  );

const hasTwoDecimalsAtMost = (value: number) =>
  Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A percentage from 0 to 100 with at most two decimals (commissions and fees). */
export const percentage = (label: string): Check =>
  unlessBlank((value) => {
    const n = Number(value);
    return hasTwoDecimalsAtMost(n) && n >= 0 && n <= 100
      ? undefined
      : `${label} must be between 0 and 100 with at most 2 decimals`;
  });

/** Rupees above zero with at most two decimals. */
export const rupees = (label: string): Check =>
  unlessBlank((value) => {
    const n = Number(value);
    return hasTwoDecimalsAtMost(n) && n > 0 ? undefined : `${label} must be an amount above ₹0 with at most 2 decimals`;
  });

/** An amount not above a known maximum in rupees (a chargeback and its pay-in), compared in paise. */
export const atMostRupees = (message: string, max: number): Check =>
  unlessBlank((value) => {
    try {
      return rupeesToPaise(value) <= rupeesToPaise(max) ? undefined : message;
    } catch {
      return undefined; // not an amount: the field's amount check says so
    }
  });

/** This amount must not be below another field of the form (a maximum and its minimum). */
export const atLeast = (label: string, other: string, otherLabel: string): Check =>
  unlessBlank((value, values) => {
    const floor = values[other];
    if (isBlank(floor) || !Number.isFinite(Number(floor))) return undefined;
    return Number(value) >= Number(floor) ? undefined : `${label} must be at least ${otherLabel}`;
  });
