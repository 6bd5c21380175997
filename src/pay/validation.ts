import { formatRupees } from '../../domain/format';
import { MoneyError, paiseToRupees, rupeesToPaise } from '../../domain/money';
import { isUtr, normaliseUtr } from '../../domain/payin';
import type { PayKey } from './messages';

/** Why a value is refused: a text of the page, said in the page's language where it is shown. */
export interface Refusal {
  key: PayKey;
  values?: Record<string, string>;
}

type Checked<T> = { value: T; error: null } | { value: null; error: Refusal };
const ok = <T>(value: T): Checked<T> => ({ value, error: null });
const refuse = <T>(key: PayKey, values?: Record<string, string>): Checked<T> => ({
  value: null,
  error: { key, values },
});

/** The amount typed (commas, spaces and a leading ₹ allowed) as rupees the API takes, or why not. */
export const readAmount = (text: string, minAmount: number, maxAmount: number): Checked<number> => {
  const cleaned = text.replace(/[\s,]/g, '').replace(/^₹/, '');
  if (cleaned === '') return refuse('amount.empty');
  let paise: number;
  try {
    paise = rupeesToPaise(cleaned);
  } catch (error) {
    const decimals = error instanceof MoneyError && /decimals/.test(error.message);
    return refuse(decimals ? 'amount.decimals' : 'amount.format');
  }
  if (paise < Math.round(minAmount * 100) || paise > Math.round(maxAmount * 100)) {
    return refuse('amount.range', { min: formatRupees(minAmount), max: formatRupees(maxAmount) });
  }
  return ok(paiseToRupees(paise));
};

export const readUtr = (text: string): Checked<string> => {
  const utr = normaliseUtr(text);
  return isUtr(utr) ? ok(utr) : refuse('proof.utr_invalid');
};

export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg'];
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

export const readScreenshot = (file: File | undefined): Checked<File> => {
  if (!file) return refuse('screenshot.missing');
  if (!SCREENSHOT_TYPES.includes(file.type)) return refuse('screenshot.type');
  if (file.size > SCREENSHOT_MAX_BYTES) return refuse('screenshot.size');
  return ok(file);
};
