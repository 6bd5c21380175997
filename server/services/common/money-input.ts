import { MoneyError, amountToPaise } from '../../../domain/money';
import { badRequest } from '../../errors';

/** Rupees from a request (or a statement's cell) as paise, by domain/money's one rule, or 400 naming the field. */
export const paiseFrom = (value: unknown, field: string, { allowZero = false } = {}): number => {
  try {
    const paise = amountToPaise(value);
    if (!allowZero && paise === 0) throw new MoneyError('must be more than 0');
    return paise;
  } catch (error) {
    if (error instanceof MoneyError) throw badRequest(`${field} ${error.message}`, field);
    throw error;
  }
};

/** A percentage 0–100 with at most two decimals as basis points, or 400 naming the field. */
export const bpsFrom = (value: unknown, field: string): number => {
  try {
    const bps = amountToPaise(value);
    if (bps > 10000) throw new MoneyError('must be between 0 and 100');
    return bps;
  } catch (error) {
    if (error instanceof MoneyError) throw badRequest(`${field} ${error.message}`, field);
    throw error;
  }
};

export const checkRange = (min: number, max: number, minField: string, maxField: string) => {
  if (max < min) throw badRequest(`${maxField} must be at least ${minField}`, maxField);
};
