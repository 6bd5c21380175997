import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../server/db/schema';
import { confirm } from '../support/roles';
import { demoServerPerFile, resetTokenFor } from '../support/server';

/** Issue 9, item 8: user names unique without regard to case; one live reset link per user. */
const demo = demoServerPerFile();
const PASSWORD = 'Long-enough-pass-2026';

const forgot = (userName: string) => demo.s.call('POST', '/v1/forgot-password', { body: { userName } });
const reset = (token: string, password = PASSWORD) =>
  demo.s.call('POST', '/v1/reset-password', { body: { token, password } });
const links = async (userName: string) =>
  (
    await demo.s.db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(and(eq(users.userName, userName), isNull(passwordResetTokens.usedAt)))
  ).length;

describe('user names', () => {
  it('are unique without regard to case, and sign in whatever the case typed', async () => {
    const create = (userName: string) =>
      demo.s.call('POST', '/v1/users', {
        token: demo.t.admin,
        body: { fullName: 'Ravi Kumar', userName, password: PASSWORD, role: 'OPERATIONS' },
      });
    expect((await create('ravi.ops')).status).toBe(201);
    const twin = await create('Ravi.Ops');
    expect(twin.status).toBe(409);
    expect(twin.body.error.code).toBe('DUPLICATE_USER_NAME');
    // Straight to the database, the unique index refuses it too.
    await expect(
      demo.s.db.execute(
        sql`INSERT INTO users (full_name, user_name, password_hash, role) VALUES ('x', 'RAVI.OPS', 'x', 'OPERATIONS')`,
      ),
    ).rejects.toThrow();
    const signIn = await demo.s.call('POST', '/v1/login', { body: { userName: 'RAVI.ops', password: PASSWORD } });
    expect(signIn.status).toBe(200);
  });
});

describe('password reset links', () => {
  it('one live link per user: asking again retires the earlier one', async () => {
    await forgot('vendor');
    const first = await resetTokenFor(demo.s, 'vendor');
    await forgot('Vendor');
    const second = await resetTokenFor(demo.s, 'vendor', 1);
    expect(await links('vendor')).toBe(1);
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
    expect(await links('vendor')).toBe(0);
  });

  it('a password change retires the live link', async () => {
    await forgot('operations');
    const token = await resetTokenFor(demo.s, 'operations');
    const change = await demo.s.call('POST', '/v1/change-password', {
      token: demo.t.operations,
      body: { currentPassword: 'Demo@1234', newPassword: PASSWORD },
    });
    expect(change.status).toBe(200);
    const res = await reset(token, 'Another-long-pass-2026');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('This reset link is invalid or has expired. Please ask for a new one.');
  });

  it('a password set by an administrator retires the live link', async () => {
    await forgot('merchant-operations');
    const token = await resetTokenFor(demo.s, 'merchant-operations');
    const [target] = await demo.s.db.select().from(users).where(eq(users.userName, 'merchant-operations'));
    const set = await demo.s.call('POST', `/v1/users/${target.id}/reset-password`, {
      token: demo.t.admin,
      headers: await confirm(demo.s, demo.t.admin, 'user.reset-password'),
      body: { password: PASSWORD },
    });
    expect(set.status).toBe(200);
    expect((await reset(token)).status).toBe(400);
  });

  it('forgot-password answers without waiting for the work, so known and unknown names take the same time', async () => {
    // Hold the user's row: the reset work must wait for it, the answer must not.
    let release!: () => void;
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = demo.s.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM users WHERE user_name = 'transactions' FOR UPDATE`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await lockTaken;
    try {
      const answer = await forgot('transactions');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual((await forgot('nobody-at-all')).body);
      expect(await links('transactions')).toBe(0);
    } finally {
      release();
      await holder;
    }
    await resetTokenFor(demo.s, 'transactions');
    expect(await links('transactions')).toBe(1);
  });
});
