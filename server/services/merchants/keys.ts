import { createHash, randomBytes } from 'node:crypto';

/** A merchant API key: shown once, stored as its SHA-256 with a short prefix to recognise it. */
export const generateApiKey = (testMode: boolean) => {
  const key = `${testMode ? 'pg_test_' : 'pg_live_'}${randomBytes(24).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 12) };
};

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64, as merchants' libraries expect. */
export const generateSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
