import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { auditEvents, users } from '../../server/db/schema';
import { ADDRESS_FACTOR, delayAfter, forgetOldGuesses, reserveGuess } from '../../server/services/identity/guesses';
import { GUESS_WINDOW_SECONDS } from '../../server/services/identity/auth';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import { TEST_HASH_COST, startServer, type TestServer } from '../support/server';
import { CHILD_HASH_COST } from '../support/test-config';

/**
 * Issue 9, item 4: failed passwords at sign-in, at confirmations and at change-password count
 * together per user name and address, atomically; the guesser slows down, then is refused at
 * that address, and the real user at another address is not locked out.
 */
const MAX = 5;
let s: TestServer;
beforeAll(async () => {
  // One proxy hop is trusted so that the tests can speak from several addresses.
  s = await startServer({ trustProxy: 1, maxFailedLogins: MAX });
});
afterAll(() => s.close());

const signIn = (userName: string, password: string, from: string) =>
  s.call('POST', '/v1/login', {
    body: { userName, password, override: true },
    headers: { 'x-forwarded-for': from },
  });
const failures = async (key: string) =>
  (await s.db.execute<{ failures: number }>(sql`SELECT failures FROM auth_guards WHERE key = ${key}`)).rows[0]
    ?.failures ?? 0;
/** Lets the waiting guesser try again now, as if the delay had passed (no sleeping in tests). */
const skipDelay = (key: string) => s.db.execute(sql`UPDATE auth_guards SET next_attempt_at = now() WHERE key = ${key}`);

describe('password guessing', () => {
  it('200 parallel guesses evaluate at most the allowed number; the rest are refused with Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signIn('operations', `wrong-guess-${i}`, '203.0.113.10')),
    );
    const evaluated = answers.filter((a) => a.status === 401).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(MAX);
    expect(evaluated + refused.length).toBe(200);
    expect(refused[0].body.error.code).toBe('TOO_MANY_GUESSES');
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await failures('user:operations@203.0.113.10')).toBe(evaluated);
  });

  it('slows the guesser down, then refuses that address, even for the right password', async () => {
    const from = '203.0.113.20';
    const key = 'user:transactions@203.0.113.20';
    const statuses: number[] = [];
    for (let i = 1; i <= MAX; i += 1) {
      const res = await signIn('transactions', `wrong-${i}`, from);
      statuses.push(res.status);
      if (delayAfter(i) > 0) {
        // The next guess comes too early: refused, and told how long to wait.
        const early = await signIn('transactions', 'Demo@1234', from);
        expect(early.status).toBe(429);
        const wait = i >= MAX ? 15 * 60 : delayAfter(i);
        expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(wait - 1);
        expect(Number(early.headers.get('retry-after'))).toBeLessThanOrEqual(wait);
        if (i < MAX) await skipDelay(key);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const refused = await signIn('transactions', 'Demo@1234', from);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      'Too many wrong passwords from this address. Please wait 15 minutes and try again.',
    );
  });

  it('does not let a stranger lock the real user out from another address', async () => {
    for (let i = 1; i <= MAX; i += 1) {
      expect((await signIn('admin', `stranger-${i}`, '198.51.100.66')).status).toBe(401);
      if (i < MAX) await skipDelay('user:admin@198.51.100.66');
    }
    expect((await signIn('admin', 'Demo@1234', '198.51.100.66')).status).toBe(429);
    const real = await signIn('admin', 'Demo@1234', '192.0.2.1');
    expect(real.status).toBe(200);
    expect(real.body.data.accessToken).toBeTruthy();
  });

  it('a right password gives the attempt back: the real user is not slowed by their own typos', async () => {
    const from = '192.0.2.30';
    expect((await signIn('merchant', 'typo-one', from)).status).toBe(401);
    expect((await signIn('merchant', 'typo-two', from)).status).toBe(401);
    expect((await signIn('merchant', 'Demo@1234', from)).status).toBe(200);
    expect(await failures('user:merchant@192.0.2.30')).toBe(0);
    expect(await failures('address:192.0.2.30')).toBe(2);
  });

  it('refuses an address that tries many user names', async () => {
    // A server allowing one failure per name, so ADDRESS_FACTOR names exhaust the address.
    const strict = await startServer({ trustProxy: 1, maxFailedLogins: 1 });
    try {
      const attempt = (userName: string, password: string, from: string) =>
        strict.call('POST', '/v1/login', { body: { userName, password }, headers: { 'x-forwarded-for': from } });
      const from = '203.0.113.40';
      for (let i = 0; i < ADDRESS_FACTOR; i += 1)
        expect((await attempt(`nobody-${i}`, 'guess', from)).status).toBe(401);
      const res = await attempt('vendor', 'Demo@1234', from);
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('TOO_MANY_GUESSES');
      expect((await attempt('vendor', 'Demo@1234', '203.0.113.41')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('counts a user name without regard to case', async () => {
    const from = '203.0.113.50';
    await signIn('Vendor-Operations', 'x-1', from);
    await signIn('VENDOR-OPERATIONS', 'x-2', from);
    expect(await failures('user:vendor-operations@203.0.113.50')).toBe(2);
  });

  it('counts wrong passwords at change-password with those at sign-in; too many end the session, audited', async () => {
    const from = '192.0.2.60';
    const token = (await signIn('merchant-operations', 'Demo@1234', from)).body.data.accessToken as string;
    expect((await signIn('merchant-operations', 'wrong-at-sign-in', from)).status).toBe(401);
    const change = (currentPassword: string) =>
      s.call('POST', '/v1/change-password', {
        token,
        headers: { 'x-forwarded-for': from },
        body: { currentPassword, newPassword: 'Another-Pass-2026' },
      });
    const key = 'user:merchant-operations@192.0.2.60';
    for (let i = 2; i < MAX; i += 1) {
      await skipDelay(key);
      const res = await change(`wrong-${i}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Current password is not correct.');
    }
    await skipDelay(key);
    const last = await change('wrong-last');
    expect(last.status).toBe(401);
    expect(last.body.error.message).toBe('Too many wrong passwords: you have been signed out. Please sign in again.');
    expect((await s.call('GET', '/v1/me', { token })).status).toBe(401);
    const [user] = await s.db.select().from(users).where(eq(users.userName, 'merchant-operations'));
    const audited = await s.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'wrong-password'), eq(auditEvents.entityId, user.id)));
    expect(audited).toHaveLength(MAX - 1);
    expect(audited.at(-1)?.after).toMatchObject({ during: 'change-password', failures: MAX, sessionEnded: true });
  });

  it('counts wrong confirmations too: each audited, and too many end the session', async () => {
    const from = '192.0.2.70';
    const token = (await signIn('vendor', 'Demo@1234', from)).body.data.accessToken as string;
    const key = 'user:vendor@192.0.2.70';
    const confirmWith = (password: string) =>
      s.call('POST', '/v1/confirmations', {
        token,
        headers: { 'x-forwarded-for': from },
        body: { password, action: 'user.toggle' },
      });
    expect((await confirmWith('Demo@1234')).status).toBe(200);
    for (let i = 1; i < MAX; i += 1) {
      await skipDelay(key);
      const res = await confirmWith(`wrong-${i}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('The password is not correct.');
    }
    // A sign-in guess from the same address counts with them: the next wrong one is the last.
    await skipDelay(key);
    const last = await confirmWith('wrong-last');
    expect(last.status).toBe(401);
    expect((await s.call('GET', '/v1/me', { token })).status).toBe(401);
    const [user] = await s.db.select().from(users).where(eq(users.userName, 'vendor'));
    const audited = await s.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'wrong-password'), eq(auditEvents.entityId, user.id)));
    expect(audited.map((a) => (a.after as { during: string }).during)).toEqual(Array(MAX).fill('confirmation'));
    expect(audited.at(-1)?.after).toMatchObject({ sessionEnded: true });
  });

  it('a flood of strangers is told the server is busy; a browser that signed the user in before goes first', async () => {
    const first = await signIn('merchant-admin', 'Demo@1234', '192.0.2.80');
    const device = /pgc_device=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    expect(device).toBeTruthy();
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(first.headers.get('set-cookie')).toMatch(/Path=\/v1\/login/);
    // More hashing work for the strangers' (unknown names') checks, so that the queue stays full a while
    // (0.2 s a hash).
    setPasswordHashCost(CHILD_HASH_COST + 1);
    onTestFinished(() => setPasswordHashCost(TEST_HASH_COST));
    // Strangers from many addresses, all at once: the server soon says it is busy.
    let busy!: (answer: { status: number; body: any }) => void;
    const firstBusy = new Promise<{ status: number; body: any }>((resolve) => (busy = resolve));
    const flood = Array.from({ length: 30 }, (_, i) =>
      signIn(`stranger-${i}`, 'guess', `198.18.${i >> 8}.${i & 255}`).then((res) => {
        if (res.status === 503) busy(res);
        return res;
      }),
    );
    const refused = await firstBusy;
    expect(refused.body.error.message).toBe('The server is busy. Please try again in a moment.');
    const [returning, newcomer] = await Promise.all([
      s.call('POST', '/v1/login', {
        body: { userName: 'merchant-admin', password: 'Demo@1234', override: true },
        headers: { 'x-forwarded-for': '192.0.2.80', cookie: `pgc_device=${device}` },
      }),
      signIn('merchant-admin', 'Demo@1234', '192.0.2.81'),
    ]);
    expect(newcomer.status).toBe(503);
    expect(returning.status).toBe(200);
    await Promise.all(flood);
  }, 90_000);

  it('forgets counters whose window and wait have both ended', async () => {
    await s.db.execute(sql`
      INSERT INTO auth_guards (key, failures, window_started_at, next_attempt_at) VALUES
        ('user:stale@192.0.2.90', 3, now() - interval '1 hour', now() - interval '30 minutes'),
        ('user:waiting@192.0.2.90', 5, now() - interval '1 hour', now() + interval '5 minutes'),
        ('user:recent@192.0.2.90', 1, now(), now())`);
    await forgetOldGuesses(s.db, GUESS_WINDOW_SECONDS);
    expect(await failures('user:stale@192.0.2.90')).toBe(0);
    expect(await failures('user:waiting@192.0.2.90')).toBe(5);
    expect(await failures('user:recent@192.0.2.90')).toBe(1);
  });
  it('an attempt that began a moment before a parallel one is not refused while no guess has failed', async () => {
    const policy = { maxFailures: MAX, windowSeconds: GUESS_WINDOW_SECONDS };
    const from = '203.0.113.77';
    await s.db.transaction(async (tx) => {
      // This transaction's clock (now()) starts here, before the parallel reservation below.
      await tx.execute(sql`SELECT now()`);
      const first = await reserveGuess(s.db, policy, 'admin', from);
      const second = await reserveGuess(tx, policy, 'admin', from);
      expect([first.failures, second.failures]).toEqual([1, 2]);
    });
    expect(await failures('user:admin@203.0.113.77')).toBe(2);
  });
});
