import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditEvents,
  bankAccounts,
  confirmationUses,
  merchantApplications,
  merchantBankAccounts,
  merchants,
  payins,
  users,
} from '../../server/db/schema';
import { mayReceivePayins } from '../../domain/bank-account';
import { forgetSpentConfirmations } from '../../server/services/identity/confirmations';
import type { ConfirmationKind } from '../../domain/confirmations';
import { decodeClaims, signWithServerSecret } from '../support/jwt';
import { confirm, type DemoUser } from '../support/roles';
import { demoServerPerFile } from '../support/server';
import { approvalOf, bankAccountBody } from '../support/fixtures';
import { assignedBank, assignedPayin, merchantKey, utrOf } from '../support/deposits';

const demo = demoServerPerFile();
const call = (
  method: string,
  path: string,
  user: DemoUser,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
) => demo.s.call(method, path, { token: demo.t[user], ...opts });
const confirmed = (user: DemoUser, kind: ConfirmationKind) => confirm(demo.s, demo.t[user], kind);

const expectConfirmationRequired = (res: { status: number; body: any }) => {
  expect(res.status).toBe(403);
  expect(res.body.error).toMatchObject({
    code: 'CONFIRMATION_REQUIRED',
    message: 'Please enter your password again to confirm this action.',
  });
};

const account = bankAccountBody;
/** The edit form's body of an account: its details without nickname, use and vendor. */
const editOf = (extra: Record<string, unknown> = {}) => {
  const { nickname: _n, usedFor: _u, vendorCode: _v, ...edit } = account('x');
  return { ...edit, ...extra };
};
const createAccount = async (user: DemoUser, nickname: string, extra: Record<string, unknown> = {}) => {
  const res = await call('POST', '/v1/bank-accounts', user, {
    body: account(nickname, extra),
    headers: await confirmed(user, 'bank-account.create'),
  });
  expect(res.status).toBe(201);
  return res.body.data;
};
const rowOf = async (id: string) => (await demo.s.db.select().from(bankAccounts).where(eq(bankAccounts.id, id)))[0];
const userIdOf = async (userName: string) =>
  (await demo.s.db.select().from(users).where(eq(users.userName, userName)))[0].id;
const bankIdOf = async (nickname: string) =>
  (await demo.s.db.select().from(bankAccounts).where(eq(bankAccounts.nickname, nickname)))[0].id;

describe('a confirmation names the kind of action it was given for', () => {
  it('is refused for another kind, with the usual message', async () => {
    const id = await bankIdOf('ALPHA-SBI-PAYOUT');
    const forToggling = await confirmed('admin', 'bank-account.toggle');
    expect(decodeClaims(forToggling['x-confirmation'])).toMatchObject({ typ: 'confirm', act: 'bank-account.toggle' });
    expectConfirmationRequired(await call('DELETE', `/v1/bank-accounts/${id}`, 'admin', { headers: forToggling }));
    expect(await rowOf(id)).toBeDefined();
    const merchant = (await call('GET', '/v1/merchants?code=CRISP', 'admin')).body.data[0];
    expectConfirmationRequired(
      await call('POST', `/v1/merchants/${merchant.id}/rotate-key`, 'admin', { headers: forToggling }),
    );
    // The same confirmation still does what it was given for.
    const toggled = await call('PUT', `/v1/bank-accounts/${id}/flags`, 'admin', {
      headers: forToggling,
      body: { enabled: true },
    });
    expect(toggled.status).toBe(200);
  });

  it('refuses a confirmation that names no kind, and asking for one without a known kind', async () => {
    const real = (await confirmed('admin', 'vendor.toggle'))['x-confirmation'];
    const { act: _act, ...claims } = decodeClaims(real);
    const kindless = await signWithServerSecret(demo.s.db, claims);
    const vendor = (await call('GET', '/v1/vendors?code=VEN-BETA', 'admin')).body.data[0];
    expectConfirmationRequired(
      await call('PUT', `/v1/vendors/${vendor.id}/enabled`, 'admin', {
        headers: { 'x-confirmation': kindless },
        body: { enabled: true },
      }),
    );
    for (const body of [{ password: 'Demo@1234' }, { password: 'Demo@1234', action: 'everything' }]) {
      const res = await call('POST', '/v1/confirmations', 'admin', { body });
      expect(res.status).toBe(400);
      expect(res.body.error.field).toBe('action');
    }
    const granted = await call('POST', '/v1/confirmations', 'admin', {
      body: { password: 'Demo@1234', action: 'vendor.toggle' },
    });
    expect(Object.keys(granted.body.data).sort()).toEqual(['confirmation', 'expiresAt']);
  });
});

describe('actions that can redirect money need a confirmation, and change nothing without one', () => {
  it('creating a bank account', async () => {
    const before = (await demo.s.db.select({ n: count() }).from(bankAccounts))[0].n;
    expectConfirmationRequired(await call('POST', '/v1/bank-accounts', 'admin', { body: account('NEW-UNCONFIRMED') }));
    expectConfirmationRequired(
      await call('POST', '/v1/bank-accounts', 'admin', {
        body: account('NEW-UNCONFIRMED'),
        headers: await confirmed('admin', 'bank-account.link'),
      }),
    );
    expect((await demo.s.db.select({ n: count() }).from(bankAccounts))[0].n).toBe(before);
    await createAccount('admin', 'NEW-CONFIRMED');
  });

  it('linking and unlinking merchants', async () => {
    const id = await bankIdOf('ALPHA-ICICI-02');
    const links = () => demo.s.db.select().from(merchantBankAccounts).where(eq(merchantBankAccounts.bankAccountId, id));
    const linked = await links();
    const body = { merchantCodes: ['CRISP'] };
    expectConfirmationRequired(await call('POST', `/v1/bank-accounts/${id}/merchants`, 'transactions', { body }));
    expectConfirmationRequired(
      await call('DELETE', `/v1/bank-accounts/${id}/merchants`, 'transactions', { body: { merchantCodes: ['BOLT'] } }),
    );
    expect(await links()).toEqual(linked);
    const headers = await confirmed('transactions', 'bank-account.link');
    const res = await call('POST', `/v1/bank-accounts/${id}/merchants`, 'transactions', { body, headers });
    expect(res.body.data.merchantCodes).toEqual(['BOLT', 'CRISP']);
  });

  it.each([
    ['accountNumber', '999988887777'],
    ['ifsc', 'ICIC0000999'],
    ['upiId', 'elsewhere@icici'],
  ])("changing a bank account's %s", async (field, value) => {
    const id = await bankIdOf('ALPHA-ICICI-02');
    const before = await rowOf(id);
    const body = editOf({
      accountNumber: before.accountNumber,
      ifsc: before.ifsc,
      upiId: before.upiId,
      [field]: value,
    });
    expectConfirmationRequired(await call('PUT', `/v1/bank-accounts/${id}`, 'admin', { body }));
    expectConfirmationRequired(
      await call('PUT', `/v1/bank-accounts/${id}`, 'admin', {
        body,
        headers: await confirmed('admin', 'bank-account.create'),
      }),
    );
    expect(await rowOf(id)).toEqual(before);
    const headers = await confirmed('admin', 'bank-account.numbers');
    expect((await call('PUT', `/v1/bank-accounts/${id}`, 'admin', { body, headers })).body.data[field]).toBe(value);
  });

  it("changing a user's role or codes, and only that", async () => {
    const [person] = await demo.s.db
      .insert(users)
      .values({
        userName: 'confirm-me',
        fullName: 'Confirm Me',
        role: 'MERCHANT',
        merchantCodes: ['BOLT'],
        passwordHash: 'not-a-hash',
      })
      .returning();
    const path = `/v1/users/${person.id}`;
    const edit = { fullName: 'Confirm Me Too', role: 'MERCHANT', merchantCodes: ['BOLT'] };
    expect((await call('PUT', path, 'admin', { body: edit })).status).toBe(200);
    for (const change of [{ role: 'MERCHANT_ADMIN' }, { merchantCodes: ['BOLT', 'CRISP'] }]) {
      expectConfirmationRequired(await call('PUT', path, 'admin', { body: { ...edit, ...change } }));
    }
    const [after] = await demo.s.db.select().from(users).where(eq(users.id, person.id));
    expect(after).toMatchObject({ fullName: 'Confirm Me Too', role: 'MERCHANT', merchantCodes: ['BOLT'] });
    const headers = await confirmed('admin', 'user.access');
    const res = await call('PUT', path, 'admin', { body: { ...edit, merchantCodes: ['BOLT', 'CRISP'] }, headers });
    expect(res.body.data.merchantCodes).toEqual(['BOLT', 'CRISP']);
    const [vendorUser] = await demo.s.db
      .insert(users)
      .values({ userName: 'confirm-vendor', fullName: 'V', role: 'VENDOR', vendorCode: 'VEN-ALPHA', passwordHash: '-' })
      .returning();
    const vendorEdit = { fullName: 'Vendor Person', role: 'VENDOR', vendorCode: 'VEN-BETA' };
    expectConfirmationRequired(await call('PUT', `/v1/users/${vendorUser.id}`, 'admin', { body: vendorEdit }));
    const renamed = await call('PUT', `/v1/users/${vendorUser.id}`, 'admin', {
      body: { ...vendorEdit, vendorCode: 'VEN-ALPHA' },
    });
    expect(renamed.body.data).toMatchObject({ fullName: 'Vendor Person', vendorCode: 'VEN-ALPHA' });
  });

  it.each(['payinCallbackUrl', 'payoutCallbackUrl', 'returnUrl'])("changing a merchant's %s", async (field) => {
    const view = (await call('GET', '/v1/merchants?code=BOLT', 'admin')).body.data[0];
    const { id, code: _c, ...detail } = (await call('GET', `/v1/merchants/${view.id}`, 'admin')).body.data;
    const editable = [
      'name',
      'siteUrl',
      'returnUrl',
      'payinCallbackUrl',
      'payoutCallbackUrl',
      'minPayin',
      'maxPayin',
      'minPayout',
      'maxPayout',
      'payinFeePercent',
      'payoutFeePercent',
      'testMode',
      'disputesAllowed',
    ];
    const edit = Object.fromEntries(editable.map((k) => [k, detail[k]]).filter(([, v]) => v !== null));
    const before = (await demo.s.db.select().from(merchants).where(eq(merchants.id, id)))[0];
    const renamed = await call('PUT', `/v1/merchants/${id}`, 'admin', { body: { ...edit, name: `Bolt ${field}` } });
    expect(renamed.status).toBe(200);
    const body = { ...edit, [field]: `https://bolt.example/elsewhere/${field}` };
    expectConfirmationRequired(await call('PUT', `/v1/merchants/${id}`, 'admin', { body }));
    const after = (await demo.s.db.select().from(merchants).where(eq(merchants.id, id)))[0];
    expect(after[field as 'returnUrl']).toBe(before[field as 'returnUrl']);
    const headers = await confirmed('admin', 'merchant.callback-urls');
    expect((await call('PUT', `/v1/merchants/${id}`, 'admin', { body, headers })).body.data[field]).toBe(
      `https://bolt.example/elsewhere/${field}`,
    );
  });

  it('approving a merchant application', async () => {
    const applied = await demo.s.call('POST', '/v1/on-boarding', {
      body: {
        businessName: 'Confirmed Shop',
        contactName: 'Ravi Kumar',
        email: 'ravi@confirmed.example',
        phone: '9876543210',
        website: 'https://confirmed.example',
        expectedMonthlyVolume: 100000,
      },
    });
    const id = applied.body.data.id;
    const path = `/v1/merchant-applications/${id}/approve`;
    const body = approvalOf('CONFIRMED', 'confirmed-shop');
    expectConfirmationRequired(await call('POST', path, 'admin', { body }));
    const [pending] = await demo.s.db.select().from(merchantApplications).where(eq(merchantApplications.id, id));
    expect(pending.status).toBe('PENDING');
    expect(await demo.s.db.select().from(merchants).where(eq(merchants.code, 'CONFIRMED'))).toHaveLength(0);
    const headers = await confirmed('admin', 'merchant-application.approve');
    expect((await call('POST', path, 'admin', { body, headers })).status).toBe(200);
  });
});

describe('maker-checker for new pay-in bank accounts', () => {
  const approve = async (user: DemoUser, id: string) =>
    call('POST', `/v1/bank-accounts/${id}/approve`, user, {
      headers: await confirmed(user, 'bank-account.approve'),
    });

  it('keeps the demo accounts approved by another staff user than their maker', async () => {
    const rows = (await call('GET', '/v1/bank-accounts?usedFor=PAYIN&pageSize=100', 'admin')).body.data;
    const seeded = rows.filter((r: { nickname: string }) => r.nickname === 'ALPHA-HDFC-01');
    expect(seeded[0]).toMatchObject({ approval: 'APPROVED', approvedBy: await userIdOf('transactions') });
    expect(seeded[0].createdBy).toBe(await userIdOf('admin'));
  });

  it('a new PAYIN account awaits a second staff user; its maker cannot approve it', async () => {
    const made = await createAccount('transactions', 'CHECKED-01');
    const maker = await userIdOf('transactions');
    expect(made).toMatchObject({ approval: 'AWAITING_APPROVAL', approvedAt: null, approvedBy: null, makers: [maker] });
    expect(mayReceivePayins(await rowOf(made.id))).toBe(false);

    const own = await approve('transactions', made.id);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(
      'You created this bank account or changed its details: another staff user must approve it.',
    );
    expect((await call('POST', `/v1/bank-accounts/${made.id}/approve`, 'operations')).status).toBe(403);
    expectConfirmationRequired(await call('POST', `/v1/bank-accounts/${made.id}/approve`, 'admin'));
    expect((await rowOf(made.id)).approvedAt).toBeNull();

    const approved = await approve('admin', made.id);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ approval: 'APPROVED', approvedBy: await userIdOf('admin'), makers: [] });
    expect(mayReceivePayins(await rowOf(made.id))).toBe(true);
    const [event] = await demo.s.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, made.id), eq(auditEvents.action, 'approve')));
    expect(event).toMatchObject({ actorName: 'admin', entity: 'bank-accounts' });
    expect(event.before).toMatchObject({ approval: 'AWAITING_APPROVAL', approvedBy: null });
    expect(event.after).toMatchObject({ approval: 'APPROVED', approvedBy: await userIdOf('admin') });

    const again = await approve('transactions', made.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This bank account is already approved.');
  });

  it('a change of its numbers puts it back to awaiting approval, by someone other than who changed them', async () => {
    const id = await bankIdOf('CHECKED-01');
    const untouched = await call('PUT', `/v1/bank-accounts/${id}`, 'admin', {
      body: editOf({ bankName: 'HDFC Bank Ltd' }),
    });
    expect(untouched.body.data.approval).toBe('APPROVED');

    const changed = await call('PUT', `/v1/bank-accounts/${id}`, 'admin', {
      body: editOf({ bankName: 'HDFC Bank Ltd', upiId: 'somebody.else@hdfcbank' }),
      headers: await confirmed('admin', 'bank-account.numbers'),
    });
    expect(changed.body.data).toMatchObject({
      approval: 'AWAITING_APPROVAL',
      approvedAt: null,
      makers: [await userIdOf('admin')],
    });
    expect(mayReceivePayins(await rowOf(id))).toBe(false);
    expect((await approve('admin', id)).status).toBe(403);
    const reapproved = await approve('transactions', id);
    expect(reapproved.status).toBe(200);
    expect(reapproved.body.data.approvedBy).toBe(await userIdOf('transactions'));
    expect(mayReceivePayins(await rowOf(id))).toBe(true);
  });

  it('a PAYOUT account needs no approval', async () => {
    const made = await createAccount('admin', 'PAYOUT-NEW-01', { usedFor: 'PAYOUT', upiId: null });
    expect(made.approval).toBe('NOT_REQUIRED');
    const res = await approve('transactions', made.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('A pay-out account needs no approval.');
  });
});

describe('a confirmation serves one request, on one record', () => {
  const key = () => merchantKey(demo.s, 'BOLT');
  /** A pay-in in DISPUTE: paid 480 against 500 asked, confirmable at the entry's amount. */
  const disputed = async () => {
    const p = await assignedPayin(demo.s, await key(), 500);
    const utr = utrOf(40);
    const entry = { bankAccountId: await assignedBank(demo.s, p.id), utr, amount: 480 };
    expect((await call('POST', '/v1/bank-entries', 'operations', { body: entry })).status).toBe(201);
    const submitted = await demo.s.call('POST', `/v1/pay/${p.id}/utr`, { body: { utr } });
    expect(submitted.body.data.status).toBe('DISPUTE');
    return p.id as string;
  };
  const confirmPayin = (id: string, headers: Record<string, string>) =>
    call('POST', `/v1/payins/${id}/confirm`, 'admin', { headers, body: { confirmedAmount: 480 } });
  const statusOf = async (id: string) => (await demo.s.db.select().from(payins).where(eq(payins.id, id)))[0].status;
  const forRecord = async (user: DemoUser, kind: ConfirmationKind, recordId: string) => {
    const res = await call('POST', '/v1/confirmations', user, {
      body: { password: 'Demo@1234', action: kind, recordId },
    });
    expect(res.status).toBe(200);
    return { 'x-confirmation': res.body.data.confirmation as string };
  };
  const person = async (userName: string) =>
    (
      await demo.s.db
        .insert(users)
        .values({ userName, fullName: userName, role: 'MERCHANT', merchantCodes: ['BOLT'], passwordHash: '-' })
        .returning()
    )[0].id;
  const toggle = (id: string, headers: Record<string, string>) =>
    call('PUT', `/v1/users/${id}/enabled`, 'admin', { headers, body: { enabled: true } });

  it('confirms one pay-in, and is refused on a second', async () => {
    const [a, b] = [await disputed(), await disputed()];
    const headers = await confirmed('admin', 'payin.confirm');
    expect((await confirmPayin(a, headers)).body.data.status).toBe('SUCCESS');
    expectConfirmationRequired(await confirmPayin(b, headers));
    expect(await statusOf(b)).toBe('DISPUTE');
    expect((await confirmPayin(b, await confirmed('admin', 'payin.confirm'))).body.data.status).toBe('SUCCESS');
  });

  it('serves exactly one of fifty concurrent requests', async () => {
    const id = await person('confirm-concurrent');
    const headers = await confirmed('admin', 'user.toggle');
    const answers = await Promise.all(Array.from({ length: 50 }, () => toggle(id, headers)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(49);
    refused.forEach(expectConfirmationRequired);
    const { jti } = decodeClaims(headers['x-confirmation']);
    const uses = await demo.s.db.select().from(confirmationUses).where(eq(confirmationUses.id, jti));
    expect(uses).toEqual([
      expect.objectContaining({ userId: await userIdOf('admin'), kind: 'user.toggle', recordId: id }),
    ]);
  });

  it('given for a record, is refused on another and still serves its own, once', async () => {
    const [a, b] = [await person('confirm-record-a'), await person('confirm-record-b')];
    const headers = await forRecord('admin', 'user.toggle', a);
    expect(decodeClaims(headers['x-confirmation'])).toMatchObject({ act: 'user.toggle', rec: a });
    expectConfirmationRequired(await toggle(b, headers));
    expect((await toggle(a, headers)).status).toBe(200);
    expectConfirmationRequired(await toggle(a, headers));

    const [p, q] = [await disputed(), await disputed()];
    const forP = await forRecord('admin', 'payin.confirm', p);
    expectConfirmationRequired(await confirmPayin(q, forP));
    expect(await statusOf(q)).toBe('DISPUTE');
    expect((await confirmPayin(p, forP)).body.data.status).toBe('SUCCESS');
  });

  it('is refused for another kind of action, and is not spent by that', async () => {
    const id = await person('confirm-other-kind');
    const headers = await confirmed('admin', 'payin.confirm');
    expectConfirmationRequired(await toggle(id, headers));
    const p = await disputed();
    expect((await confirmPayin(p, headers)).body.data.status).toBe('SUCCESS');
  });

  it('is spent with a change that needs it, in that change: an edit that needs none leaves it', async () => {
    const id = await person('confirm-access-edit');
    const path = `/v1/users/${id}`;
    const edit = { fullName: 'Access Edit', role: 'MERCHANT', merchantCodes: ['BOLT'] };
    const headers = await confirmed('admin', 'user.access');
    expect((await call('PUT', path, 'admin', { body: edit, headers })).status).toBe(200);
    const grant = { ...edit, merchantCodes: ['BOLT', 'CRISP'] };
    expect((await call('PUT', path, 'admin', { body: grant, headers })).body.data.merchantCodes).toEqual([
      'BOLT',
      'CRISP',
    ]);
    expectConfirmationRequired(await call('PUT', path, 'admin', { body: edit, headers }));
  });

  it('names its record as a string of at most 200 characters', async () => {
    for (const recordId of ['', 'x'.repeat(201)]) {
      const res = await call('POST', '/v1/confirmations', 'admin', {
        body: { password: 'Demo@1234', action: 'user.toggle', recordId },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.field).toBe('recordId');
    }
  });
});

describe('spent confirmations', () => {
  it('are forgotten once long expired', async () => {
    const userId = await userIdOf('admin');
    const [old, fresh] = [randomUUID(), randomUUID()];
    const longAgo = new Date(Date.now() - 11 * 60_000);
    await demo.s.db.insert(confirmationUses).values([
      { id: old, userId, kind: 'user.toggle', recordId: 'a', usedAt: longAgo },
      { id: fresh, userId, kind: 'user.toggle', recordId: 'b' },
    ]);
    await forgetSpentConfirmations(demo.s.db);
    const left = await demo.s.db
      .select({ id: confirmationUses.id })
      .from(confirmationUses)
      .where(inArray(confirmationUses.id, [old, fresh]));
    expect(left).toEqual([{ id: fresh }]);
  });
});
