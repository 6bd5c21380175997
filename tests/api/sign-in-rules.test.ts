import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../server/config';
import { sessions, users } from '../../server/db/schema';
import { DEFAULT_HASH_COST, setPasswordHashCost } from '../../server/services/identity/passwords';
import { decodeClaims } from '../support/jwt';
import { confirm } from '../support/roles';
import { TEST_HASH_COST, demoServerPerFile } from '../support/server';
import { approvalOf } from '../support/fixtures';

/** Issue 9, item 7: passwords of 12 characters, scrypt at today's cost, idle sessions, administrator-set passwords. */
const demo = demoServerPerFile();
const RULE = 'Password must be at least 12 characters and contain a letter and a digit.';
const hashOf = async (userName: string) =>
  (await demo.s.db.select({ h: users.passwordHash }).from(users).where(eq(users.userName, userName)))[0].h;
const idOf = async (userName: string) =>
  (await demo.s.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0].id;
const signIn = (userName: string, password: string) =>
  demo.s.call('POST', '/v1/login', { body: { userName, password, override: true } });

describe('passwords', () => {
  it('refuses a new password shorter than 12 characters, wherever it is set', async () => {
    const token = await demo.s.login('merchant-operations');
    const change = await demo.s.call('POST', '/v1/change-password', {
      token,
      body: { currentPassword: 'Demo@1234', newPassword: 'Short-pass1' },
    });
    expect(change.status).toBe(400);
    expect(change.body.error).toMatchObject({ message: RULE, field: 'newPassword' });
    const create = await demo.s.call('POST', '/v1/users', {
      token: demo.t.admin,
      body: { fullName: 'Short Pass', userName: 'short-pass', password: 'Abcdefgh123', role: 'OPERATIONS' },
    });
    expect(create.status).toBe(400);
    expect(create.body.error.message).toBe(RULE);
  });

  it('lets the demo accounts keep their documented 9-character password', async () => {
    expect((await signIn('vendor-operations', 'Demo@1234')).status).toBe(200);
  });

  it('hashes with scrypt N=2^17, r=8, p=1 and re-hashes a weaker stored hash at sign-in', async () => {
    expect(loadConfig({}, []).passwordHashCost).toBe(DEFAULT_HASH_COST);
    expect(DEFAULT_HASH_COST).toBe(17);
    // The test servers hash with less work to stay quick: this test uses production's.
    setPasswordHashCost(DEFAULT_HASH_COST);
    onTestFinished(() => setPasswordHashCost(TEST_HASH_COST));
    // The hash an earlier version stored for Demo@1234 (N=2^14).
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('an-old-salt-1234');
    const old = ['scrypt', 16384, 8, 1, salt.toString('base64url')]
      .concat(scryptSync('Demo@1234', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64url'))
      .join('$');
    await demo.s.db.update(users).set({ passwordHash: old }).where(eq(users.userName, 'vendor'));
    expect((await signIn('vendor', 'Demo@1234')).status).toBe(200);
    const now = await hashOf('vendor');
    expect(now).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await signIn('vendor', 'Demo@1234')).status).toBe(200);
    expect(await hashOf('vendor')).toBe(now);
  });
});

describe('idle timeout', () => {
  const setLastSeen = (jti: string, minutesAgo: number) =>
    demo.s.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutesAgo})` })
      .where(eq(sessions.id, jti));
  const lastSeenAgo = async (jti: string) =>
    Number(
      (
        await demo.s.db
          .select({ s: sql<number>`extract(epoch FROM now() - ${sessions.lastSeenAt})` })
          .from(sessions)
          .where(eq(sessions.id, jti))
      )[0].s,
    );

  it('ends a session unused for longer than IDLE_TIMEOUT with a clear message', async () => {
    const token = await demo.s.login('operations');
    await setLastSeen(decodeClaims(token).jti, 31);
    const res = await demo.s.call('GET', '/v1/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Your session ended after 30 minutes without activity. Please sign in again.');
    // Ended for good: coming back does not revive it.
    await setLastSeen(decodeClaims(token).jti, 0);
    expect((await demo.s.call('GET', '/v1/me', { token })).body.error.message).toMatch(/without activity/);
  });

  it('keeps a used session alive, writing lastSeenAt at most about once a minute', async () => {
    const token = await demo.s.login('merchant');
    const { jti } = decodeClaims(token);
    await setLastSeen(jti, 29);
    expect((await demo.s.call('GET', '/v1/me', { token })).status).toBe(200);
    expect(await lastSeenAgo(jti)).toBeLessThan(5);
    await demo.s.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '20 seconds'` })
      .where(eq(sessions.id, jti));
    expect((await demo.s.call('GET', '/v1/me', { token })).status).toBe(200);
    expect(await lastSeenAgo(jti)).toBeGreaterThanOrEqual(20);
  });

  it('reads IDLE_TIMEOUT as a duration, 30 minutes by default', () => {
    expect(loadConfig({}, []).idleTimeoutSeconds).toBe(1800);
    expect(loadConfig({ IDLE_TIMEOUT: '10m' }, []).idleTimeoutSeconds).toBe(600);
    expect(() => loadConfig({ IDLE_TIMEOUT: 'soon' }, [])).toThrow(/IDLE_TIMEOUT/);
  });
});

describe('a password set by an administrator', () => {
  const PASSWORD = 'Set-by-admin-2026';

  it('must be changed at the first sign-in before anything else', async () => {
    const created = await demo.s.call('POST', '/v1/users', {
      token: demo.t.admin,
      body: { fullName: 'New Operator', userName: 'new-operator', password: PASSWORD, role: 'OPERATIONS' },
    });
    expect(created.status).toBe(201);
    const first = await signIn('new-operator', PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body.data.mustChangePassword).toBe(true);
    const token = first.body.data.accessToken;
    const blocked = await demo.s.call('GET', '/v1/getall-merchant', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: expect.stringMatching(/new password/),
    });
    expect((await demo.s.call('GET', '/v1/me', { token })).status).toBe(200);
    const same = await demo.s.call('POST', '/v1/change-password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: PASSWORD },
    });
    expect(same.status).toBe(400);
    const changed = await demo.s.call('POST', '/v1/change-password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: 'My-own-password-1' },
    });
    expect(changed.status).toBe(200);
    const again = await signIn('new-operator', 'My-own-password-1');
    expect(again.body.data.mustChangePassword).toBeUndefined();
    expect((await demo.s.call('GET', '/v1/getall-merchant', { token: again.body.data.accessToken })).status).toBe(200);
  });

  it('is flagged again by an administrator’s reset, and signing out stays open', async () => {
    const id = await idOf('new-operator');
    const reset = await demo.s.call('POST', `/v1/users/${id}/reset-password`, {
      token: demo.t.admin,
      headers: await confirm(demo.s, demo.t.admin, 'user.reset-password'),
      body: { password: PASSWORD },
    });
    expect(reset.status).toBe(200);
    const token = (await signIn('new-operator', PASSWORD)).body.data.accessToken;
    expect((await demo.s.call('GET', '/v1/getall-merchant', { token })).body.error.code).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
    expect((await demo.s.call('POST', '/v1/logout', { token })).status).toBe(200);
  });

  it('is flagged for the first user of an approved merchant application', async () => {
    const applied = await demo.s.call('POST', '/v1/on-boarding', {
      body: {
        businessName: 'Flag Shop',
        contactName: 'Ravi Kumar',
        email: 'ravi@flag.example',
        phone: '9876543210',
        website: 'https://flag.example',
        expectedMonthlyVolume: 100000,
      },
    });
    const approved = await demo.s.call('POST', `/v1/merchant-applications/${applied.body.data.id}/approve`, {
      token: demo.t.admin,
      headers: await confirm(demo.s, demo.t.admin, 'merchant-application.approve'),
      body: approvalOf('FLAG', 'flag-shop', PASSWORD),
    });
    expect(approved.status).toBe(200);
    expect((await signIn('flag-shop', PASSWORD)).body.data.mustChangePassword).toBe(true);
  });

  it('does not touch the demo users', async () => {
    const flagged = await demo.s.db.select().from(users).where(eq(users.mustChangePassword, true));
    expect(flagged.map((u) => u.userName)).not.toContain('admin');
    expect((await signIn('merchant-admin', 'Demo@1234')).body.data.mustChangePassword).toBeUndefined();
  });
});
