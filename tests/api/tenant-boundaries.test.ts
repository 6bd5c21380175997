import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, merchantApplications, merchants, users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/identity/passwords';
import { STAFF_ONLY_MERCHANT_FIELDS, type StaffOnlyMerchantField } from '../../domain/merchant';
import { demoServerPerFile, startServer, type TestServer } from '../support/server';
import { confirm } from '../support/roles';
import { approvalOf } from '../support/fixtures';
import { payoutKit } from '../support/payouts';
import { orderId } from '../support/deposits';
import { formatRupees, istDayOf } from '../../domain/format';

const demo = demoServerPerFile();
const STRONG_PASSWORD = 'Tenant-Boundary-2026';

const userIdOf = async (userName: string) =>
  (await demo.s.db.select().from(users).where(eq(users.userName, userName)))[0];
const merchantOf = async (code: string) =>
  (await demo.s.db.select().from(merchants).where(eq(merchants.code, code)))[0];

/** A user straight into the database, so that no rule of the API under test decides what it holds. */
const insertUser = async (
  userName: string,
  role: 'MERCHANT' | 'MERCHANT_ADMIN' | 'VENDOR_OPERATIONS',
  codes: Partial<typeof users.$inferInsert>,
) => {
  const [row] = await demo.s.db
    .insert(users)
    .values({
      userName,
      fullName: `Person ${userName}`,
      role,
      passwordHash: await hashPassword(STRONG_PASSWORD),
      ...codes,
    })
    .returning();
  return row;
};

describe('users that also hold a merchant outside the caller’s scope', () => {
  let shared: typeof users.$inferSelect;
  let kids: typeof users.$inferSelect;
  beforeAll(async () => {
    shared = await insertUser('acme-and-bolt', 'MERCHANT', { merchantCodes: ['ACME', 'BOLT'] });
    kids = await insertUser('acme-kids-only', 'MERCHANT', { merchantCodes: ['ACME-KIDS'] });
  });
  const asMerchantAdmin = () => demo.t['merchant-admin'];

  it('refuses a MERCHANT_ADMIN of ACME to edit, disable or reset the password of a user of ACME and BOLT', async () => {
    const token = asMerchantAdmin();
    const edit = await demo.s.call('PUT', `/v1/users/${shared.id}`, {
      token,
      headers: await confirm(demo.s, token, 'user.access'),
      body: { fullName: 'Taken Over', role: 'MERCHANT', merchantCodes: ['ACME'] },
    });
    const toggle = await demo.s.call('PUT', `/v1/users/${shared.id}/enabled`, {
      token,
      headers: await confirm(demo.s, token, 'user.toggle'),
      body: { enabled: false },
    });
    const reset = await demo.s.call('POST', `/v1/users/${shared.id}/reset-password`, {
      token,
      headers: await confirm(demo.s, token, 'user.reset-password'),
      body: { password: 'Attacker-Chosen-2026' },
    });
    for (const res of [edit, toggle, reset]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        "This user also belongs to merchants outside your access: only the gateway's staff can change it.",
      );
    }
    const after = await userIdOf('acme-and-bolt');
    expect(after).toMatchObject({ fullName: shared.fullName, merchantCodes: ['ACME', 'BOLT'], enabled: true });
    expect(after.passwordHash).toBe(shared.passwordHash);
    expect(
      (
        await demo.s.call('POST', '/v1/login', {
          body: { userName: 'acme-and-bolt', password: 'Attacker-Chosen-2026' },
        })
      ).status,
    ).not.toBe(200);
  });

  it('shows such a caller only the codes inside its scope, by list, id and export', async () => {
    const token = asMerchantAdmin();
    const list = await demo.s.call('GET', '/v1/users?pageSize=100&q=acme-and-bolt', { token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ merchantCodes: ['ACME'], hiddenMerchantCodes: 1 });
    const one = await demo.s.call('GET', `/v1/users/${shared.id}`, { token });
    expect(one.body.data).toMatchObject({ merchantCodes: ['ACME'], hiddenMerchantCodes: 1 });
    const byCode = await demo.s.call('GET', '/v1/users?pageSize=100&merchantCode=BOLT', { token });
    expect(byCode.body).toMatchObject({ data: [], total: 0 });
    const csv = (await demo.s.call('GET', '/v1/users/export', { token })).body as string;
    const line = csv.split('\n').find((l) => l.includes('acme-and-bolt'))!;
    expect(line).toContain('ACME');
    expect(line).not.toContain('BOLT');
    expect(csv).not.toContain('BOLT');
  });

  it('shows staff every code, and lets them manage the user', async () => {
    const one = await demo.s.call('GET', `/v1/users/${shared.id}`, { token: demo.t.admin });
    expect(one.body.data).toMatchObject({ merchantCodes: ['ACME', 'BOLT'], hiddenMerchantCodes: 0 });
    const off = await demo.s.call('PUT', `/v1/users/${shared.id}/enabled`, {
      token: demo.t.admin,
      headers: await confirm(demo.s, demo.t.admin, 'user.toggle'),
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
  });

  it('still lets a MERCHANT_ADMIN manage a user wholly inside its scope (its sub-merchant’s)', async () => {
    const token = asMerchantAdmin();
    const res = await demo.s.call('PUT', `/v1/users/${kids.id}/enabled`, {
      token,
      headers: await confirm(demo.s, token, 'user.toggle'),
      body: { enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ merchantCodes: ['ACME-KIDS'], hiddenMerchantCodes: 0, enabled: false });
  });

  it('lets a VENDOR manage the users of its own vendor only', async () => {
    const beta = await insertUser('beta-operator', 'VENDOR_OPERATIONS', { vendorCode: 'VEN-BETA' });
    const own = await insertUser('alpha-operator', 'VENDOR_OPERATIONS', { vendorCode: 'VEN-ALPHA' });
    const token = demo.t.vendor;
    const headers = await confirm(demo.s, token, 'user.toggle');
    const foreign = await demo.s.call('PUT', `/v1/users/${beta.id}/enabled`, {
      token,
      headers,
      body: { enabled: false },
    });
    expect(foreign.status).toBe(404);
    const mine = await demo.s.call('PUT', `/v1/users/${own.id}/enabled`, {
      token,
      headers: await confirm(demo.s, token, 'user.toggle'),
      body: { enabled: false },
    });
    expect(mine.status).toBe(200);
    expect((await userIdOf('beta-operator')).enabled).toBe(true);
  });
});

/** What the edit form sends back: the merchant as it is, with some fields changed. */
const editBody = (m: Record<string, unknown>, change: Record<string, unknown> = {}) => ({
  name: m.name,
  siteUrl: m.siteUrl,
  returnUrl: m.returnUrl,
  payinCallbackUrl: m.payinCallbackUrl,
  payoutCallbackUrl: m.payoutCallbackUrl,
  minPayin: m.minPayin,
  maxPayin: m.maxPayin,
  payinFeePercent: m.payinFeePercent,
  minPayout: m.minPayout,
  maxPayout: m.maxPayout,
  payoutFeePercent: m.payoutFeePercent,
  testMode: m.testMode,
  disputesAllowed: m.disputesAllowed,
  ...change,
});
const viewOf = async (code: string) =>
  (await demo.s.call('GET', `/v1/merchants/${(await merchantOf(code)).id}`, { token: demo.t.admin })).body.data;

describe("the gateway's controls on a merchant are its staff's", () => {
  const changed = (field: StaffOnlyMerchantField, value: unknown) =>
    typeof value === 'boolean' ? !value : Number(value) + (field.startsWith('max') ? 1000 : 1);

  it.each(Object.keys(STAFF_ONLY_MERCHANT_FIELDS) as StaffOnlyMerchantField[])(
    'refuses a MERCHANT_ADMIN changing %s of its merchants, naming it, and changes nothing',
    async (field) => {
      for (const code of ['ACME', 'ACME-KIDS']) {
        const before = await merchantOf(code);
        const view = await viewOf(code);
        const res = await demo.s.call('PUT', `/v1/merchants/${before.id}`, {
          token: demo.t['merchant-admin'],
          body: editBody(view, { name: `${view.name} renamed`, [field]: changed(field, view[field]) }),
        });
        expect(res.status).toBe(403);
        expect(res.body.error).toMatchObject({
          field,
          message: `${STAFF_ONLY_MERCHANT_FIELDS[field]} is set by the gateway: only its staff can change it.`,
        });
        expect(await merchantOf(code)).toEqual(before);
      }
    },
  );

  it('lets a MERCHANT_ADMIN edit the name and site, sending the controls back unchanged', async () => {
    const view = await viewOf('ACME-KIDS');
    const res = await demo.s.call('PUT', `/v1/merchants/${view.id}`, {
      token: demo.t['merchant-admin'],
      body: editBody(view, { name: 'Acme Kids Store', siteUrl: 'https://store.kids.acme.example' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Acme Kids Store', siteUrl: 'https://store.kids.acme.example' });
  });

  it('gives a MERCHANT_ADMIN’s new sub-merchant its parent’s controls, and refuses others', async () => {
    const acme = await viewOf('ACME');
    const body = { ...editBody(acme), code: 'ACME-PETS', name: 'Acme Pets', siteUrl: 'https://pets.acme.example' };
    const refused = await demo.s.call('POST', '/v1/merchants', {
      token: demo.t['merchant-admin'],
      body: { ...body, maxPayout: acme.maxPayout * 10, testMode: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Max Payout and Test Mode are set by the gateway: only its staff can change them.',
    );
    expect(await merchantOf('ACME-PETS')).toBeUndefined();
    const made = await demo.s.call('POST', '/v1/merchants', { token: demo.t['merchant-admin'], body });
    expect(made.status).toBe(201);
    for (const field of Object.keys(STAFF_ONLY_MERCHANT_FIELDS)) expect(made.body.data[field]).toEqual(acme[field]);
  });

  it('lets ADMIN change them', async () => {
    const view = await viewOf('ACME-KIDS');
    const res = await demo.s.call('PUT', `/v1/merchants/${view.id}`, {
      token: demo.t.admin,
      body: editBody(view, { maxPayin: 200000, testMode: true, disputesAllowed: false }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ maxPayin: 200000, testMode: true, disputesAllowed: false });
  });
});

describe('enabling and disabling merchants', () => {
  const toggle = async (who: 'admin' | 'merchant-admin', code: string, enabled: boolean) =>
    demo.s.call('PUT', `/v1/merchants/${(await merchantOf(code)).id}/enabled`, {
      token: demo.t[who],
      headers: await confirm(demo.s, demo.t[who], 'merchant.toggle'),
      body: { enabled },
    });

  it('refuses a MERCHANT_ADMIN to disable its top-level merchant', async () => {
    const res = await toggle('merchant-admin', 'ACME', false);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("Only the gateway's staff can enable or disable a top-level merchant.");
    expect((await merchantOf('ACME')).enabled).toBe(true);
  });

  it('lets a MERCHANT_ADMIN disable and enable again its own sub-merchant, recording who suspended it', async () => {
    const manoj = await userIdOf('merchant-admin');
    const off = await toggle('merchant-admin', 'ACME-KIDS', false);
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ enabled: false, suspendedByStaff: false });
    expect(await merchantOf('ACME-KIDS')).toMatchObject({ suspendedBy: manoj.id, suspendedByRole: 'MERCHANT_ADMIN' });
    const on = await toggle('merchant-admin', 'ACME-KIDS', true);
    expect(on.status).toBe(200);
    expect(await merchantOf('ACME-KIDS')).toMatchObject({
      enabled: true,
      suspendedBy: null,
      suspendedByRole: null,
      suspendedAt: null,
    });
    const kids = await merchantOf('ACME-KIDS');
    const events = await demo.s.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, kids.id), eq(auditEvents.entity, 'merchants')));
    const disable = events.find((e) => e.action === 'disable')!;
    expect(disable.before).toMatchObject({ enabled: true, suspendedByRole: null });
    expect(disable.after).toMatchObject({ enabled: false, suspendedBy: manoj.id, suspendedByRole: 'MERCHANT_ADMIN' });
  });

  it('never lets a MERCHANT_ADMIN lift a suspension by ADMIN, nor take it over; ADMIN lifts it', async () => {
    expect((await toggle('admin', 'ACME-KIDS', false)).body.data).toMatchObject({
      enabled: false,
      suspendedByStaff: true,
    });
    expect((await toggle('merchant-admin', 'ACME-KIDS', false)).status).toBe(200);
    expect(await merchantOf('ACME-KIDS')).toMatchObject({ suspendedByRole: 'ADMIN' });
    const refused = await toggle('merchant-admin', 'ACME-KIDS', true);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      "The gateway's staff suspended this merchant: only they can enable it again.",
    );
    expect((await merchantOf('ACME-KIDS')).enabled).toBe(false);
    expect((await toggle('admin', 'ACME-KIDS', true)).body.data).toMatchObject({
      enabled: true,
      suspendedByStaff: false,
    });
  });

  it('takes a merchant disabled before who suspended was recorded as suspended by staff', async () => {
    await demo.s.db.update(merchants).set({ enabled: false }).where(eq(merchants.code, 'ACME-KIDS'));
    expect((await viewOf('ACME-KIDS')).suspendedByStaff).toBe(true);
    expect((await toggle('merchant-admin', 'ACME-KIDS', true)).status).toBe(403);
    expect((await toggle('admin', 'ACME-KIDS', true)).status).toBe(200);
  });
});

describe('site, return and callback URLs', () => {
  const create = (s: TestServer, token: string, code: string, change: Record<string, unknown>) =>
    s.call('POST', '/v1/merchants', {
      token,
      body: {
        code,
        name: `Merchant ${code}`,
        siteUrl: 'https://shop.example',
        returnUrl: 'https://shop.example/return',
        payinCallbackUrl: 'https://shop.example/cb/payin',
        payoutCallbackUrl: 'https://shop.example/cb/payout',
        minPayin: 100,
        maxPayin: 50000,
        payinFeePercent: 2.5,
        minPayout: 500,
        maxPayout: 100000,
        payoutFeePercent: 1.5,
        ...change,
      },
    });

  it.each([
    ['siteUrl', 'http://shop.example', 'The Site URL must start with https://.'],
    ['returnUrl', 'http://shop.example/return', 'The Return URL must start with https://.'],
    [
      'payinCallbackUrl',
      'https://127.0.0.1/cb',
      'The Pay-in Callback URL must not point to a private or local address.',
    ],
    [
      'payinCallbackUrl',
      'https://localhost:8443/cb',
      'The Pay-in Callback URL must not point to a private or local address.',
    ],
    [
      'payinCallbackUrl',
      'https://hooks.localhost/cb',
      'The Pay-in Callback URL must not point to a private or local address.',
    ],
    [
      'payinCallbackUrl',
      'https://2130706433/cb',
      'The Pay-in Callback URL must not point to a private or local address.',
    ],
    ['payinCallbackUrl', 'https://0x7f.1/cb', 'The Pay-in Callback URL must not point to a private or local address.'],
    [
      'payoutCallbackUrl',
      'https://[::ffff:127.0.0.1]/cb',
      'The Pay-out Callback URL must not point to a private or local address.',
    ],
    [
      'payoutCallbackUrl',
      'https://10.1.2.3/cb',
      'The Pay-out Callback URL must not point to a private or local address.',
    ],
    [
      'payoutCallbackUrl',
      'https://100.64.0.9/cb',
      'The Pay-out Callback URL must not point to a private or local address.',
    ],
    [
      'payoutCallbackUrl',
      'https://[fd00::9]/cb',
      'The Pay-out Callback URL must not point to a private or local address.',
    ],
    [
      'payinCallbackUrl',
      'https://169.254.169.254/latest/meta-data/',
      'The Pay-in Callback URL must not point to a link-local address.',
    ],
    ['payinCallbackUrl', 'https://[fe80::1]/cb', 'The Pay-in Callback URL must not point to a link-local address.'],
  ])('refuses %s %s when a merchant is created or edited', async (field, url, message) => {
    const res = await create(demo.s, demo.t.admin, 'URLTEST', { [field]: url });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ message, field });
    expect(await merchantOf('URLTEST')).toBeUndefined();
    const bolt = await viewOf('BOLT');
    const edit = await demo.s.call('PUT', `/v1/merchants/${bolt.id}`, {
      token: demo.t.admin,
      headers: await confirm(demo.s, demo.t.admin, 'merchant.callback-urls'),
      body: editBody(bolt, { [field]: url }),
    });
    expect(edit.status).toBe(400);
    expect(edit.body.error).toMatchObject({ message, field });
    expect((await merchantOf('BOLT'))[field as 'siteUrl']).toBe(bolt[field]);
  });

  it('refuses such a website in an on-boarding application, and when approving an older one', async () => {
    const application = {
      businessName: 'Local Shop',
      contactName: 'Ravi Kumar',
      email: 'ravi@local.example',
      phone: '9876543210',
      expectedMonthlyVolume: 100000,
    };
    for (const website of ['http://local.example', 'https://192.168.1.10', 'https://169.254.169.254/'])
      expect((await demo.s.call('POST', '/v1/on-boarding', { body: { ...application, website } })).status).toBe(400);
    const [older] = await demo.s.db
      .insert(merchantApplications)
      .values({ ...application, website: 'https://127.0.0.1:8080', expectedMonthlyVolume: 100_000_00 })
      .returning();
    const approve = await demo.s.call('POST', `/v1/merchant-applications/${older.id}/approve`, {
      token: demo.t.admin,
      headers: await confirm(demo.s, demo.t.admin, 'merchant-application.approve'),
      body: approvalOf('LOCALSHOP', 'local-shop', STRONG_PASSWORD),
    });
    expect(approve.status).toBe(400);
    expect(approve.body.error.message).toBe('The Site URL must not point to a private or local address.');
    expect(await merchantOf('LOCALSHOP')).toBeUndefined();
  });

  describe('with ALLOW_PRIVATE_CALLBACK_URLS for local work', () => {
    let local: TestServer;
    let admin: string;
    beforeAll(async () => {
      local = await startServer({ allowPrivateCallbackUrls: true });
      admin = await local.login('admin');
    });
    afterAll(() => local?.close());

    it('takes http and private or loopback addresses', async () => {
      const res = await create(local, admin, 'LOCALDEV', {
        siteUrl: 'http://localhost:5173',
        payinCallbackUrl: 'http://127.0.0.1:9000/cb',
        payoutCallbackUrl: 'https://10.0.0.8/cb',
      });
      expect(res.status).toBe(201);
    });

    it.each(['http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/cb', 'http://[::ffff:169.254.169.254]/'])(
      'still refuses the link-local %s',
      async (url) => {
        const res = await create(local, admin, 'METADATA', { payinCallbackUrl: url });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe('The Pay-in Callback URL must not point to a link-local address.');
      },
    );
  });
});

describe('vendors never learn whose a row is (issue 29, item 6)', () => {
  const actorsOf = async (path: string, token: string) => {
    const res = await demo.s.call('GET', path, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.timeline as { actor: string }[]).map((e) => e.actor);
  };
  const KINDS = ['merchant API', 'customer', 'staff', 'system', 'merchant user', 'vendor user'];
  const { fundEntry, newPayout, act } = payoutKit(demo);

  it("shows merchant and vendor users a pay-in's timeline by kind of actor, staff by name", async () => {
    const { payinId } = await fundEntry('ACME', 1_500);
    const [row] = await demo.s.db
      .execute<{ vendor_code: string }>(sql`SELECT vendor_code FROM payins WHERE id = ${payinId}`)
      .then((r) => r.rows);
    await insertUser(`timeline-${row.vendor_code}`, 'VENDOR_OPERATIONS', { vendorCode: row.vendor_code });
    const vendor = await demo.s.login(`timeline-${row.vendor_code}`, STRONG_PASSWORD);
    const staff = await actorsOf(`/v1/payins/${payinId}`, demo.t.admin);
    expect(staff).toContain('merchant-api:ACME');
    expect(staff).toContain('customer');
    expect(staff.some((a) => a.includes('operations'))).toBe(true);
    for (const token of [vendor, demo.t['merchant-admin']]) {
      const shown = await actorsOf(`/v1/payins/${payinId}`, token);
      expect(shown).toHaveLength(staff.length);
      expect(shown).toContain('merchant API');
      expect(shown).toContain('customer');
      expect(shown).toContain('staff');
      for (const actor of shown) expect(KINDS).toContain(actor);
    }
  });

  it("shows them a pay-out's timeline by kind too", async () => {
    const { key } = await fundEntry('ACME', 5_000);
    const id = await newPayout(key, 1_000);
    const assigned = await demo.s.call('POST', '/v1/payouts/assign', {
      token: demo.t.operations,
      body: { ids: [id], vendorCode: 'VEN-ALPHA' },
    });
    expect(assigned.status).toBe(200);
    const paying = (
      await demo.s.db.execute<{ id: string }>(sql`SELECT id FROM bank_accounts WHERE nickname = 'ALPHA-SBI-PAYOUT'`)
    ).rows[0].id;
    const approved = await act(demo.t.vendor, id, 'approve', {
      method: 'manual',
      utr: '502611987654',
      bankAccountId: paying,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const staff = await actorsOf(`/v1/payouts/${id}`, demo.t.admin);
    expect(staff).toContain('merchant-api:ACME');
    expect(staff).toContain('vendor');
    for (const token of [demo.t.vendor, demo.t['merchant-admin']]) {
      const shown = await actorsOf(`/v1/payouts/${id}`, token);
      expect(shown).toHaveLength(staff.length);
      expect(shown).toContain('merchant API');
      expect(shown).toContain('vendor user');
      for (const actor of shown) expect(KINDS).toContain(actor);
    }
  });

  const REFUSED = [
    ['payins', 'merchantCode', 'ACME'],
    ['payins', 'includeSubMerchants', 'true'],
    ['payins', 'merchantOrderId', 'DEMO-ACME-0001'],
    ['payins', 'customerId', 'cust-1'],
    ['payouts', 'merchantCode', 'ACME'],
    ['payouts', 'includeSubMerchants', 'true'],
    ['payouts', 'merchantOrderId', 'DEMO-ACME-0001'],
  ] as const;

  it.each(REFUSED)(
    'refuses a vendor filtering %s by %s, in the list and the export',
    async (resource, filter, value) => {
      for (const who of ['vendor', 'vendor-operations'] as const)
        for (const path of [`/v1/${resource}`, `/v1/${resource}/export`]) {
          const res = await demo.s.call('GET', `${path}?${filter}=${value}`, { token: demo.t[who] });
          expect(res.status, `${who} ${path}`).toBe(400);
          expect(res.body.error).toMatchObject({ code: 'VALIDATION', field: filter });
          expect(res.body.error.message).toContain(filter);
        }
    },
  );

  it.each(REFUSED)('still lets staff and merchants filter %s by %s', async (resource, filter, value) => {
    for (const who of ['admin', 'merchant-admin'] as const)
      for (const path of [`/v1/${resource}`, `/v1/${resource}/export`]) {
        const res = await demo.s.call('GET', `${path}?${filter}=${value}`, { token: demo.t[who] });
        expect(res.status, `${who} ${path}`).toBe(200);
      }
  });
});

describe("a plain merchant user of a parent merchant sees its own codes' figures only (issue 29, item 6)", () => {
  const { fund } = payoutKit(demo);
  const today = istDayOf(new Date());
  const day = `from=${today}&to=${today}`;
  let own: string;
  let admin: string;
  const get = async (token: string, path: string) => {
    const res = await demo.s.call('GET', path, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  beforeAll(async () => {
    await insertUser('acme-own-only', 'MERCHANT', { merchantCodes: ['ACME'] });
    await insertUser('acme-admin-too', 'MERCHANT_ADMIN', { merchantCodes: ['ACME'] });
    own = await demo.s.login('acme-own-only', STRONG_PASSWORD);
    admin = await demo.s.login('acme-admin-too', STRONG_PASSWORD);
    // Earlier cases of this file put ACME-KIDS in test mode, whose pay-ins move no money.
    await demo.s.db.update(merchants).set({ testMode: false, enabled: true }).where(eq(merchants.code, 'ACME-KIDS'));
    await fund('ACME', 3_000);
    await fund('ACME-KIDS', 7_000);
  });

  it("adds no sub-merchant to a MERCHANT's Dashboard; a MERCHANT_ADMIN's has them", async () => {
    const alone = await get(demo.t.admin, `/v1/dashboard?merchantCode=ACME&includeSubMerchants=false&${day}`);
    const withKids = await get(demo.t.admin, `/v1/dashboard?merchantCode=ACME&includeSubMerchants=true&${day}`);
    expect(withKids.deposit.amount - alone.deposit.amount).toBeGreaterThanOrEqual(7_000);
    expect(await get(own, `/v1/dashboard?includeSubMerchants=true&${day}`)).toEqual(alone);
    expect(await get(own, `/v1/dashboard?merchantCode=ACME&includeSubMerchants=true&${day}`)).toEqual(alone);
    expect(await get(admin, `/v1/dashboard?merchantCode=ACME&includeSubMerchants=true&${day}`)).toEqual(withKids);
  });

  it("adds no sub-merchant to a MERCHANT's balances; a MERCHANT_ADMIN's has them", async () => {
    const path = '/v1/settlements/balances?merchantCode=ACME';
    const alone = await get(demo.t.admin, `${path}&includeSubMerchants=false`);
    const withKids = await get(demo.t.admin, path);
    expect(withKids[0].balance - alone[0].balance).toBeGreaterThanOrEqual(7_000 * 0.975);
    expect(await get(own, path)).toEqual(alone);
    expect(await get(own, '/v1/settlements/balances')).toEqual(alone);
    expect(await get(admin, path)).toEqual(withKids);
  });

  it("adds no sub-merchant to a MERCHANT's Accounts report; a MERCHANT_ADMIN's has them", async () => {
    const report = async (token: string, query: string) => {
      const res = await demo.s.call('GET', `/v1/reports/accounts?${day}&${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.filter((r: { merchantCode: string }) => r.merchantCode === 'ACME');
    };
    const alone = await report(demo.t.admin, 'merchantCode=ACME&includeSubMerchants=false');
    const withKids = await report(demo.t.admin, 'merchantCode=ACME');
    expect(alone).toHaveLength(1);
    expect(withKids).not.toEqual(alone);
    expect(await report(own, '')).toEqual(alone);
    expect(await report(own, 'merchantCode=ACME&includeSubMerchants=true')).toEqual(alone);
    expect(await report(admin, 'merchantCode=ACME')).toEqual(withKids);
  });
});

describe("the merchant API's balance is what the merchant itself can pay out (issue 29, item 6)", () => {
  const { fund, balanceOf } = payoutKit(demo);
  const payout = (key: string, amount: number) =>
    demo.s.call('POST', '/v1/merchant-api/payouts', {
      headers: { 'x-api-key': key },
      body: {
        merchantOrderId: orderId('wd'),
        customerId: 'cust-5',
        amount,
        beneficiary: { accountHolder: 'Asha Rao', accountNumber: '001234567890', ifsc: 'HDFC0001234' },
      },
    });

  it("answers ACME's own available, which a pay-out takes to the paisa, and its sub-merchants' apart", async () => {
    await demo.s.db.update(merchants).set({ testMode: false }).where(eq(merchants.code, 'ACME-KIDS'));
    const acme = await fund('ACME', 20_000);
    const kids = await fund('ACME-KIDS', 9_000);
    // No fee and wide limits: a pay-out then holds its amount alone, so `available` is the most one may be.
    await demo.s.db
      .update(merchants)
      .set({ payoutFeeBps: 0, minPayout: 1, maxPayout: 1_00_00_000_00 })
      .where(eq(merchants.code, 'ACME'));
    const kidsOwn = await balanceOf(kids);
    expect(kidsOwn).not.toHaveProperty('subMerchants');
    const answer = (await demo.s.call('GET', '/v1/merchant-api/balance', { headers: { 'x-api-key': acme } })).body.data;
    expect(answer.subMerchants).toEqual({
      balance: kidsOwn.balance,
      held: kidsOwn.held,
      available: kidsOwn.available,
    });
    const { available } = answer;
    expect(available).toBeGreaterThan(0);
    for (const more of [1, 0.01]) {
      const over = await payout(acme, Math.round((available + more) * 100) / 100);
      expect(over.status).toBe(409);
      expect(over.body.error.code).toBe('INSUFFICIENT_BALANCE');
      expect(over.body.error.message).toContain(`The available balance (${formatRupees(available)})`);
    }
    const exact = await payout(acme, available);
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);
    const after = (await demo.s.call('GET', '/v1/merchant-api/balance', { headers: { 'x-api-key': acme } })).body.data;
    expect(after).toMatchObject({ available: 0, held: answer.held + available, balance: answer.balance });
    expect(after.subMerchants).toEqual(answer.subMerchants);
    const alone = (
      await demo.s.call('GET', '/v1/merchant-api/balance?includeSubMerchants=false', { headers: { 'x-api-key': acme } })
    ).body.data;
    expect(alone).toEqual({ balance: after.balance, held: after.held, available: 0 });
  });

  it("documents the sub-merchants' figures in /v1/docs", async () => {
    const doc = (await demo.s.call('GET', '/v1/docs')).body;
    const schema = JSON.stringify(doc.paths['/v1/merchant-api/balance'].get.responses['200']);
    expect(schema).toContain('subMerchants');
  });
});
