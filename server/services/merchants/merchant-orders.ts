import { badRequest } from '../../errors';
import { formatRupees } from '../../../domain/format';
import type { Actor } from '../audit/audit';
import { paiseFrom } from '../common/money-input';

/**
 * What a merchant's pay-ins and pay-outs (its orders) share: the amount within the merchant's
 * limits for that kind, and the columns naming whose order it is and who sent it.
 */

/** Rupees asked for, as paise within [min, max]; 400 naming the field otherwise. */
export const paiseWithin = (value: unknown, field: string, min: number, max: number) => {
  const paise = paiseFrom(value, field);
  if (paise < min || paise > max)
    throw badRequest(`${field} must be between ${formatRupees(min / 100)} and ${formatRupees(max / 100)}`, field);
  return paise;
};

export const orderValues = (
  merchant: { id: string; code: string },
  input: { merchantOrderId: string; customerId: string },
  actor: Actor,
) => ({
  merchantId: merchant.id,
  merchantCode: merchant.code,
  merchantOrderId: input.merchantOrderId,
  customerId: input.customerId,
  // A person (a role) is its creator; a merchant's API key is no user.
  createdBy: actor.role ? (actor.id ?? null) : null,
});
