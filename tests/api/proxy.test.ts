import { desc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../server/config';
import { sessions } from '../../server/db/schema';
import { startServer, type TestServer } from '../support/server';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});
const start = async (overrides: Parameters<typeof startServer>[0]) => {
  const s = await startServer(overrides);
  servers.push(s);
  return s;
};

const signIn = (s: TestServer, forwardedFor: string, password = 'Demo@1234') =>
  s.call('POST', '/v1/login', {
    body: { userName: 'admin', password, override: true },
    headers: { 'x-forwarded-for': forwardedFor },
  });
const lastSessionIp = async (s: TestServer) =>
  (await s.db.select({ ip: sessions.ip }).from(sessions).orderBy(desc(sessions.createdAt)).limit(1))[0].ip;

describe('client addresses', () => {
  it('by default believes no X-Forwarded-For: not in the audit trail, not in the rate limits', async () => {
    const s = await start({ authRateLimitPerMinute: 3 });
    expect((await signIn(s, '203.0.113.7')).status).toBe(200);
    expect(await lastSessionIp(s)).toBe('127.0.0.1');
    // A guesser who changes the header each time is still one client.
    const statuses = [];
    for (const spoof of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      statuses.push((await signIn(s, spoof, 'wrong')).status);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('believes the configured proxy hops; a malformed header gets a clear 400, never a 500', async () => {
    const s = await start({ trustProxy: 1 });
    expect((await signIn(s, '203.0.113.7')).status).toBe(200);
    expect(await lastSessionIp(s)).toBe('203.0.113.7');
    for (const junk of ['not an address', '%%%, 999.1.1.1', '\u00e9\u00e9']) {
      const res = await signIn(s, junk);
      expect(`${junk}: ${res.status} ${res.body?.error?.message}`).toBe(
        `${junk}: 400 The X-Forwarded-For header does not hold a valid address.`,
      );
    }
  });

  it('reads TRUST_PROXY: off by default, a hop count, or addresses; anything else is refused', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8, ::1')).toEqual(['10.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY must be off, a number of proxy hops/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/TRUST_PROXY/);
  });
});
