import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type AppConfig } from '../../server/app';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import { setPasswordHashCost } from '../../server/services/passwords';
import type { Db } from '../../server/db';
import { openTestDatabase } from './database';
import { signInAll, type DemoUser } from './roles';

export interface TestServer {
  url: string;
  config: AppConfig;
  db: Db;
  app: App;
  /** fetch against the server, JSON in and out. */
  call: (
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  /** Signs a demo user in (ending any earlier session) and returns the bearer token. */
  login: (userName: string, password?: string) => Promise<string>;
  close: () => Promise<void>;
  /** Closes the database under the running server, to see how failures are reported. */
  closeDatabase: () => Promise<void>;
}

export const TEST_HASH_COST = 15;

export type Call = TestServer['call'];

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
  // Each server's outbox of its own: tests read the reset links there.
  outboxDir: path.join(os.tmpdir(), `console-outbox-${randomUUID()}`),
  idleTimeoutSeconds: 30 * 60,
  // The demo users sign in with the password alone, as on the embedded demo database.
  require2faRoles: [],
  uploadsDir: path.join(os.tmpdir(), `console-uploads-${randomUUID()}`),
  publicUrl: 'http://127.0.0.1',
  // Background jobs stay out of the way of assertions; tests that need them run them on demand.
  callbackWorker: false,
  jobIntervalMs: 3_600_000,
  ...overrides,
});

/** A real listening server on 127.0.0.1 over a database of its own, with the demo data. */
export const startServer = async (
  overrides: Partial<AppConfig> = {},
  opts: { logger?: unknown } = {},
): Promise<TestServer> => {
  const database = await openTestDatabase();
  const config = testConfig(overrides);
  // Before the demo seed hashes its passwords.
  setPasswordHashCost(config.passwordHashCost ?? TEST_HASH_COST);
  await seedDemo(database.db);
  const app = await buildApp({ database, config, logger: (opts.logger ?? false) as never });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const call = callerOf(() => url);

  const login = async (userName: string, password = DEMO_PASSWORD) => {
    const res = await call('POST', '/v1/login', { body: { userName, password, override: true } });
    if (res.status !== 200) throw new Error(`login ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.accessToken as string;
  };

  return {
    url,
    config,
    db: database.db,
    app,
    call,
    login,
    close: async () => {
      await app.close();
      await database.close();
    },
    closeDatabase: () => database.close(),
  };
};

/**
 * A test file's server with the demo data and every demo user signed in: started before its tests,
 * closed after. Read `demo.s` and `demo.t` inside the tests.
 */
export const demoServerPerFile = (overrides: Partial<AppConfig> = {}) => {
  const demo = {} as { s: TestServer; t: Record<DemoUser, string> };
  beforeAll(async () => {
    demo.s = await startServer(overrides);
    demo.t = await signInAll(demo.s);
  });
  afterAll(() => demo.s?.close());
  return demo;
};

/** The messages a server left in its outbox (e.g. 'password-resets'), oldest first. */
export const readOutbox = async (s: TestServer, kind: string): Promise<Record<string, string>[]> => {
  const text = await readFile(path.join(s.config.outboxDir, `${kind}.jsonl`), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string>);
};

/**
 * The reset token in the newest link for a user, waiting for it to arrive: forgot-password
 * answers before the link is written (so that known and unknown names take the same time).
 */
export const resetTokenFor = async (s: TestServer, userName: string, after = 0): Promise<string> => {
  for (let i = 0; i < 200; i += 1) {
    const links = (await readOutbox(s, 'password-resets')).filter((m) => m.userName === userName);
    if (links.length > after) return new URL(links.at(-1)!.link, 'http://x').searchParams.get('token')!;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no reset link for ${userName} reached the outbox`);
};
