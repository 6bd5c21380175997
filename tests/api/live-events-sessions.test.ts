import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { demoServerPerFile } from '../support/server';

/**
 * Issue 29, item 7: a live stream lives only as long as its session and the access it was opened
 * with, checked against the database at each ping, and a user holds a few streams at most.
 */
const demo = demoServerPerFile({ livePingMs: 100 });

/** Opens the event stream; `ended` turns true when the server closes it. */
const open = async (token: string) => {
  const controller = new AbortController();
  const res = await fetch(`${demo.s.url}/v1/events?topics=payins`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const stream = { status: res.status, body: res.ok ? null : await res.json(), ended: false, pings: 0 };
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          stream.pings += value.split(': ping').length - 1;
        }
        stream.ended = true;
      } catch {
        /* aborted by the test */
      }
    })();
  }
  return { ...stream, get: () => stream, stop: () => controller.abort() };
};

const WAIT = { timeout: 10_000 };

describe('a live stream ends with its session or its access', () => {
  it('ends at the next ping after its session signs out; another user’s stream goes on', async () => {
    const token = await demo.s.login('transactions');
    const stream = await open(token);
    const other = await open(demo.t.operations);
    expect([stream.status, other.status]).toEqual([200, 200]);
    await expect.poll(() => stream.get().pings, WAIT).toBeGreaterThan(0);
    expect((await demo.s.call('POST', '/v1/logout', { token })).status).toBe(200);
    await expect.poll(() => stream.get().ended, WAIT).toBe(true);
    // The other stream is still pinged after the signed-out one ended.
    const pings = other.get().pings;
    await expect.poll(() => other.get().pings, WAIT).toBeGreaterThan(pings);
    expect(other.get().ended).toBe(false);
    other.stop();
  });

  it('ends when its user’s role changes, as seen in the database', async () => {
    const token = await demo.s.login('operations');
    const stream = await open(token);
    expect(stream.status).toBe(200);
    await expect.poll(() => stream.get().pings, WAIT).toBeGreaterThan(0);
    await demo.s.db.update(users).set({ role: 'TRANSACTIONS' }).where(eq(users.userName, 'operations'));
    try {
      await expect.poll(() => stream.get().ended, WAIT).toBe(true);
    } finally {
      await demo.s.db.update(users).set({ role: 'OPERATIONS' }).where(eq(users.userName, 'operations'));
    }
  });

  it('ends when its user’s merchant codes change', async () => {
    const token = await demo.s.login('merchant');
    const stream = await open(token);
    expect(stream.status).toBe(200);
    await demo.s.db
      .update(users)
      .set({ merchantCodes: ['CRISP'] })
      .where(eq(users.userName, 'merchant'));
    try {
      await expect.poll(() => stream.get().ended, WAIT).toBe(true);
    } finally {
      await demo.s.db
        .update(users)
        .set({ merchantCodes: ['BOLT'] })
        .where(eq(users.userName, 'merchant'));
    }
  });
});

describe('streams per user', () => {
  it('a user holds three at most: a fourth is 429 in the house shape until one closes; others are not affected', async () => {
    const token = await demo.s.login('admin');
    const three = [await open(token), await open(token), await open(token)];
    expect(three.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await open(token);
    expect([fourth.status, fourth.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(fourth.body.error.message).toMatch(/live/i);
    const vendor = await open(demo.t.vendor);
    expect(vendor.status).toBe(200);
    three[0].stop();
    await expect
      .poll(async () => {
        const again = await open(token);
        again.stop();
        return again.status;
      }, WAIT)
      .toBe(200);
    for (const s of [...three, vendor]) s.stop();
  });
});
