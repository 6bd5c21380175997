import { Writable } from 'node:stream';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, passwordResetTokens, sessions, users } from '../../server/db/schema';
import { resetTokenFor, startServer, type TestServer } from '../support/server';
import { decodeClaims, signWithServerSecret } from '../support/jwt';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let s: TestServer;
beforeAll(async () => {
  s = await startServer({}, { logger: { level: 'info', stream: logStream } });
});
afterAll(() => s?.close());

const login = (body: Record<string, unknown>) => s.call('POST', '/v1/login', { body });

describe('POST /v1/login', () => {
  it('returns a signed token with the claims of SPEC §3 and the user data', async () => {
    const res = await login({ userName: 'merchant-admin', password: 'Demo@1234' });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({ name: 'Manoj Merchant-Admin', role: 'MERCHANT_ADMIN', code: ['ACME'] });
    const claims = decodeClaims(res.body.data.accessToken);
    expect(claims).toMatchObject({
      userName: 'merchant-admin',
      role: 'MERCHANT_ADMIN',
      code: ['ACME'],
      vendor_code: null,
    });
    expect(typeof claims.id).toBe('string');
    expect(claims.exp - claims.iat).toBe(3600);
    const vendor = await login({ userName: 'vendor', password: 'Demo@1234' });
    expect(decodeClaims(vendor.body.data.accessToken).vendor_code).toBe('VEN-ALPHA');
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    const unknown = await login({ userName: 'nobody-here', password: 'Demo@1234' });
    const wrong = await login({ userName: 'transactions', password: 'wrong-password1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error.message).toBe('Invalid user name or password.');
  });

  it('refuses a disabled user with 403 and a clear message', async () => {
    await s.db.update(users).set({ enabled: false }).where(eq(users.userName, 'operations'));
    const res = await login({ userName: 'operations', password: 'Demo@1234' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/disabled/);
    await s.db.update(users).set({ enabled: true }).where(eq(users.userName, 'operations'));
  });

  it('answers 409 to a second sign-in, and override ends the older session', async () => {
    const first = await login({ userName: 'merchant', password: 'Demo@1234', override: true });
    const token = first.body.data.accessToken;
    expect((await s.call('GET', '/v1/me', { token })).status).toBe(200);
    const second = await login({ userName: 'merchant', password: 'Demo@1234' });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('SESSION_EXISTS');
    expect((await s.call('GET', '/v1/me', { token })).status).toBe(200);
    const third = await login({ userName: 'merchant', password: 'Demo@1234', override: true });
    expect(third.status).toBe(200);
    const old = await s.call('GET', '/v1/me', { token });
    expect(old.status).toBe(401);
    expect(old.body.error.message).toMatch(/signed in somewhere else/);
    expect((await s.call('GET', '/v1/me', { token: third.body.data.accessToken })).status).toBe(200);
  });

  it('lets only one of two simultaneous sign-ins of one user through', async () => {
    const results = await Promise.all([
      login({ userName: 'merchant-operations', password: 'Demo@1234' }),
      login({ userName: 'merchant-operations', password: 'Demo@1234' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [user] = await s.db.select().from(users).where(eq(users.userName, 'merchant-operations'));
    const [active] = await s.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(active.n).toBe(1);
  });

  it('rejects bad input with the field message', async () => {
    const blank = await login({ userName: '   ', password: 'x' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatchObject({ message: 'userName is Required!', field: 'userName', code: 'VALIDATION' });
    const missing = await login({ userName: 'admin' });
    expect(missing.body.error.message).toBe('password is Required!');
  });

  it('audits every sign-in', async () => {
    const [row] = await s.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, 'sign-in'));
    expect(row.n).toBeGreaterThan(0);
  });
});

describe('tokens', () => {
  it('refuses a missing, malformed, tampered or expired token with 401', async () => {
    expect((await s.call('GET', '/v1/me')).status).toBe(401);
    expect((await s.call('GET', '/v1/me', { token: 'not-a-jwt' })).status).toBe(401);
    const token = await s.login('transactions');
    const [h, p] = token.split('.');
    const tampered = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await s.call('GET', '/v1/me', { token: tampered })).status).toBe(401);
    const claims = decodeClaims(token);
    const expired = await signWithServerSecret(s.db, {
      ...claims,
      iat: claims.iat - 7200,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    const res = await s.call('GET', '/v1/me', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/expired/);
  });

  it('logout revokes the token on the server', async () => {
    const token = await s.login('transactions');
    expect((await s.call('POST', '/v1/logout', { token })).status).toBe(200);
    expect((await s.call('GET', '/v1/me', { token })).status).toBe(401);
    expect((await s.call('GET', '/v1/getall-merchant', { token })).status).toBe(401);
  });
});

describe('passwords', () => {
  it('a password change ends every session and the new password works', async () => {
    const token = await s.login('admin');
    const weak = await s.call('POST', '/v1/change-password', {
      token,
      body: { currentPassword: 'Demo@1234', newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    const wrong = await s.call('POST', '/v1/change-password', {
      token,
      body: { currentPassword: 'nope', newPassword: 'NewPass12345' },
    });
    expect(wrong.status).toBe(400);
    expect((await s.call('GET', '/v1/me', { token })).status).toBe(200);
    const ok = await s.call('POST', '/v1/change-password', {
      token,
      body: { currentPassword: 'Demo@1234', newPassword: 'NewPass12345' },
    });
    expect(ok.status).toBe(200);
    expect((await s.call('GET', '/v1/me', { token })).status).toBe(401);
    expect((await login({ userName: 'admin', password: 'NewPass12345', override: true })).status).toBe(200);
  });

  it('forgot-password answers 200 whoever asks and leaves a single-use link in the outbox, not the log', async () => {
    const unknown = await s.call('POST', '/v1/forgot-password', { body: { userName: 'ghost' } });
    const known = await s.call('POST', '/v1/forgot-password', { body: { userName: 'merchant' } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const token = await resetTokenFor(s, 'merchant');
    expect(logLines.some((l) => l.includes('password reset link written to the outbox'))).toBe(true);
    expect(logLines.filter((l) => l.includes(token))).toEqual([]);
    const [stored] = await s.db.select().from(passwordResetTokens);
    expect(stored.tokenHash).not.toBe(token);

    const weak = await s.call('POST', '/v1/reset-password', { body: { token, password: 'abc' } });
    expect(weak.status).toBe(400);
    const ok = await s.call('POST', '/v1/reset-password', { body: { token, password: 'Fresh1234567' } });
    expect(ok.status).toBe(200);
    const again = await s.call('POST', '/v1/reset-password', { body: { token, password: 'Other1234567' } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/invalid or has expired/);
    expect((await login({ userName: 'merchant', password: 'Fresh1234567', override: true })).status).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    await s.call('POST', '/v1/forgot-password', { body: { userName: 'vendor' } });
    const token = await resetTokenFor(s, 'vendor');
    await s.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await s.call('POST', '/v1/reset-password', { body: { token, password: 'Fresh1234567' } });
    expect(res.status).toBe(400);
  });
});
