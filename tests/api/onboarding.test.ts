import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, merchantApplications } from '../../server/db/schema';
import { startServer, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const valid = {
  businessName: 'Chai Point',
  contactName: 'Ravi Kumar',
  email: 'Ravi@ChaiPoint.example',
  phone: '+91 98765 43210',
  website: 'https://chaipoint.example',
  expectedMonthlyVolume: 2500000.5,
};

const applications = async () => (await s.db.select({ n: count() }).from(merchantApplications))[0].n;

describe('POST /v1/on-boarding', () => {
  it('stores an application for review, with the volume in paise', async () => {
    const res = await s.call('POST', '/v1/on-boarding', { body: valid });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('PENDING');
    const [row] = await s.db.select().from(merchantApplications);
    expect(row).toMatchObject({
      businessName: 'Chai Point',
      email: 'ravi@chaipoint.example',
      phone: '+919876543210',
      expectedMonthlyVolume: 250000050,
    });
    const [audited] = await s.db.select({ n: count() }).from(auditEvents);
    expect(audited.n).toBeGreaterThan(0);
  });

  it.each([
    [{ businessName: '  ' }, 'businessName is Required!'],
    [{ email: 'not-an-email' }, 'email must match format "email"'],
    [{ phone: '12345' }, 'phone must be a 10-digit Indian mobile number'],
    [{ website: 'ftp://x.example' }, 'website must be a web address starting with http:// or https://'],
    [{ expectedMonthlyVolume: 10.123 }, 'expectedMonthlyVolume must have at most 2 decimals'],
    [{ expectedMonthlyVolume: -5 }, 'expectedMonthlyVolume must not be negative'],
    [{ expectedMonthlyVolume: 0 }, 'expectedMonthlyVolume must be more than 0'],
    [
      { expectedMonthlyVolume: 'lots' },
      'expectedMonthlyVolume must be an amount in rupees: digits, at most 2 decimals',
    ],
    [{ extra: 1 }, 'unknown field extra'],
  ])('refuses %j with a clear message and writes nothing', async (change, message) => {
    const before = await applications();
    const res = await s.call('POST', '/v1/on-boarding', { body: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect(await applications()).toBe(before);
  });
});
