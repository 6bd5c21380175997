import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db';
import { freshDatabase, openSeeded, productOn } from '../support/faults';

/**
 * Issue 32, item 1: the per-minute limits are counted in PostgreSQL, so two server processes on
 * one database allow a minute's limit once between them, not once each.
 */
const LIMIT = 30;
let dropDatabase: () => Promise<void>;
let seeded: Database;
const products: Array<ReturnType<typeof productOn>> = [];

beforeAll(async () => {
  const fresh = await freshDatabase();
  dropDatabase = fresh.drop;
  seeded = await openSeeded(fresh.url);
  for (let i = 0; i < 2; i += 1) products.push(productOn(fresh.url, { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) }));
  await Promise.all(products.map((product) => product.start()));
}, 180_000);

afterAll(async () => {
  for (const product of products) await product.stop();
  await seeded?.close();
  await dropDatabase?.();
});

describe('two servers on one database', () => {
  it('share the sign-in limit: the 31st attempt of a minute, across both, is refused', async () => {
    const attempt = async (i: number) => {
      const res = await fetch(`${products[i % 2].url()}/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'operations', password: 'Demo@1234', override: true }),
      });
      return {
        status: res.status,
        remaining: res.headers.get('x-ratelimit-remaining'),
        headers: res.headers,
        body: await res.json(),
      };
    };
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i += 1) answers.push(await attempt(i));
    // Right passwords: the guess counters never refuse, only the limit can.
    expect(answers.map((a) => a.status)).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    expect(answers.slice(0, LIMIT).map((a) => Number(a.remaining))).toEqual(
      Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i),
    );
    for (const { headers, body } of answers.slice(LIMIT)) {
      expect(body).toEqual({
        error: { message: 'Too many requests. Please wait a minute and try again.', code: 'RATE_LIMITED' },
      });
      expect(headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
      expect(headers.get('x-ratelimit-remaining')).toBe('0');
      const retryAfter = Number(headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });
});
