import { assignableRoles, ROLES, type Role } from './roles';

/**
 * Which rows a role may see (DESIGN §6), whatever it filters by: every row; the rows of its
 * merchant codes; those and their sub-merchants'; or its vendor's.
 */
export type ScopeKind = 'all' | 'merchants' | 'merchants-and-subs' | 'vendor';

export const DATA_SCOPES: Record<Role, ScopeKind> = {
  ADMIN: 'all',
  TRANSACTIONS: 'all',
  OPERATIONS: 'all',
  MERCHANT: 'merchants',
  MERCHANT_ADMIN: 'merchants-and-subs',
  MERCHANT_OPERATIONS: 'merchants',
  VENDOR: 'vendor',
  VENDOR_OPERATIONS: 'vendor',
};

/** A user of this role belongs to merchants (it carries merchant codes). */
export const belongsToMerchants = (role: Role): boolean => DATA_SCOPES[role].startsWith('merchants');
/** A user of this role belongs to a vendor (it carries a vendor code). */
export const belongsToVendor = (role: Role): boolean => DATA_SCOPES[role] === 'vendor';

/** The roles whose users a role may manage: ADMIN all of them, others the roles they may give (SPEC §6). */
const MANAGES_EVERY_ROLE: readonly Role[] = ['ADMIN'];
export const manageableRoles = (role: Role): readonly Role[] =>
  MANAGES_EVERY_ROLE.includes(role) ? ROLES : assignableRoles(role);

/**
 * The merchant codes of a user that lie outside a caller's scope (`scopeCodes`: the merchant codes
 * the caller may see, null when it sees every merchant). The server shows a caller only the codes
 * inside its scope and counts the others as the user's `hiddenMerchantCodes`.
 */
export const codesOutside = (codes: readonly string[], scopeCodes: readonly string[] | null): string[] =>
  scopeCodes === null ? [] : codes.filter((code) => !scopeCodes.includes(code));

/**
 * May this user edit, enable or disable, or reset the password of that one? Never its own
 * account through these actions, only users of a role it manages, and only users wholly inside
 * its data scope: a user that also holds a merchant the caller cannot see (a hidden merchant
 * code) would hand the caller that merchant, so sharing one merchant is not enough.
 */
export const canManageUser = (
  actor: { id: string; role: Role },
  target: { id: string; role: Role; hiddenMerchantCodes: number },
): boolean =>
  actor.id !== target.id && manageableRoles(actor.role).includes(target.role) && target.hiddenMerchantCodes === 0;

/** What a signed-in user may see: its role and the codes that scope it. */
export interface UserAccess {
  role: Role;
  merchantCodes: readonly string[];
  vendorCode: string | null;
}

const codesKey = (codes: readonly string[]) => [...new Set(codes)].sort().join(',');

/** Whether two readings of a user give the same access (merchant codes in any order): a live stream lives only while they do. */
export const sameAccess = (a: UserAccess, b: UserAccess): boolean =>
  a.role === b.role && a.vendorCode === b.vendorCode && codesKey(a.merchantCodes) === codesKey(b.merchantCodes);
