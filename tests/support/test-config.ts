import path from 'node:path';
import type { AppConfig } from '../../server/app';

/**
 * The test servers' configuration and HTTP caller, without vitest's hooks: read by the test files'
 * servers and by the API project's global setup, which builds the run's demo template.
 */
/**
 * The work of new password hashes (log2 of scrypt's N) in the servers the tests start in their own
 * process: about 2 ms a hash where 15 took 0.1 s, paid at every sign-in and password confirmation
 * (the money property confirms about 200 times a run, a file signs in eight users). The rules about
 * hashing (re-hashing weaker hashes, the queue of hashes, OWASP's 17) are tested with costs of their
 * own; what a cost is does not change what any other test proves.
 */
export const TEST_HASH_COST = 10;

/** A product started as a child process: the least work its configuration accepts (PASSWORD_HASH_COST 15 to 20). */
export const CHILD_HASH_COST = 15;

export type Call = (
  method: string,
  path: string,
  opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<{ status: number; body: any; headers: Headers }>;

/** JSON in and out against a base URL (a test server's, or a product's in a child process). */
export const callerOf =
  (base: () => string): Call =>
  async (method, p, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base()}${p}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  tokenTtlSeconds: 3600,
  resetTokenTtlMinutes: 30,
  authRateLimitPerMinute: 10_000,
  maxFailedLogins: 5,
  distDir: path.resolve('dist'),
  // Quicker hashes than production's 17 (a test of re-hashing and the bench use the default).
  passwordHashCost: TEST_HASH_COST,
  idleTimeoutSeconds: 30 * 60,
  // The demo users sign in with the password alone, as on the embedded demo database.
  require2faRoles: [],
  publicUrl: 'http://127.0.0.1',
  // Background jobs stay out of the way of assertions; tests that need them run them on demand.
  callbackWorker: false,
  jobIntervalMs: 3_600_000,
  ...overrides,
});
