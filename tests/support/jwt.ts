import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db';
import { appSettings } from '../../server/db/schema';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs arbitrary claims with the server's own secret, to forge expired or odd tokens in tests. */
export const signWithServerSecret = async (
  db: Db,
  claims: Record<string, unknown>,
  alg: 'HS256' | 'HS512' | 'none' = 'HS256',
) => {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  const head = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
  if (alg === 'none') return `${head}.`;
  const hash = alg === 'HS512' ? 'sha512' : 'sha256';
  return `${head}.${createHmac(hash, row.value).update(head).digest('base64url')}`;
};

export const decodeClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
