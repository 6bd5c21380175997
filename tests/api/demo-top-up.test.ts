import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYIN_VIEWS } from '../../domain/payin';
import { auditEvents, payins } from '../../server/db/schema';
import { DEMO_OPEN_PER_STATUS, topUpDemoPayins } from '../../server/demo/demo-top-up';
import { dropExpired } from '../../server/services/payins/payin-expiry';
import { demoServerPerFile } from '../support/server';
import { ledgerHolds } from '../support/deposits';

/**
 * Issue 13, item 3: the running demo keeps a few open pay-ins in every In Progress status, made
 * through the services the API uses, whatever the expiry sweep drops and staff settle.
 */
const demo = demoServerPerFile({ seedDemo: true, allowPrivateCallbackUrls: true });
const PROGRESS = PAYIN_VIEWS.progress;
const options = () => ({ ttlMinutes: 10 });

const openCounts = async () => {
  const rows = await demo.s.db
    .select({ status: payins.status, n: count() })
    .from(payins)
    .where(inArray(payins.status, [...PROGRESS]))
    .groupBy(payins.status);
  return Object.fromEntries(PROGRESS.map((status) => [status, rows.find((r) => r.status === status)?.n ?? 0]));
};
/** The In Progress statuses holding fewer than the demo keeps. */
const short = async () => {
  const counts = await openCounts();
  return PROGRESS.filter((status) => counts[status] < DEMO_OPEN_PER_STATUS).map((s) => `${s}: ${counts[s]}`);
};

/** Time passes: the open links that expire within `minutes` are past their expiry, and the server's sweep runs. */
const linksExpire = async (minutes = 10) => {
  await demo.s.db
    .update(payins)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(
      and(
        inArray(payins.status, ['INITIATED', 'ASSIGNED']),
        sql`${payins.expiresAt} <= now() + make_interval(mins => ${minutes})`,
      ),
    );
  while ((await dropExpired(demo.s.db)) > 0);
};

describe('the running demo', () => {
  it('keeps every In Progress status non-empty after the expiry sweep drops its open links', async () => {
    expect(DEMO_OPEN_PER_STATUS).toBe(3);
    await topUpDemoPayins(demo.s.db, options());
    expect(await short()).toEqual([]);

    await linksExpire();
    expect(await openCounts()).toMatchObject({ INITIATED: 0, ASSIGNED: 0 });
    await topUpDemoPayins(demo.s.db, options());
    expect(await short()).toEqual([]);

    // Links about to expire are replaced before the sweep drops them: the statuses never go empty.
    await demo.s.db
      .update(payins)
      .set({ expiresAt: sql`now() + interval '1 minute'` })
      .where(inArray(payins.status, ['INITIATED', 'ASSIGNED']));
    await topUpDemoPayins(demo.s.db, options());
    await linksExpire(1);
    expect(await short()).toEqual([]);

    // A status that is full is left alone.
    const before = await openCounts();
    expect(await topUpDemoPayins(demo.s.db, options())).toBe(0);
    expect(await openCounts()).toEqual(before);
  });

  it('makes them as the API would: each with its audit trail, and the ledger still balanced', async () => {
    const made = await demo.s.db
      .select({ id: payins.id })
      .from(payins)
      .where(inArray(payins.status, [...PROGRESS]));
    expect(made.length).toBeGreaterThanOrEqual(PROGRESS.length * DEMO_OPEN_PER_STATUS);
    for (const { id } of made) {
      const [{ n }] = await demo.s.db
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'payins'), eq(auditEvents.entityId, id)));
      expect(n, id).toBeGreaterThanOrEqual(1);
    }
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });
});
