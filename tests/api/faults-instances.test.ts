import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import type { Database } from '../../server/db';
import { openDatabase } from '../../server/database';
import { auditEvents, callbacks, merchants, payins } from '../../server/db/schema';
import { queueCallback } from '../../server/services/callbacks/callbacks';
import { startReceiver } from '../support/callback-receiver';
import { callbacksTo, createPayin } from '../support/fault-flows';
import { callerOf, freshDatabase, keyOf, openSeeded, until } from '../support/faults';
import { testConfig } from '../support/server';

/**
 * Issue 15, item 4 (c): two server instances on one PostgreSQL, each running the expiry job and
 * the callback worker often. Every expired link is dropped once, every callback delivered once.
 */
const N = 60;
let dropDatabase: () => Promise<void>;
let seeded: Database;
const pools: Database[] = [];
const apps: App[] = [];
/** What each instance logged: its worker says each callback it delivered (at debug level). */
const logs: string[][] = [[], []];
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  dropDatabase = fresh.drop;
  seeded = await openSeeded(fresh.url);
  receiver = await startReceiver();
  await callbacksTo(seeded.db, 'CRISP', receiver.url);
  for (let i = 0; i < 2; i += 1) {
    const database = await openDatabase(fresh.url, 5);
    pools.push(database);
    const config = testConfig({
      callbackWorker: true,
      jobIntervalMs: 100,
      allowPrivateCallbackUrls: true,
      merchantApiRateLimitPerMinute: 100_000,
    });
    const stream = { write: (line: string) => void logs[i].push(line) };
    const app = await buildApp({ database, config, logger: { level: 'debug', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
  }
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const pool of pools) await pool.close();
  await seeded?.close();
  await receiver?.close();
  await dropDatabase?.();
});

describe('two instances on one database', () => {
  it('drop each expired pay-in once and deliver each callback once', async () => {
    const { port } = apps[0].server.address() as { port: number };
    const call = callerOf(() => `http://127.0.0.1:${port}`);
    const key = await keyOf(seeded.db, 'CRISP');
    const ids: string[] = [];
    while (ids.length < N)
      for (const res of await Promise.all(Array.from({ length: 10 }, () => createPayin(call, key, 300)))) {
        expect(res.status).toBe(201);
        ids.push(res.body.data.id as string);
      }
    const [crisp] = await seeded.db.select().from(merchants).where(eq(merchants.code, 'CRISP'));
    // As many callbacks again queued by other events, due at once.
    const others = Array.from({ length: N }, () => randomUUID());
    await seeded.db.transaction(async (tx) => {
      for (const entityId of others)
        await queueCallback(tx, {
          merchantId: crisp.id,
          type: 'payin.status',
          entity: 'payins',
          entityId,
          url: receiver.url,
          data: { entityId },
        });
    });
    // Every link runs out at the same moment: both instances' jobs find them on their next run.
    await seeded.db
      .update(payins)
      .set({ expiresAt: sql`now()` })
      .where(inArray(payins.id, ids));

    await until('every pay-in dropped', async () => {
      const { rows } = await seeded.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM payins WHERE id = ANY(${sql.param(ids)}::uuid[]) AND status = 'DROPPED'`,
      );
      return rows[0].n === N;
    });
    const ofReceiver = () => seeded.db.select().from(callbacks).where(eq(callbacks.url, receiver.url));
    await until('every callback delivered', async () => {
      const rows = await ofReceiver();
      return rows.length === 2 * N && rows.every((c) => c.state === 'DELIVERED');
    });

    const expiries = await seeded.db
      .select({ id: auditEvents.entityId, n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entity, 'payins'), eq(auditEvents.action, 'expire'), inArray(auditEvents.entityId, ids)),
      )
      .groupBy(auditEvents.entityId);
    expect(expiries).toHaveLength(N);
    expect(expiries.filter((e) => e.n !== 1)).toEqual([]);

    const rows = await ofReceiver();
    const counts = receiver.countsById();
    expect(rows.filter((c) => c.attempts !== 1 || counts.get(`msg_${c.id}`) !== 1).map((c) => c.id)).toEqual([]);
    expect(receiver.deliveries).toHaveLength(2 * N);
    // Both instances did part of the work, and together each callback once.
    const delivered = logs.map((lines) => lines.filter((l) => l.includes('"callback delivered"')).length);
    expect(delivered.every((n) => n > 0)).toBe(true);
    expect(delivered[0] + delivered[1]).toBe(2 * N);
    // Each expiry's callback, one per pay-in, says DROPPED.
    const dropped = rows.filter((c) => JSON.parse(c.body).data.status === 'DROPPED').map((c) => c.entityId);
    expect(dropped.sort()).toEqual([...ids].sort());
  }, 90_000);
});
