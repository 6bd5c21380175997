import type { Role } from './roles';
import { belongsToMerchants } from './scope';
import { CODE_FORMAT, WEB_ADDRESS_FORMAT } from './formats';
import type { TextFormat } from './validation';

/** The formats of a merchant's fields, as the API accepts them (spaces around are trimmed). */
export const MERCHANT_FORMATS = { code: CODE_FORMAT, webAddress: WEB_ADDRESS_FORMAT } as const satisfies Record<
  string,
  TextFormat
>;

/** Fees are the gateway's to set: a merchant admin's sub-merchants take their parent's fees. */
export const setsMerchantFees = (role: Role): boolean => !belongsToMerchants(role);
