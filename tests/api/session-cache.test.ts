import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { poolOf, type Database } from '../../server/db';
import { openDatabase } from '../../server/database';
import { confirm } from '../support/roles';
import { startServer, type TestServer } from '../support/server';

/**
 * Issue 15, item 2: a signed-in request needs no query for its session when the server checked it
 * lately, and still no ended session is served: every change is announced by the database and
 * heard by every instance. Two servers on one database: A (the test server) and B.
 */
let a: TestServer;
let second: { database: Database; app: App; url: string };

const get = async (url: string, token: string) =>
  (await fetch(`${url}/v1/getall-merchant?page=1&pageSize=5`, { headers: { authorization: `Bearer ${token}` } }))
    .status;

/** Asks until the answer is `status`, for at most a few seconds (an announcement takes milliseconds). */
const settlesTo = async (url: string, token: string, status: number) => {
  for (let i = 0; i < 100; i += 1) {
    if ((await get(url, token)) === status) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  return get(url, token);
};

/** Runs work with the database announcing nothing, to see what the servers do without it. */
const withoutAnnouncements = async <T>(work: () => Promise<T>) => {
  const triggers = (on: boolean) =>
    a.db.execute(
      sql.raw(`ALTER TABLE sessions ${on ? 'ENABLE' : 'DISABLE'} TRIGGER sessions_announce_change;
        ALTER TABLE users ${on ? 'ENABLE' : 'DISABLE'} TRIGGER users_announce_change`),
    );
  await triggers(false);
  try {
    return await work();
  } finally {
    await triggers(true);
  }
};

beforeAll(async () => {
  a = await startServer();
  const database = await openDatabase(poolOf(a.db).options.connectionString!, 3);
  const app = await buildApp({ database, config: a.config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  second = { database, app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
});
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await a?.close();
});

describe('the session cache', () => {
  it('serves a session checked lately from memory: a change the database does not announce is not seen', async () => {
    // Signed in and checked with nothing announced: the sign-in's own announcement, heard between
    // the check's read and its keeping, made the server rightly forget what it read (a flake).
    const token = await withoutAnnouncements(async () => {
      const signedIn = await a.login('admin');
      expect(await get(a.url, signedIn)).toBe(200);
      return signedIn;
    });
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;
    await withoutAnnouncements(() =>
      a.db.execute(sql`UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE id = ${sessionId}`),
    );
    // Proof that no query was made for it; the trigger is what makes this safe (next tests).
    expect(await get(a.url, token)).toBe(200);
    // Any announced change of the user drops every session of the user: the revocation is then read.
    await a.db.execute(sql`UPDATE users SET updated_at = now() WHERE user_name = 'admin'`);
    expect(await settlesTo(a.url, token, 401)).toBe(401);
  });

  it('sees a sign-out on another server: the database announces it to every instance', async () => {
    const token = await a.login('transactions');
    expect(await get(a.url, token)).toBe(200);
    expect(await get(second.url, token)).toBe(200);
    const out = await fetch(`${second.url}/v1/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBeLessThan(300);
    expect(await settlesTo(a.url, token, 401)).toBe(401);
    expect(await get(second.url, token)).toBe(401);
  });

  it("sees its own writes at once: the answer to a user's disabling leaves after the cache forgot", async () => {
    const admin = await a.login('admin');
    const token = await a.login('transactions');
    expect(await get(a.url, token)).toBe(200);
    const [ops] = (await a.db.execute<{ id: string }>(sql`SELECT id FROM users WHERE user_name = 'transactions'`)).rows;
    const headers = await confirm(a, admin, 'user.toggle');
    // Nothing announced: only the server's own forgetting can make the next request see it.
    await withoutAnnouncements(async () => {
      const off = await a.call('PUT', `/v1/users/${ops.id}/enabled`, {
        token: admin,
        headers,
        body: { enabled: false },
      });
      expect(off.status).toBe(200);
      expect(await get(a.url, token)).toBe(401);
    });
    await a.call('PUT', `/v1/users/${ops.id}/enabled`, { token: admin, headers, body: { enabled: true } });
  });

  it('a role changed in the database directly is seen through its announcement', async () => {
    const token = await a.login('operations');
    expect(await get(a.url, token)).toBe(200);
    await a.db.execute(sql`UPDATE users SET enabled = false WHERE user_name = 'operations'`);
    expect(await settlesTo(a.url, token, 401)).toBe(401);
    await a.db.execute(sql`UPDATE users SET enabled = true WHERE user_name = 'operations'`);
  });
});
