import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { users } from '../db/schema';
import type { SessionUser } from '../services/common/session-user';

/** A demo user as the services see a signed-in one: the seeders act through the product's own rules. */
export const demoUserOf = async (db: Db, userName: string): Promise<SessionUser> => {
  const [u] = await db
    .select({
      id: users.id,
      userName: users.userName,
      role: users.role,
      merchantCodes: users.merchantCodes,
      vendorCode: users.vendorCode,
    })
    .from(users)
    .where(eq(users.userName, userName));
  if (!u) throw new Error(`the demo user ${userName} is missing`);
  return { ...u, sessionId: 'demo-seed' };
};
