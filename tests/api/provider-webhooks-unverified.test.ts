import { createHash, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { providerEvents } from '../../server/db/schema';
import { demoServerPerFile, startServer, type TestServer } from '../support/server';
import {
  PROVIDER_ACCOUNTS,
  cashfreeEvent,
  sendWebhook,
  signedCashfree,
  type Signed,
} from '../support/provider-signing';

/**
 * Issue 29, item 7: a webhook that does not verify keeps only its body's first 1,024 bytes and
 * SHA-256, and is counted under a lower limit than verified ones.
 */
const UNVERIFIED_LIMIT = 5;
const demo = demoServerPerFile({
  providers: PROVIDER_ACCOUNTS,
  trustProxy: 1,
  webhookUnverifiedRateLimitPerMinute: UNVERIFIED_LIMIT,
});

let n = 0;
/** A CashFree event padded past `bytes`, for an order nobody knows (verified, it is kept as failed). */
const paddedEvent = (bytes: number) => {
  const event = JSON.parse(
    cashfreeEvent('SUCCESS', { orderId: randomUUID(), paymentId: String(9_100_000 + (n += 1)), amount: '10.00' }),
  ) as Record<string, unknown>;
  return JSON.stringify({ ...event, pad: 'x'.repeat(bytes) });
};
const from = (address: string, signed: Signed): Signed => ({
  ...signed,
  headers: { ...signed.headers, 'x-forwarded-for': address },
});
const unsigned = (body: string): Signed => ({ body, headers: { 'content-type': 'application/json' } });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const newestEvent = async (s: TestServer) =>
  (await s.db.select().from(providerEvents).orderBy(desc(providerEvents.receivedAt)).limit(1))[0];

describe('webhooks that do not verify', () => {
  it('keep only the first 1,024 bytes of a 60 KB body, with its SHA-256 and length', async () => {
    const body = paddedEvent(60 * 1024);
    const res = await sendWebhook(demo.s, 'cashfree', from('198.51.100.20', unsigned(body)));
    expect(res.status).toBe(401);
    const kept = await newestEvent(demo.s);
    expect(kept).toMatchObject({ provider: 'cashfree', verified: false, outcome: 'rejected' });
    expect(Buffer.byteLength(kept.body)).toBe(1024);
    expect(kept.body).toBe(body.slice(0, 1024));
    expect(kept.headers).toMatchObject({ 'body-sha256': sha256(body), 'body-bytes': String(Buffer.byteLength(body)) });
  });

  it('a verified one is kept whole', async () => {
    const body = paddedEvent(8 * 1024);
    const res = await sendWebhook(demo.s, 'cashfree', from('198.51.100.21', signedCashfree(body)));
    expect(res.status).toBe(200);
    const [kept] = await demo.s.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.eventId, JSON.parse(body).data.payment.cf_payment_id + ':SUCCESS'));
    expect(kept).toMatchObject({ verified: true, outcome: 'failed', body });
    expect(kept.headers['body-sha256']).toBeUndefined();
  });

  it('a flood of them from one address gets 429 after the lower limit, keeping no more; a verified one still goes through', async () => {
    const flooder = '198.51.100.22';
    const before = (await demo.s.db.select({ id: providerEvents.id }).from(providerEvents)).length;
    const statuses = [];
    for (let i = 0; i <= UNVERIFIED_LIMIT; i += 1)
      statuses.push((await sendWebhook(demo.s, 'cashfree', from(flooder, unsigned(paddedEvent(100))))).status);
    expect(statuses).toEqual([...Array(UNVERIFIED_LIMIT).fill(401), 429]);
    const limited = await sendWebhook(demo.s, 'razorpay', from(flooder, unsigned(paddedEvent(100))));
    expect([limited.status, limited.body]).toEqual([
      429,
      { error: { message: 'Too many requests. Please wait a minute and try again.', code: 'RATE_LIMITED' } },
    ]);
    const after = (await demo.s.db.select({ id: providerEvents.id }).from(providerEvents)).length;
    expect(after - before).toBe(UNVERIFIED_LIMIT);
    const verified = await sendWebhook(demo.s, 'cashfree', from(flooder, signedCashfree(paddedEvent(100))));
    expect([verified.status, verified.body.data?.outcome]).toEqual([200, 'failed']);
  });
});

describe('a provider that is not configured', () => {
  it('keeps only the first 1,024 bytes and the hash of what it is sent, signed or not', async () => {
    const s = await startServer();
    try {
      const body = paddedEvent(60 * 1024);
      const res = await sendWebhook(s, 'cashfree', signedCashfree(body));
      expect(res.status).toBe(401);
      const kept = await newestEvent(s);
      expect(kept).toMatchObject({ verified: false, outcome: 'rejected' });
      expect(Buffer.byteLength(kept.body)).toBe(1024);
      expect(kept.headers['body-sha256']).toBe(sha256(body));
    } finally {
      await s.close();
    }
  });
});
