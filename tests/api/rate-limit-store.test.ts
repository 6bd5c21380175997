import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../server/db';
import { openDatabase } from '../../server/database';
import { forgetEndedLimits, sharedRateLimitStore } from '../../server/plugins/rate-limit-store';
import { freshDatabase } from '../support/faults';

/**
 * Issue 32, item 1: the store behind the per-minute limits, over a real database (two servers on
 * one are in two-servers-limits.test.ts) and over one that does not answer.
 */
let dropDatabase: () => Promise<void>;
let database: Database;

beforeAll(async () => {
  const fresh = await freshDatabase();
  dropDatabase = fresh.drop;
  database = await openDatabase(fresh.url, 2);
});

afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

const MINUTE = 60_000;
const quiet = { warn: () => undefined };

/** A route's store as the plugin makes it: the root from the plugin's options, a child per route. */
const routeStore = (db: Db, log: { warn: (...args: unknown[]) => void } = quiet, url = '/v1/login') => {
  const Store = sharedRateLimitStore(db, log);
  const store = new Store({ timeWindow: MINUTE, max: 1000 });
  const child = store.child({ timeWindow: MINUTE, max: 1000, routeInfo: { method: 'POST', url } });
  return (key: string, max: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      child.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), MINUTE, max),
    );
};

const counterOf = async (key: string) =>
  (await database.db.execute<{ count: number }>(sql`SELECT count FROM rate_limit_counters WHERE key = ${key}`)).rows[0]
    ?.count;

describe('the shared rate-limit store', () => {
  it('counts a route and key in one row, and starts again once its window has ended', async () => {
    const incr = routeStore(database.db);
    const counted = [await incr('10.0.0.1', 100), await incr('10.0.0.1', 100), await incr('10.0.0.2', 100)];
    expect(counted.map((c) => c.current)).toEqual([1, 2, 1]);
    for (const { ttl } of counted) expect(ttl > 0 && ttl <= MINUTE).toBe(true);
    expect(await counterOf('POST /v1/login|10.0.0.1')).toBe(2);
    // Another route's count of the same address is its own.
    expect((await routeStore(database.db, quiet, '/v1/password-resets')('10.0.0.1', 100)).current).toBe(1);

    await database.db.execute(
      sql`UPDATE rate_limit_counters SET resets_at = now() - interval '1 second' WHERE key = 'POST /v1/login|10.0.0.1'`,
    );
    expect((await incr('10.0.0.1', 100)).current).toBe(1);
  });

  it('refuses a key it saw over its limit without asking the database again in that window', async () => {
    const incr = routeStore(database.db);
    expect((await incr('10.0.0.3', 1)).current).toBe(1);
    expect((await incr('10.0.0.3', 1)).current).toBe(2);
    const third = await incr('10.0.0.3', 1);
    expect(third.current).toBeGreaterThan(1);
    expect(third.ttl > 0 && third.ttl <= MINUTE).toBe(true);
    expect(await counterOf('POST /v1/login|10.0.0.3')).toBe(2);
  });

  it('counts in the process while the database does not answer, and says so once', async () => {
    const warnings: unknown[] = [];
    const broken = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    const incr = routeStore(broken, { warn: (...args) => warnings.push(args) });
    const counted = [];
    for (let i = 0; i < 4; i += 1) counted.push(await incr('10.0.0.4', 3));
    expect(counted.map((c) => c.current)).toEqual([1, 2, 3, 4]);
    expect(warnings).toHaveLength(1);
  });

  it('sweeps the counters whose window ended over a minute ago, and only those', async () => {
    const incr = routeStore(database.db);
    await incr('10.0.0.5', 100);
    await incr('10.0.0.6', 100);
    await database.db.execute(
      sql`UPDATE rate_limit_counters SET resets_at = now() - interval '2 minutes' WHERE key = 'POST /v1/login|10.0.0.5'`,
    );
    await forgetEndedLimits(database.db);
    expect(await counterOf('POST /v1/login|10.0.0.5')).toBeUndefined();
    expect(await counterOf('POST /v1/login|10.0.0.6')).toBe(1);
  });
});
