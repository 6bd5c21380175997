import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { merchants } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import { hashApiKey } from './keys';
import { countWrongKey, tooManyWrongKeys, wrongKeyGuard } from '../identity/guesses';
import { keptStatements } from '../common/list-statements';

export type MerchantRow = typeof merchants.$inferSelect;

/**
 * The merchant API's sign-in: the `X-Api-Key` header only (a key in a URL ends up in logs and
 * browser histories). Keys are stored hashed; a wrong key is 401, a disabled merchant 403. Wrong
 * keys are counted per address (services/identity/guesses.ts): past the limit the address gets 429 for a
 * minute, the right key too, or a 200 among the 429s would tell a guesser which key was right.
 */
/**
 * The lookup by key hash, with how long the caller's address is still refused (null when it is
 * not), prepared once per database: every merchant API call makes it, in one round trip.
 */
const byKeyHash = (db: Db) =>
  db
    .select({
      ...getTableColumns(merchants),
      refusedForSeconds: sql<number | null>`(SELECT ceil(extract(epoch FROM g.next_attempt_at - now()))::int
        FROM auth_guards g WHERE g.key = ${sql.placeholder('guard')} AND g.next_attempt_at > now())`,
    })
    .from(merchants)
    .where(eq(merchants.apiKeyHash, sql.placeholder('hash')))
    .prepare('merchant_by_api_key');
const kept = keptStatements<ReturnType<typeof byKeyHash>>();

/** Wrong keys an address may send a minute unless configured (MERCHANT_API_WRONG_KEYS_PER_MINUTE). */
export const WRONG_KEYS_PER_MINUTE = 60;

/** The caller's address and how many wrong keys it may send a minute; without it nothing is counted. */
export interface WrongKeyLimit {
  ip: string | undefined;
  perMinute: number;
}

export const merchantByApiKey = async (
  db: Db,
  header: string | string[] | undefined,
  limit?: WrongKeyLimit,
): Promise<MerchantRow> => {
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key) throw new AppError(401, 'UNAUTHORIZED', 'Send your API key in the X-Api-Key header.');
  const [found] = await kept(db, '', () => byKeyHash(db)).execute({
    hash: hashApiKey(key),
    guard: wrongKeyGuard(limit?.ip),
  });
  if (!found) {
    if (limit) await countWrongKey(db, limit.ip, limit.perMinute);
    throw new AppError(401, 'UNAUTHORIZED', 'This API key is not valid.');
  }
  const { refusedForSeconds, ...merchant } = found;
  if (limit && refusedForSeconds !== null) throw tooManyWrongKeys(refusedForSeconds);
  if (!merchant.enabled) throw forbidden('This merchant is disabled. Please contact the gateway.');
  return merchant;
};
