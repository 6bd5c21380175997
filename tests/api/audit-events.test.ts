import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../server/db/schema';
import { startServer, type TestServer } from '../support/server';
import { confirm, signInAll, type DemoUser } from '../support/roles';
import { MERCHANT_TERMS } from '../support/fixtures';

let s: TestServer;
let t: Record<DemoUser, string>;
beforeAll(async () => {
  s = await startServer();
  t = await signInAll(s);
  await makeHistory();
});
afterAll(() => s?.close());

const terms = MERCHANT_TERMS;

/** Events that carry secrets close by: a merchant with an API key, and an approved application's user with a password. */
const makeHistory = async () => {
  const created = await s.call('POST', '/v1/merchants', {
    token: t.admin,
    body: { code: 'LOGGED', name: 'Logged', siteUrl: 'https://logged.example', ...terms },
  });
  expect(created.status).toBe(201);
  const applied = await s.call('POST', '/v1/on-boarding', {
    body: {
      businessName: 'Shop Log',
      contactName: 'Ravi Kumar',
      email: 'ravi@log.example',
      phone: '9876543210',
      website: 'https://log.example',
      expectedMonthlyVolume: 100000,
    },
  });
  const approved = await s.call('POST', `/v1/merchant-applications/${applied.body.data.id}/approve`, {
    token: t.admin,
    headers: await confirm(s, t.admin, 'merchant-application.approve'),
    body: { code: 'SHOPLOG', userName: 'shop-log', password: 'Welcome-12345', ...terms },
  });
  expect(approved.status).toBe(200);
};

describe('audit log', () => {
  it('is ADMIN-only, filterable, and never holds secrets', async () => {
    expect((await s.call('GET', '/v1/audit-events', { token: t.transactions })).status).toBe(403);
    const res = await s.call('GET', '/v1/audit-events?entity=merchants&action=create&pageSize=100', { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(
      res.body.data.every((e: { entity: string; action: string }) => e.entity === 'merchants' && e.action === 'create'),
    ).toBe(true);
    const all = await s.db.select().from(auditEvents);
    expect(JSON.stringify(all)).not.toMatch(/pg_live_|pg_test_|scrypt\$/);
    const one = await s.call('GET', `/v1/audit-events/${res.body.data[0].id}`, { token: t.admin });
    expect(one.body.data.id).toBe(res.body.data[0].id);
    expect((await s.call('GET', '/v1/audit-events/abc', { token: t.admin })).status).toBe(400);
    const signIns = await s.call('GET', '/v1/audit-events?action=sign-in&actorName=vendor', { token: t.admin });
    expect(signIns.body.total).toBeGreaterThan(0);
  });
});
