import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, merchants, users } from '../../server/db/schema';
import { redactUrl, serializeError } from '../../server/logging';
import { confirm, signInAll, type DemoUser } from '../support/roles';
import { resetTokenFor, startServer, type TestServer } from '../support/server';

/**
 * Issue 9, item 6: no reset token, API key, signing secret, password, password hash or SQL
 * parameter in any log line, at the most talkative level the server has.
 */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  s = await startServer({}, { logger: { level: 'trace', stream } });
  t = await signInAll(s);
});
afterAll(() => s?.close());

describe('the server log', () => {
  it('holds no secret after a day of sign-ins, resets, key rotations and failures', async () => {
    const secrets: string[] = ['Demo@1234'];

    // A reset link is asked for, opened in the browser (its token in the URL) and used.
    await s.call('POST', '/v1/forgot-password', { body: { userName: 'vendor' } });
    const token = await resetTokenFor(s, 'vendor');
    secrets.push(token);
    await s.call('GET', `/reset-password?token=${token}`);
    await s.call('GET', `/v1/me?token=${token}&apiKey=${token}`, { token: t.admin });
    const fresh = 'Fresh-password-2026';
    secrets.push(fresh);
    expect((await s.call('POST', '/v1/reset-password', { body: { token, password: fresh } })).status).toBe(200);

    // A merchant's API key and signing secret are rotated: shown once in the answer, never logged.
    const [acme] = await s.db.select().from(merchants).where(eq(merchants.code, 'ACME'));
    const rotated = await s.call('POST', `/v1/merchants/${acme.id}/rotate-key`, {
      token: t.admin,
      headers: await confirm(s, t.admin, 'merchant.rotate-keys'),
    });
    expect(rotated.status).toBe(200);
    secrets.push(rotated.body.data.apiKey, rotated.body.data.signingSecret);

    // Wrong passwords and a confirmation token in a header.
    await s.call('POST', '/v1/login', { body: { userName: 'admin', password: 'Wrong-guess-2026' } });
    secrets.push('Wrong-guess-2026');

    // A failure inside the database while serving a request.
    const broken = await startServer({}, { logger: { level: 'trace', stream } });
    const brokenToken = await broken.login('admin');
    await broken.closeDatabase();
    expect((await broken.call('GET', '/v1/users?q=needle-in-the-query', { token: brokenToken })).status).toBe(500);
    await broken.close().catch(() => undefined);

    for (const row of await s.db.select({ hash: users.passwordHash }).from(users)) secrets.push(row.hash);
    for (const row of await s.db.select({ value: appSettings.value }).from(appSettings)) secrets.push(row.value);
    for (const row of await s.db.select({ secret: merchants.signingSecret }).from(merchants)) secrets.push(row.secret);

    const log = lines.join('');
    expect(log).toContain('password reset link written to the outbox');
    expect(log).toContain('request failed');
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
  });

  it('logs errors without the SQL text or its parameters', async () => {
    const error = await s.db.execute(sql`SELECT ${'needle-parameter'}::int AS n`).catch((e: unknown) => e);
    expect(String((error as Error).message)).toContain('needle-parameter');
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('needle-parameter');
    expect(logged).not.toContain('SELECT');
    expect(logged).toContain('22P02');
  });

  it('blanks secret-looking query values in logged URLs', () => {
    expect(redactUrl('/reset-password?token=abc.def&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactUrl('/v1/pay?a=1&api_key=k1&Signature=s')).toBe('/v1/pay?a=1&api_key=[redacted]&Signature=[redacted]');
    expect(redactUrl('/v1/users?q=token')).toBe('/v1/users?q=token');
  });
});
