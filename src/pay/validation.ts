import { formatRupees } from '../../domain/format';
import { MoneyError, paiseToRupees, rupeesToPaise } from '../../domain/money';
import { isUtr, normaliseUtr } from '../../domain/payin';

type Checked<T> = { value: T; error: null } | { value: null; error: string };
const ok = <T>(value: T): Checked<T> => ({ value, error: null });
const refuse = <T>(error: string): Checked<T> => ({ value: null, error });

/** The amount typed (commas, spaces and a leading ₹ allowed) as rupees the API takes, or why not. */
export const readAmount = (text: string, minAmount: number, maxAmount: number): Checked<number> => {
  const cleaned = text.replace(/[\s,]/g, '').replace(/^₹/, '');
  if (cleaned === '') return refuse('Enter the amount to pay.');
  let paise: number;
  try {
    paise = rupeesToPaise(cleaned);
  } catch (error) {
    const decimals = error instanceof MoneyError && /decimals/.test(error.message);
    return refuse(
      decimals ? 'The amount can have at most 2 decimals.' : 'Enter the amount in rupees, like 1500 or 1500.50.',
    );
  }
  if (paise < Math.round(minAmount * 100) || paise > Math.round(maxAmount * 100)) {
    return refuse(`Enter an amount between ${formatRupees(minAmount)} and ${formatRupees(maxAmount)}.`);
  }
  return ok(paiseToRupees(paise));
};

export const UTR_MESSAGE = 'UTR must be the 12 digits of the bank reference';

export const readUtr = (text: string): Checked<string> => {
  const utr = normaliseUtr(text);
  return isUtr(utr) ? ok(utr) : refuse(UTR_MESSAGE);
};

export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg'];
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

export const readScreenshot = (file: File | undefined): Checked<File> => {
  if (!file) return refuse('Choose the screenshot of your payment.');
  if (!SCREENSHOT_TYPES.includes(file.type)) return refuse('The screenshot must be a PNG or JPEG image.');
  if (file.size > SCREENSHOT_MAX_BYTES) return refuse('The screenshot must be 5 MB or smaller.');
  return ok(file);
};
