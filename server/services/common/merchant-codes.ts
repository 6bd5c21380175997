import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { merchants } from '../../db/schema';
import { narrowCodes, scopeMerchantCodes, type DataScope } from './scope';

/** The merchant codes a list filter asks for (with sub-merchants when asked), narrowed to the caller's scope. */
export const merchantCodesWanted = async (
  db: DbOrTx,
  f: { merchantCode?: string[]; includeSubMerchants?: boolean },
  scope: DataScope,
): Promise<string[] | null> => {
  let codes = f.merchantCode ?? [];
  if (codes.length > 0 && f.includeSubMerchants) {
    const subs = await db
      .select({ code: merchants.code })
      .from(merchants)
      .where(
        inArray(
          merchants.parentId,
          db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, codes)),
        ),
      );
    codes = [...codes, ...subs.map((s) => s.code)];
  }
  return narrowCodes(codes, scopeMerchantCodes(scope));
};

/** The merchant codes a caller's filter names, or null for every one (vendors: by their scope alone). */
export const codesOf = (db: DbOrTx, f: { merchantCode?: string[]; includeSubMerchants?: boolean }, scope: DataScope) =>
  // Vendors are held to their own rows by the scope, not by merchants, whose fields they never see.
  scope.kind === 'vendor' ? Promise.resolve(null) : merchantCodesWanted(db, f, scope);
