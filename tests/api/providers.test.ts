import { Writable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, providerAccounts } from '../../server/db/schema';
import { confirm, DEMO_USERS, signInAll, type DemoUser } from '../support/roles';
import { startServer, type TestServer } from '../support/server';

/**
 * Issue 14, item 1: the payment providers' accounts as configuration. ADMIN reads and saves them
 * (password confirmation); the environment's fields win and cannot be changed; secrets are write-only:
 * masked in answers, never in an answer, the audit log or the server log.
 */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

const ENV = {
  razorpay: { keyId: 'rzp_live_EnvKey0001' },
  payu: { keySecret: 'env-payu-salt-Z9y8' },
};

let s: TestServer;
let t: Record<DemoUser, string>;
/** Every answer of this file, to look for secrets in. */
const answers: string[] = [];
beforeAll(async () => {
  s = await startServer({ providers: ENV }, { logger: { level: 'trace', stream } });
  t = await signInAll(s);
});
afterAll(() => s?.close());

const call = async (method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) => {
  const res = await s.call(method, path, { token, body, headers });
  answers.push(JSON.stringify(res.body));
  return res;
};
const put = async (provider: string, body: Record<string, unknown>, token = t.admin) =>
  call('PUT', `/v1/providers/${provider}`, token, body, await confirm(s, token, 'provider.update'));
const list = async () => (await call('GET', '/v1/providers', t.admin)).body.data as any[];
const fieldOf = (item: any, key: string) => item.fields.find((f: any) => f.key === key);
const rowOf = async (provider: 'razorpay' | 'cashfree' | 'payu') =>
  (await s.db.select().from(providerAccounts).where(eq(providerAccounts.provider, provider)))[0];
const providerAudits = (provider: string) =>
  s.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'providers'), eq(auditEvents.entityId, provider)))
    .orderBy(desc(auditEvents.at));

const SECRETS = ['rzp-secret-Abc-9876', 'rzp-whsec-Def-5555', 'cf-secret-Ghi-4321', 'env-payu-salt-Z9y8'];

describe('who may use /v1/providers', () => {
  it.each(DEMO_USERS.filter((u) => u !== 'admin'))('%s → 403 on read and save, nothing saved', async (user) => {
    expect((await call('GET', '/v1/providers', t[user])).status).toBe(403);
    const res = await put('cashfree', { keyId: 'CF-BY-OTHER' }, t[user]);
    expect(res.status).toBe(403);
    expect((await rowOf('cashfree'))?.keyId ?? null).not.toBe('CF-BY-OTHER');
  });

  it('refuses without a session', async () => {
    expect((await s.call('GET', '/v1/providers')).status).toBe(401);
  });
});

describe('reading the providers', () => {
  it('lists the three with their fields, the environment’s marked, secrets never shown', async () => {
    const items = await list();
    expect(items.map((p) => p.provider)).toEqual(['razorpay', 'cashfree', 'payu']);
    const razorpay = items[0];
    expect(razorpay).toMatchObject({ label: 'RazorPay', enabled: true, configured: false });
    expect(razorpay.fields.map((f: any) => f.key)).toEqual(['keyId', 'keySecret', 'webhookSecret', 'apiBase']);
    expect(fieldOf(razorpay, 'keyId')).toMatchObject({ value: 'rzp_live_EnvKey0001', masked: null, fromEnv: true });
    expect(fieldOf(razorpay, 'keySecret')).toMatchObject({ secret: true, value: null, masked: null, fromEnv: false });
    expect(items[1].fields.map((f: any) => f.key)).toEqual(['keyId', 'keySecret', 'apiBase']);
    const salt = fieldOf(items[2], 'keySecret');
    expect(salt).toMatchObject({ secret: true, value: null, fromEnv: true });
    expect(salt.masked).toMatch(/^•+Z9y8$/);
  });
});

describe('saving a provider', () => {
  it('saves secrets write-only: masked in the answer, kept in the database, audited without values', async () => {
    const res = await put('razorpay', { keySecret: ` ${SECRETS[0]} `, webhookSecret: SECRETS[1] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ provider: 'razorpay', configured: true, enabled: true });
    expect(fieldOf(res.body.data, 'keySecret')).toMatchObject({ value: null, masked: expect.stringMatching(/9876$/) });
    expect(fieldOf(res.body.data, 'webhookSecret').masked).toMatch(/5555$/);
    const row = await rowOf('razorpay');
    expect(row).toMatchObject({ keySecret: SECRETS[0], webhookSecret: SECRETS[1], keyId: null });
    const [event] = await providerAudits('razorpay');
    expect(event).toMatchObject({ action: 'update', actorName: 'admin' });
    expect((event.after as any).changed).toEqual(['keySecret', 'webhookSecret']);
    expect((event.after as any).filled).toEqual(['keySecret', 'webhookSecret']);
    expect(JSON.stringify(event)).not.toContain('9876');
    expect(JSON.stringify(event)).not.toContain('5555');
  });

  it('asks for the password again: without a confirmation of this very kind it is 403 and saves nothing', async () => {
    const before = await providerAudits('cashfree');
    const url = '/v1/providers/cashfree';
    const none = await call('PUT', url, t.admin, { keyId: 'CF-NOPASS' });
    expect(none.status).toBe(403);
    expect(none.body.error).toMatchObject({ code: 'CONFIRMATION_REQUIRED' });
    const other = await call('PUT', url, t.admin, { keyId: 'CF-OTHER' }, await confirm(s, t.admin, 'merchant.toggle'));
    expect(other.status).toBe(403);
    const wrong = await s.call('POST', '/v1/confirmations', {
      token: t.admin,
      body: { password: 'Wrong@1234', action: 'provider.update' },
    });
    expect(wrong.status).not.toBe(200);
    expect((await rowOf('cashfree'))?.keyId ?? null).toBeNull();
    expect(await providerAudits('cashfree')).toHaveLength(before.length);
  });

  it('refuses to change a field the environment sets, naming its variable', async () => {
    const res = await put('razorpay', { keyId: 'rzp_live_Other' });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('keyId');
    expect(res.body.error.message).toContain('RAZORPAY_KEY_ID');
    const salt = await put('payu', { keySecret: 'another-salt' });
    expect(salt.status).toBe(400);
    expect(salt.body.error.message).toContain('PAYU_SALT');
    // Sent back with the environment's own value, a non-secret field changes nothing and passes.
    expect((await put('razorpay', { keyId: 'rzp_live_EnvKey0001' })).status).toBe(200);
    expect((await rowOf('razorpay')).keyId).toBeNull();
    expect((await rowOf('payu'))?.keySecret ?? null).toBeNull();
  });

  it('refuses fields the provider does not have, bad base URLs and unknown fields, saving nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['cashfree', { keyId: 'CF-1', webhookSecret: 'whsec' }, 'webhookSecret'],
      ['payu', { webhookSecret: 'whsec' }, 'webhookSecret'],
      ['cashfree', { keyId: 'CF-1', apiBase: 'ftp://files.example' }, 'apiBase'],
      ['cashfree', { keyId: 'CF-1', apiBase: 'not a url' }, 'apiBase'],
      ['cashfree', { keyId: 'CF-1', apiBase: 'https://user:pw@sandbox.cashfree.com' }, 'apiBase'],
      ['cashfree', { keyId: 'CF 1' }, 'keyId'],
    ];
    for (const [provider, body, field] of cases) {
      const res = await put(provider, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.field, JSON.stringify(body)).toBe(field);
    }
    const unknown = await put('cashfree', { keyId: 'CF-1', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('colour');
    expect((await rowOf('cashfree'))?.keyId ?? null).toBeNull();
    expect((await put('stripe', {})).status).toBe(400);
  });

  it('keeps omitted fields, clears empty ones, trims the base URL and switches the provider off and on', async () => {
    const saved = await put('cashfree', {
      keyId: 'CF-CLIENT-1',
      keySecret: SECRETS[2],
      apiBase: 'https://sandbox.cashfree.com/',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.configured).toBe(true);
    expect(fieldOf(saved.body.data, 'apiBase').value).toBe('https://sandbox.cashfree.com');
    expect(fieldOf(saved.body.data, 'keyId').value).toBe('CF-CLIENT-1');

    const off = await put('cashfree', { enabled: false });
    expect(off.body.data).toMatchObject({ enabled: false, configured: true });
    expect(await rowOf('cashfree')).toMatchObject({ keyId: 'CF-CLIENT-1', keySecret: SECRETS[2], enabled: false });
    const [event] = await providerAudits('cashfree');
    expect((event.after as any).changed).toEqual(['enabled']);

    const cleared = await put('cashfree', { keySecret: '', enabled: true });
    expect(cleared.body.data).toMatchObject({ enabled: true, configured: false });
    expect(fieldOf(cleared.body.data, 'keySecret').masked).toBeNull();
    expect((await rowOf('cashfree')).keySecret).toBeNull();
    const [clearing] = await providerAudits('cashfree');
    expect((clearing.after as any).changed).toEqual(['enabled', 'keySecret']);
    expect((clearing.before as any).filled).toEqual(['keySecret']);
    expect((clearing.after as any).filled).toEqual([]);
    expect(JSON.stringify(clearing)).not.toContain('4321');
  });

  it('audits nothing when nothing changes', async () => {
    const before = (await providerAudits('razorpay')).length;
    expect((await put('razorpay', {})).status).toBe(200);
    expect((await put('razorpay', { webhookSecret: SECRETS[1] })).status).toBe(200);
    expect(await providerAudits('razorpay')).toHaveLength(before);
  });
});

describe('secrets', () => {
  it('never appear in an answer, the audit log or the server log', async () => {
    const audits = JSON.stringify(await s.db.select().from(auditEvents).where(eq(auditEvents.entity, 'providers')));
    expect(answers.length).toBeGreaterThan(10);
    const log = lines.join('');
    expect(log).toContain('/v1/providers');
    for (const secret of SECRETS) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      expect(audits).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
  });
});
