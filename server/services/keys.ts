import { createHash, randomBytes } from 'node:crypto';

/** A merchant API key: shown once, stored as its SHA-256 with a short prefix to recognise it. */
export const generateApiKey = (testMode: boolean) => {
  const key = `${testMode ? 'pg_test_' : 'pg_live_'}${randomBytes(24).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 12) };
};

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const generateSigningSecret = () => randomBytes(32).toString('base64url');
