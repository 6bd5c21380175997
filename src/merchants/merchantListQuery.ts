import { MERCHANT_LIST_ROLES, type Role } from '../../domain/roles';
import { belongsToMerchants } from '../../domain/scope';

/**
 * SPEC §6 and §7: the query of the merchant list for a role, or null when the role does not load it.
 * Merchant roles ask for their first merchant code; the other roles send no query.
 */
export const merchantListQuery = (role: Role | null, codes: readonly string[]): Record<string, string> | null => {
  if (!role || !MERCHANT_LIST_ROLES.includes(role)) return null;
  if (belongsToMerchants(role) && codes[0]) return { merchantCode: codes[0] };
  return {};
};
