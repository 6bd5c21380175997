import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { outboxMessages } from '../../db/schema';

/**
 * Messages for people, kept until a mail transport is configured: a row each in outbox_messages,
 * shared by every server instance and read by an administrator with `npm run outbox` (who passes
 * them on). Never the server log, which more people and systems read.
 */
export const writeToOutbox = async (db: DbOrTx, kind: string, payload: Record<string, unknown>) => {
  await db.insert(outboxMessages).values({ kind, payload });
};

/**
 * A kind's messages, oldest first, as the outbox's files had them: `{ at, ...payload }`; with
 * `since` (an `at` read before), those of later milliseconds only (`at` has no finer digits).
 */
export const readOutbox = async (
  db: DbOrTx,
  kind: string,
  since?: Date,
): Promise<({ at: string } & Record<string, unknown>)[]> => {
  const where: SQL[] = [eq(outboxMessages.kind, kind)];
  if (since) where.push(gte(outboxMessages.createdAt, new Date(since.getTime() + 1)));
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(and(...where))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
  return rows.map((r) => ({ at: r.createdAt.toISOString(), ...r.payload }));
};
