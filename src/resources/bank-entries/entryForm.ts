import { formatRupees } from '../../../domain/format';
import { rupeesToPaise } from '../../../domain/money';
import {
  AMOUNT_CODE_FORMAT,
  BANK_ENTRY_MAX_PAISE,
  BANK_ENTRY_MIN_PAISE,
  UTR_FORMAT,
  isUtr,
  normaliseUtr,
} from '../../../domain/payin';
import { isBlank, matches, required } from '../../../domain/validation';

type Check = (value: unknown) => string | undefined;
export type EntrySource = 'bankAccountId' | 'amount' | 'amountCode' | 'utr';

const paiseOf = (value: unknown): number | null => {
  try {
    return rupeesToPaise(value);
  } catch {
    return null;
  }
};

/** A bank credit: ₹1 to ₹5,00,000, at most two decimals (domain/payin). */
export const entryAmount =
  (label: string): Check =>
  (value) => {
    if (isBlank(value)) return undefined;
    const paise = paiseOf(value);
    return paise !== null && paise >= BANK_ENTRY_MIN_PAISE && paise <= BANK_ENTRY_MAX_PAISE
      ? undefined
      : `${label} must be from ${formatRupees(BANK_ENTRY_MIN_PAISE / 100)} to ${formatRupees(BANK_ENTRY_MAX_PAISE / 100)} with at most 2 decimals`;
  };

/** A UTR as typed: the spaces inside it do not count. */
export const entryUtr =
  (label: string): Check =>
  (value) =>
    isBlank(value) || isUtr(normaliseUtr(String(value))) ? undefined : `${label} must be ${UTR_FORMAT.description}`;

/** The checks of the Add Data form, by field, worded with each field's label. */
export const entryValidators = (label: (source: EntrySource) => string): Record<EntrySource, Check[]> => ({
  bankAccountId: [required(label('bankAccountId'))],
  amount: [required(label('amount')), entryAmount(label('amount'))],
  amountCode: [matches(label('amountCode'), AMOUNT_CODE_FORMAT)],
  utr: [required(label('utr')), entryUtr(label('utr'))],
});

/** POST /v1/bank-entries: the UTR without spaces, the amount code only when given (upper case, as short codes are). */
export const entryBody = (values: Partial<Record<EntrySource, unknown>>) => {
  const code = String(values.amountCode ?? '').trim();
  return {
    bankAccountId: String(values.bankAccountId),
    utr: normaliseUtr(String(values.utr ?? '')),
    amount: Number(values.amount),
    ...(code && { amountCode: code.toUpperCase() }),
  };
};
