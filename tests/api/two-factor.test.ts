import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { auditEvents, users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/identity/passwords';
import { normaliseRecoveryCode } from '../../domain/two-factor';
import { demoServerPerFile, startServer, type TestServer } from '../support/server';

/** Issue 9, item 7: TOTP two-factor sign-in, enrolment from the dashboard or at sign-in, recovery codes. */
const demo = demoServerPerFile();
const PASSWORD = 'Two-factor-pass-1';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** The code the authenticator app shows `steps` periods from now (each step may be used once). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const failures = async (s: TestServer, key: string) =>
  Number(
    (await s.db.execute<{ failures: number }>(sql`SELECT failures FROM auth_guards WHERE key = ${key}`)).rows[0]
      ?.failures ?? 0,
  );
const actions = async (s: TestServer, userName: string) => {
  const [u] = await s.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  const rows = await s.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'users'), eq(auditEvents.entityId, u.id)));
  return rows.map((r) => r.action);
};

/** A user with two-factor already on: its secret and its recovery codes. */
const userWithTotp = async (userName: string) => {
  const secret = generateSecret();
  const recovery = ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'];
  await demo.s.db.insert(users).values({
    fullName: `Person ${userName}`,
    userName,
    passwordHash,
    role: 'OPERATIONS',
    totpSecret: secret,
    totpEnabledAt: new Date(),
    recoveryCodes: recovery.map((c) => sha256(normaliseRecoveryCode(c))),
  });
  return { userName, secret, recovery };
};

const passwordStep = (s: TestServer, userName: string, password = PASSWORD, override = true) =>
  s.call('POST', '/v1/login', { body: { userName, password, override } });
const codeStep = (s: TestServer, challenge: string, code: string, override = true) =>
  s.call('POST', '/v1/login/two-factor', { body: { challenge, code, override } });

describe('the password step', () => {
  it('keeps the answer of a user without two-factor exactly as it was', async () => {
    const res = await passwordStep(demo.s, 'operations', 'Demo@1234');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['accessToken', 'expiresAt', 'user']);
  });

  it('asks a user with two-factor for a code: a challenge, no access token', async () => {
    await userWithTotp('ops-2fa-a');
    const res = await passwordStep(demo.s, 'ops-2fa-a');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ twoFactor: 'required', challenge: expect.any(String) });
  });

  it('refuses a wrong password before any second step', async () => {
    const res = await passwordStep(demo.s, 'ops-2fa-a', 'Wrong-password-1');
    expect(res.status).toBe(401);
    expect(res.body.data).toBeUndefined();
  });
});

describe('the challenge', () => {
  it('is never an access token, nor a confirmation, and an access token is never a challenge', async () => {
    const { challenge } = (await passwordStep(demo.s, 'ops-2fa-a')).body.data;
    expect((await demo.s.call('GET', '/v1/me', { token: challenge })).status).toBe(401);
    const confirmed = await demo.s.call('POST', '/v1/users/00000000-0000-0000-0000-000000000000/reset-password', {
      token: demo.t.admin,
      headers: { 'x-confirmation': challenge },
      body: { password: 'Another-pass-12' },
    });
    expect(confirmed.status).toBe(403);
    expect(confirmed.body.error.code).toBe('CONFIRMATION_REQUIRED');
    const asChallenge = await codeStep(demo.s, demo.t.admin, '123456');
    expect(asChallenge.status).toBe(401);
    expect(asChallenge.body.error.code).toBe('CHALLENGE_EXPIRED');
  });
});

describe('the code step', () => {
  it('signs in with the current code, once: the same code is refused the second time', async () => {
    const u = await userWithTotp('ops-2fa-b');
    const code = await codeAt(u.secret);
    const first = await codeStep(demo.s, (await passwordStep(demo.s, u.userName)).body.data.challenge, code);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body.data).sort()).toEqual(['accessToken', 'expiresAt', 'user']);
    expect((await demo.s.call('GET', '/v1/me', { token: first.body.data.accessToken })).status).toBe(200);
    const again = await codeStep(demo.s, (await passwordStep(demo.s, u.userName)).body.data.challenge, code);
    expect(again.status).toBe(401);
    expect(again.body.error.message).toMatch(/already been used|just been used/);
  });

  it('accepts the neighbouring step, not one further away', async () => {
    const u = await userWithTotp('ops-2fa-c');
    const challenge = (await passwordStep(demo.s, u.userName)).body.data.challenge;
    expect((await codeStep(demo.s, challenge, await codeAt(u.secret, -3))).status).toBe(401);
    expect((await codeStep(demo.s, challenge, await codeAt(u.secret, 1))).status).toBe(200);
  });

  it('counts a wrong code as a failed guess, with wrong passwords, and refuses once they are used up', async () => {
    const u = await userWithTotp('ops-2fa-d');
    const key = `user:${u.userName}@127.0.0.1`;
    const challenge = (await passwordStep(demo.s, u.userName)).body.data.challenge;
    const wrong = await codeStep(demo.s, challenge, '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 'INVALID_CODE', message: expect.stringMatching(/not right/) });
    expect(await failures(demo.s, key)).toBe(1);
    expect((await passwordStep(demo.s, u.userName, 'Wrong-password-1')).status).toBe(401);
    expect((await codeStep(demo.s, challenge, '111111')).status).toBe(401);
    expect(await failures(demo.s, key)).toBe(3);
    // The third failure makes the next try wait: even the right code is refused for now.
    const early = await codeStep(demo.s, challenge, await codeAt(u.secret));
    expect(early.status).toBe(429);
    expect(early.body.error.code).toBe('TOO_MANY_GUESSES');
  });

  it('keeps the session rule: 409 without override, and the code is not spent by it', async () => {
    const u = await userWithTotp('ops-2fa-e');
    // Both codes from one instant: read apart, a period's end between them made them the same code.
    const now = Math.floor(Date.now() / 1000);
    const code = await generate({ secret: u.secret, epoch: now });
    const earlier = await generate({ secret: u.secret, epoch: now - 30 });
    await codeStep(demo.s, (await passwordStep(demo.s, u.userName)).body.data.challenge, earlier);
    const challenge = (await passwordStep(demo.s, u.userName, PASSWORD, false)).body.data.challenge;
    const refused = await codeStep(demo.s, challenge, code, false);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SESSION_EXISTS');
    expect((await codeStep(demo.s, challenge, code, true)).status).toBe(200);
  });

  it('takes a recovery code once, and audits its use', async () => {
    const u = await userWithTotp('ops-2fa-f');
    const challenge = (await passwordStep(demo.s, u.userName)).body.data.challenge;
    const used = await codeStep(demo.s, challenge, u.recovery[0].toLowerCase());
    expect(used.status).toBe(200);
    const [row] = await demo.s.db.select().from(users).where(eq(users.userName, u.userName));
    expect(row.recoveryCodes).toHaveLength(1);
    expect((await codeStep(demo.s, challenge, u.recovery[0])).status).toBe(401);
    expect(await actions(demo.s, u.userName)).toContain('use-recovery-code');
  });
});

describe('enrolling from the dashboard', () => {
  it('gives a secret and its QR code, turns on with a first code and answers ten recovery codes once', async () => {
    const token = await demo.s.login('transactions');
    const start = await demo.s.call('POST', '/v1/two-factor/enrol', { token });
    expect(start.status).toBe(200);
    const { secret, uri, qr } = start.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Payment-Gateway:transactions?secret=${secret}&issuer=Payment-Gateway`);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    expect((await demo.s.call('GET', '/v1/two-factor', { token })).body.data.enabled).toBe(false);

    const wrong = await demo.s.call('POST', '/v1/two-factor/confirm', { token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe('code');
    const ok = await demo.s.call('POST', '/v1/two-factor/confirm', { token, body: { code: await codeAt(secret) } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.data.recoveryCodes).size).toBe(10);
    const status = (await demo.s.call('GET', '/v1/two-factor', { token })).body.data;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(await actions(demo.s, 'transactions')).toContain('enrol-two-factor');

    // The next sign-in asks for a code; a recovery code from the list works.
    const next = await passwordStep(demo.s, 'transactions', 'Demo@1234');
    expect(next.body.data.twoFactor).toBe('required');
    expect((await codeStep(demo.s, next.body.data.challenge, ok.body.data.recoveryCodes[3])).status).toBe(200);
  });

  it('turns off only with the password and a current code', async () => {
    const u = await userWithTotp('ops-2fa-g');
    const challenge = (await passwordStep(demo.s, u.userName)).body.data.challenge;
    const token = (await codeStep(demo.s, challenge, await codeAt(u.secret, -1))).body.data.accessToken;
    const off = (body: Record<string, string>) => demo.s.call('POST', '/v1/two-factor/disable', { token, body });
    const badPassword = await off({ password: 'Wrong-password-1', code: await codeAt(u.secret) });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.error.field).toBe('password');
    const badCode = await off({ password: PASSWORD, code: '000000' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.error.field).toBe('code');
    expect((await off({ password: PASSWORD, code: await codeAt(u.secret) })).status).toBe(200);
    expect(await actions(demo.s, u.userName)).toContain('disable-two-factor');
    const plain = await passwordStep(demo.s, u.userName);
    expect(plain.body.data.accessToken).toEqual(expect.any(String));
  });
});

describe('REQUIRE_2FA_ROLES', () => {
  it('makes a required role enrol at its next sign-in, then asks it for a code', async () => {
    const s = await startServer({ require2faRoles: ['ADMIN'] });
    try {
      const first = await passwordStep(s, 'admin', 'Demo@1234');
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({ twoFactor: 'enrol', challenge: expect.any(String) });
      const { challenge } = first.body.data;
      // Not a code step yet: no secret has been given.
      expect((await codeStep(s, challenge, '123456')).status).toBe(401);
      // A page that asks twice (at once) is shown the one secret the server holds.
      const [enrol, again] = await Promise.all(
        [0, 1].map(() => s.call('POST', '/v1/login/two-factor/enrol', { body: { challenge } })),
      );
      expect(enrol.status).toBe(200);
      expect(again.body.data.secret).toBe(enrol.body.data.secret);
      expect(enrol.body.data.qr).toMatch(/^data:image\/png;base64,/);
      const done = await codeStep(s, challenge, await codeAt(enrol.body.data.secret));
      expect(done.status).toBe(200);
      expect(done.body.data.accessToken).toEqual(expect.any(String));
      expect(done.body.data.recoveryCodes).toHaveLength(10);
      expect((await s.call('GET', '/v1/me', { token: done.body.data.accessToken })).status).toBe(200);
      // The enrolment challenge is spent: it cannot enrol a second secret.
      expect((await s.call('POST', '/v1/login/two-factor/enrol', { body: { challenge } })).status).toBe(401);

      const later = await passwordStep(s, 'admin', 'Demo@1234');
      expect(later.body.data.twoFactor).toBe('required');
      // Other roles sign in as before.
      expect((await passwordStep(s, 'operations', 'Demo@1234')).body.data.accessToken).toEqual(expect.any(String));
    } finally {
      await s.close();
    }
  });

  it('defaults to ADMIN and TRANSACTIONS on PostgreSQL, none on the embedded demo database; names are checked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }, []).require2faRoles).toEqual(['ADMIN', 'TRANSACTIONS']);
    expect(loadConfig({}, []).require2faRoles).toEqual([]);
    expect(loadConfig({ REQUIRE_2FA_ROLES: 'admin, operations' }, []).require2faRoles).toEqual(['ADMIN', 'OPERATIONS']);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', REQUIRE_2FA_ROLES: '' }, []).require2faRoles).toEqual([]);
    expect(() => loadConfig({ REQUIRE_2FA_ROLES: 'ADMIN,ROOT' }, [])).toThrow(/unknown roles: ROOT/);
  });
});
