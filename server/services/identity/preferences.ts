import { and, count, eq, ne } from 'drizzle-orm';
import { MAX_PREFERENCES, preferenceProblem } from '../../../domain/preferences';
import type { Db } from '../../db';
import { userPreferences, users } from '../../db/schema';
import { badRequest } from '../../errors';

/**
 * A user's preferences (issue 31, item 10): the dashboard's store keys the server keeps, each
 * written on its own, so that two tabs changing different things never undo each other. They are
 * the user's own display choices, not the business's state: not audited.
 */
export const readPreferences = async (db: Db, userId: string): Promise<Record<string, unknown>> => {
  const rows = await db
    .select({ key: userPreferences.key, value: userPreferences.value })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
};

/** Keeps one preference; a value of the wrong shape, or one key too many, changes nothing. */
export const keepPreference = async (db: Db, userId: string, key: string, value: unknown): Promise<void> => {
  const problem = preferenceProblem(key, value);
  if (problem) throw badRequest(problem, 'value');
  await db.transaction(async (tx) => {
    // The user's row serialises the count and the write: two tabs cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [others] = await tx
      .select({ n: count() })
      .from(userPreferences)
      .where(and(eq(userPreferences.userId, userId), ne(userPreferences.key, key)));
    if ((others?.n ?? 0) >= MAX_PREFERENCES) {
      throw badRequest(`At most ${MAX_PREFERENCES} preferences are kept; remove some to keep this one.`, 'key');
    }
    await tx
      .insert(userPreferences)
      .values({ userId, key, value })
      .onConflictDoUpdate({
        target: [userPreferences.userId, userPreferences.key],
        set: { value, updatedAt: new Date() },
      });
  });
};

/** Forgets one preference (the dashboard's default applies again); forgetting an unknown key is no error. */
export const forgetPreference = async (db: Db, userId: string, key: string): Promise<void> => {
  await db.delete(userPreferences).where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)));
};
