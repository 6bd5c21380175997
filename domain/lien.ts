import type { Role } from './roles';

/**
 * Chargebacks ("lien", issue 12): a customer's bank took back money of a successful pay-in, and
 * the merchant's balance pays for it at once. One per pay-in, never more than it confirmed.
 */

/** The gateway's staff who record chargebacks: the staff roles that see the ChargeBack screen (SPEC §6). */
export const LIEN_STAFF: readonly Role[] = ['ADMIN', 'TRANSACTIONS'];

export interface LienPayin {
  merchantCode: string;
  customerId: string;
  status: string;
  test: boolean;
  confirmedAmount: number | null;
}

export interface LienRequest {
  merchantCode: string;
  customerId: string;
  /** Paise. */
  amount: number;
}

/** Whether a pay-in can be charged back at all: a successful, real one (the form's button and the rule below). */
export const chargeable = (payin: Pick<LienPayin, 'status' | 'test'>): boolean =>
  payin.status === 'SUCCESS' && !payin.test;

/** Why this chargeback may not be recorded against this pay-in (null: it may). Amounts in paise. */
export const lienRefusal = (
  payin: LienPayin | null,
  lien: LienRequest,
): { field: 'merchantOrderId' | 'customerId' | 'amount'; message: string } | null => {
  if (!payin || payin.merchantCode !== lien.merchantCode)
    return { field: 'merchantOrderId', message: `No pay-in of ${lien.merchantCode} has this merchant order id.` };
  if (!chargeable(payin))
    return {
      field: 'merchantOrderId',
      message: `This pay-in is ${payin.test ? 'a test pay-in' : payin.status}: only a successful pay-in can be charged back.`,
    };
  if (payin.customerId !== lien.customerId)
    return { field: 'customerId', message: 'This pay-in was made by another customer.' };
  if (lien.amount > (payin.confirmedAmount ?? 0))
    return { field: 'amount', message: "The chargeback may not exceed the pay-in's confirmed amount." };
  return null;
};
