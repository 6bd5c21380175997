import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { merchants } from '../db/schema';
import { AppError, forbidden } from '../errors';
import { hashApiKey } from './keys';
import { keptStatements } from './list-statements';

export type MerchantRow = typeof merchants.$inferSelect;

/**
 * The merchant API's sign-in: the `X-Api-Key` header only (a key in a URL ends up in logs and
 * browser histories). Keys are stored hashed; a wrong key is 401, a disabled merchant 403.
 */
/** The lookup by key hash, prepared once per database: every merchant API call makes it. */
const byKeyHash = (db: Db) =>
  db
    .select()
    .from(merchants)
    .where(eq(merchants.apiKeyHash, sql.placeholder('hash')))
    .prepare('merchant_by_api_key');
const kept = keptStatements<ReturnType<typeof byKeyHash>>();

export const merchantByApiKey = async (db: Db, header: string | string[] | undefined): Promise<MerchantRow> => {
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key) throw new AppError(401, 'UNAUTHORIZED', 'Send your API key in the X-Api-Key header.');
  const [merchant] = await kept(db, '', () => byKeyHash(db)).execute({ hash: hashApiKey(key) });
  if (!merchant) throw new AppError(401, 'UNAUTHORIZED', 'This API key is not valid.');
  if (!merchant.enabled) throw forbidden('This merchant is disabled. Please contact the gateway.');
  return merchant;
};
