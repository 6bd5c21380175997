import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { merchants } from '../db/schema';
import { isMerchantRole, type Role } from '../../domain/roles';
import type { SessionUser } from './auth';

/** MERCHANT_ADMIN manages its merchants' sub-merchants too (DESIGN §6). */
const SEES_SUB_MERCHANTS: readonly Role[] = ['MERCHANT_ADMIN'];

/**
 * The merchant codes a user may see, or null for every merchant. Whatever a request asks for,
 * a merchant role is held to this list.
 */
export const merchantCodeScope = async (db: DbOrTx, user: SessionUser): Promise<string[] | null> => {
  if (!isMerchantRole(user.role)) return null;
  const own = user.merchantCodes;
  if (!SEES_SUB_MERCHANTS.includes(user.role) || own.length === 0) return own;
  const parents = await db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, own));
  if (parents.length === 0) return own;
  const children = await db
    .select({ code: merchants.code })
    .from(merchants)
    .where(
      inArray(
        merchants.parentId,
        parents.map((p) => p.id),
      ),
    );
  return [...new Set([...own, ...children.map((c) => c.code)])];
};

/** Intersects what a request asks for with what the caller may see. */
export const narrowCodes = (requested: string[] | undefined, allowed: string[] | null): string[] | null => {
  if (allowed === null) return requested && requested.length > 0 ? requested : null;
  if (!requested || requested.length === 0) return allowed;
  return requested.filter((code) => allowed.includes(code));
};
