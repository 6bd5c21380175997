import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { merchants } from '../../db/schema';
import { DATA_SCOPES } from '../../../domain/scope';
import { refusedVendorFilter, vendorFilterRefusal, type VendorList } from '../../../domain/vendor-filters';
import { badRequest } from '../../errors';
import type { SessionUser } from './session-user';
import { bound, type Bind } from './list-statements';

/** The rows a caller may see (domain/scope): everything, some merchants' rows, or one vendor's. */
export type DataScope =
  | { kind: 'all' }
  | { kind: 'merchants'; merchantCodes: string[] }
  | { kind: 'vendor'; vendorCode: string };

const subMerchantCodes = async (db: DbOrTx, codes: string[]) => {
  if (codes.length === 0) return [];
  const parent = db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, codes));
  const rows = await db.select({ code: merchants.code }).from(merchants).where(inArray(merchants.parentId, parent));
  return rows.map((r) => r.code);
};

/** The caller's data scope: one query at most (the sub-merchants of a merchant admin). */
export const dataScope = async (db: DbOrTx, user: SessionUser): Promise<DataScope> => {
  switch (DATA_SCOPES[user.role]) {
    case 'all':
      return { kind: 'all' };
    case 'vendor':
      return { kind: 'vendor', vendorCode: user.vendorCode ?? '' };
    case 'merchants':
      return { kind: 'merchants', merchantCodes: user.merchantCodes };
    case 'merchants-and-subs': {
      const subs = await subMerchantCodes(db, user.merchantCodes);
      return { kind: 'merchants', merchantCodes: [...new Set([...user.merchantCodes, ...subs])] };
    }
  }
};

/** A scope as one comparable text: a live stream ends when its reader's scope is no longer the one it opened with. */
export const scopeKey = (scope: DataScope): string =>
  scope.kind === 'all'
    ? 'all'
    : scope.kind === 'vendor'
      ? `vendor:${scope.vendorCode}`
      : `merchants:${[...scope.merchantCodes].sort().join(',')}`;

/**
 * How a table's rows belong to merchants and vendors. A table that says nothing about one kind
 * shows none of its rows to that kind of caller.
 */
export interface ScopeColumns {
  merchantCodes?: (codes: string[]) => SQL | undefined;
  vendorCode?: (code: string) => SQL | undefined;
}

const NOTHING = sql`false`;

/** The WHERE clause that holds a query to the caller's rows (undefined: every row). */
export const scopeWhere = (scope: DataScope, columns: ScopeColumns): SQL | undefined => {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'vendor') return columns.vendorCode?.(scope.vendorCode) ?? NOTHING;
  if (scope.merchantCodes.length === 0 || !columns.merchantCodes) return NOTHING;
  return columns.merchantCodes(scope.merchantCodes) ?? NOTHING;
};

/** The merchant codes a scope allows, or null for every merchant (vendors see none). */
export const scopeMerchantCodes = (scope: DataScope): string[] | null =>
  scope.kind === 'all' ? null : scope.kind === 'merchants' ? scope.merchantCodes : [];

/**
 * Which sub-merchants a caller's figures may add to their parent's: those inside its scope. A
 * MERCHANT_ADMIN's scope holds its sub-merchants, a plain MERCHANT's its own codes alone
 * (domain/scope), so a parent's figures include its sub-merchants only for callers who may see them.
 * `code` is the sub-merchant's code column.
 */
export const subMerchantsWithin = (allowed: string[] | null, code: SQL, bind: Bind = bound): SQL =>
  allowed === null ? sql`true` : sql`${code} = ANY(${bind('allowed', allowed)}::text[])`;

/** Intersects what a request asks for with what the caller may see. */
export const narrowCodes = (requested: string[] | undefined, allowed: string[] | null): string[] | null => {
  if (allowed === null) return requested && requested.length > 0 ? requested : null;
  if (!requested || requested.length === 0) return allowed;
  return requested.filter((code) => allowed.includes(code));
};

/** The merchant codes a list filter asks for (with sub-merchants when asked), narrowed to the caller's scope. */
export const merchantCodesWanted = async (
  db: DbOrTx,
  f: { merchantCode?: string[]; includeSubMerchants?: boolean },
  scope: DataScope,
): Promise<string[] | null> => {
  let codes = f.merchantCode ?? [];
  if (codes.length > 0 && f.includeSubMerchants) codes = [...codes, ...(await subMerchantCodes(db, codes))];
  return narrowCodes(codes, scopeMerchantCodes(scope));
};

/** The merchant codes a caller's filter names, or null for every one (vendors: by their scope alone). */
export const codesOf = (db: DbOrTx, f: { merchantCode?: string[]; includeSubMerchants?: boolean }, scope: DataScope) =>
  // Vendors are held to their own rows by the scope, not by merchants, whose fields they never see.
  scope.kind === 'vendor' ? Promise.resolve(null) : merchantCodesWanted(db, f, scope);

/** A vendor's filter on fields its rows leave out is refused, not applied (domain/vendor-filters). */
export const refuseHiddenFilters = (scope: DataScope, list: VendorList, filters: object) => {
  const refused = scope.kind === 'vendor' ? refusedVendorFilter(list, filters) : undefined;
  if (refused) throw badRequest(vendorFilterRefusal(refused), refused);
};
