import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App, type AppConfig } from '../../server/app';
import { DEMO_PASSWORD, seedDemo } from '../../server/demo/seed';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import type { Db } from '../../server/db';
import { readOutbox as readMessages } from '../../server/services/common/outbox';
import { openTestDatabase } from './database';
import type { DemoTemplate } from './demo-template';
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

import { TEST_HASH_COST, callerOf, testConfig } from './test-config';

export { TEST_HASH_COST, callerOf, testConfig, type Call } from './test-config';

/** The run's demo template, when this process runs inside the API project (not in a bench). */
const templateOfRun = (): DemoTemplate | undefined => {
  try {
    return inject('demoTemplate');
  } catch {
    return undefined;
  }
};

/**
 * A real listening server on 127.0.0.1 over a database of its own, with the demo data: a copy of the
 * run's demo template, or (another password cost, or outside the API project) one migrated and
 * seeded here.
 */
export const startServer = async (
  overrides: Partial<AppConfig> = {},
  opts: { logger?: unknown } = {},
): Promise<TestServer> => {
  const template = overrides.passwordHashCost === undefined ? templateOfRun() : undefined;
  const database = await openTestDatabase(template?.name);
  const config = testConfig(overrides);
  // Before the demo seed hashes its passwords.
  setPasswordHashCost(config.passwordHashCost ?? TEST_HASH_COST);
  if (!template) await seedDemo(database.db);
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

/** The messages in a server's outbox (e.g. 'password-resets'), oldest first, as `npm run outbox` prints them. */
export const readOutbox = async (s: TestServer, kind: string): Promise<Record<string, string>[]> =>
  (await readMessages(s.db, kind)) as Record<string, string>[];

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
