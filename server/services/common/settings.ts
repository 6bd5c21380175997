import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { appSettings } from '../../db/schema';

/** A value generated once and shared by every instance on the same database. */
export const getOrCreateSetting = async (db: Db, key: string, create: () => string): Promise<string> => {
  await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row.value;
};

export const jwtSecret = (db: Db, configured?: string) =>
  configured
    ? Promise.resolve(configured)
    : getOrCreateSetting(db, 'jwt_secret', () => randomBytes(48).toString('base64url'));
