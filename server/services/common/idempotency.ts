import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { idempotencyKeys } from '../../db/schema';
import { AppError, badRequest } from '../../errors';

/** Keys are kept this long (reference §5); published in the API document. */
export const IDEMPOTENCY_HOURS = 24;

export interface Answer {
  status: number;
  body: unknown;
}

/** The header's value: a structured-field string ("…") or the bare text, 1–255 visible characters. */
export const idempotencyKeyOf = (header: string | string[] | undefined): string | undefined => {
  if (header === undefined) return undefined;
  const text = (Array.isArray(header) ? header[0] : header).trim().replace(/^"(.*)"$/, '$1');
  if (!/^[\x21-\x7e]{1,255}$/.test(text))
    throw badRequest('Idempotency-Key must be 1 to 255 visible characters', 'Idempotency-Key');
  return text;
};

export const requestHash = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');

/**
 * Runs a merchant API request once per `Idempotency-Key`: a retry with the same key and body gets
 * the first answer again (errors included), a different body 422, one still being answered 409.
 * A failure on our side (5xx) frees the key so the merchant can retry.
 */
export const onceForKey = async (
  db: Db,
  merchantId: string,
  key: string | undefined,
  hash: string,
  run: () => Promise<Answer>,
): Promise<Answer> => {
  if (key === undefined) return run();
  const mine = and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key));
  await db
    .delete(idempotencyKeys)
    .where(and(mine, sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`));
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ merchantId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [seen] = await db.select().from(idempotencyKeys).where(mine);
    if (!seen) return onceForKey(db, merchantId, key, hash, run);
    if (seen.requestHash !== hash)
      throw new AppError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used with another request body.',
      );
    if (seen.statusCode === null)
      throw new AppError(409, 'IDEMPOTENCY_IN_FLIGHT', 'A request with this Idempotency-Key is still being answered.');
    return { status: seen.statusCode, body: JSON.parse(seen.response ?? 'null') };
  }
  let answer: Answer;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      answer = {
        status: error.statusCode,
        body: { error: { message: error.message, code: error.code, field: error.field } },
      };
    } else {
      await db.delete(idempotencyKeys).where(mine);
      throw error;
    }
  }
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, response: JSON.stringify(answer.body) })
    .where(mine);
  return answer;
};
