import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer, type TestServer } from '../support/server';
import { confirm } from '../support/roles';
import { decodeClaims, signWithServerSecret } from '../support/jwt';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  token = await s.login('admin');
});
afterAll(() => s?.close());

describe('tokens', () => {
  it('accepts only HS256: the same claims signed with HS512 or with no algorithm are refused', async () => {
    const claims = decodeClaims(token);
    expect((await s.call('GET', '/v1/me', { token: await signWithServerSecret(s.db, claims) })).status).toBe(200);
    for (const alg of ['HS512', 'none'] as const) {
      const forged = await signWithServerSecret(s.db, claims, alg);
      expect(`${alg} ${(await s.call('GET', '/v1/me', { token: forged })).status}`).toBe(`${alg} 401`);
    }
  });

  it('keeps no forged token for a verified one: another signature or other claims are refused after it was accepted', async () => {
    // The server keeps verified tokens (plugins/auth.ts); each of these differs from the kept one.
    expect((await s.call('GET', '/v1/me', { token })).status).toBe(200);
    const [header, payload, signature] = token.split('.');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    const staff = Buffer.from(
      JSON.stringify({ ...decodeClaims(token), role: 'SUPER_ADMIN', userName: 'someone' }),
    ).toString('base64url');
    for (const forged of [
      `${header}.${payload}.${flipped}`,
      `${header}.${staff}.${signature}`,
      `${header}.${payload}.`,
    ])
      expect((await s.call('GET', '/v1/me', { token: forged })).status).toBe(401);
    expect((await s.call('GET', '/v1/me', { token })).status).toBe(200);
  });

  it('tells access tokens and confirmations apart', async () => {
    expect(decodeClaims(token).typ).toBe('access');
    const confirmation = (await confirm(s, token, 'merchant.toggle'))['x-confirmation'];
    expect(decodeClaims(confirmation).typ).toBe('confirm');
    // A confirmation is no bearer token ...
    expect((await s.call('GET', '/v1/me', { token: confirmation })).status).toBe(401);
    // ... and a bearer token is no confirmation.
    const merchant = (await s.call('GET', '/v1/merchants?code=BOLT', { token })).body.data[0];
    const res = await s.call('PUT', `/v1/merchants/${merchant.id}/enabled`, {
      token,
      body: { enabled: true },
      headers: { 'x-confirmation': token },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CONFIRMATION_REQUIRED');
  });

  it('refuses a configured JWT_SECRET shorter than 32 bytes at start', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(31) }, [])).toThrow(
      'JWT_SECRET must be at least 32 bytes long (got 31)',
    );
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }, []).jwtSecret).toBe('x'.repeat(32));
    expect(loadConfig({}, []).jwtSecret).toBeUndefined();
  });
});

describe('Cache-Control: no-store on every /v1 answer', () => {
  it('on data, errors, unknown paths and exports; not on the dashboard', async () => {
    const answers = [
      await s.call('GET', '/v1/health'),
      await s.call('GET', '/v1/me', { token }),
      await s.call('GET', '/v1/me'),
      await s.call('GET', '/v1/no-such-thing'),
      await s.call('POST', '/v1/login', { body: { userName: '' } }),
      await s.call('GET', '/v1/merchants/export', { token }),
    ];
    expect(answers.map((r) => `${r.status} ${r.headers.get('cache-control')}`)).toEqual([
      '200 no-store',
      '200 no-store',
      '401 no-store',
      '404 no-store',
      '400 no-store',
      '200 no-store',
    ]);
    const page = await fetch(`${s.url}/app/dashboard`);
    expect(page.headers.get('cache-control') ?? '').not.toContain('no-store');
  });
});
