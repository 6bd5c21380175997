import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPlugin } from '../../server/plugins/auth';
import { startServer, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ authRateLimitPerMinute: 3 });
});
afterAll(() => s?.close());

describe('deny by default', () => {
  it('refuses to register a /v1 route that declares no access rule', async () => {
    const app = Fastify();
    await app.register(authPlugin, { db: s.db, secret: 'test-secret-value', tokenTtlSeconds: 60 });
    const boot = async () => {
      await app.register(async (v1) => {
        v1.get('/v1/undeclared', async () => 'open');
      });
      await app.ready();
    };
    await expect(boot()).rejects.toThrow(/declares no access rule/);
  });

  it('refuses a route naming a resource the policy does not know', async () => {
    const app = Fastify();
    await app.register(authPlugin, { db: s.db, secret: 'test-secret-value', tokenTtlSeconds: 60 });
    const boot = async () => {
      await app.register(async (v1) => {
        v1.get('/v1/typo', { config: { access: { resource: 'marchants' as never, action: 'read' } } }, async () => 'x');
      });
      await app.ready();
    };
    await expect(boot()).rejects.toThrow(/unknown resource marchants/);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await s.call('POST', '/v1/login', { body: { userName: `someone${i}`, password: 'x' } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Each route counts on its own: the sign-in limit leaves forgot-password its own three.
    const forgotten: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      forgotten.push((await s.call('POST', '/v1/forgot-password', { body: { userName: 'admin' } })).status);
    }
    expect(forgotten).toEqual([200, 200, 200, 429]);
    const res = await s.call('POST', '/v1/login', { body: { userName: 'admin', password: 'Demo@1234' } });
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual({
      message: 'Too many requests. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
  });
});
