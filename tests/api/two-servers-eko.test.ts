import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db';
import { payouts } from '../../server/db/schema';
import { createPayout, fund, utrFor } from '../support/fault-flows';
import { freshDatabase, keyOf, openSeeded, productOn, signIn } from '../support/faults';
import { startEkoStandIn, type EkoStandIn } from '../support/eko-stand-in';
import { until } from '../support/until';

/**
 * Issue 32, item 3, across processes: two servers on one database, each running the Eko inquiry
 * worker every 200 ms. A pay-out waiting on Eko is claimed by one of them a round: asked about once
 * between them, then not again before a quarter of its age has passed.
 */
const METRICS_TOKEN = 'two-servers-eko-metrics-token';
const PAYOUTS = 4;
let drop: () => Promise<void>;
let seeded: Database;
let eko: EkoStandIn;
const servers: Array<ReturnType<typeof productOn>> = [];

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  seeded = await openSeeded(fresh.url);
  eko = await startEkoStandIn();
  const env = {
    EKO_API_BASE: eko.url,
    EKO_DEVELOPER_KEY: eko.credentials.developerKey,
    EKO_ACCESS_KEY: eko.credentials.accessKey,
    EKO_INITIATOR_ID: eko.credentials.initiatorId,
    EKO_INQUIRY_INTERVAL_MS: '200',
    METRICS_TOKEN,
  };
  servers.push(productOn(fresh.url, env), productOn(fresh.url, env));
  await Promise.all(servers.map((s) => s.start()));
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await eko?.close();
  await seeded?.close();
  await drop?.();
});

/** Turns of the Eko worker a server has run, from its own /metrics. */
const ekoTurns = async (server: (typeof servers)[number]) => {
  const res = await fetch(`${server.url()}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = /^job_runs_total\{job="eko"\} (\d+)$/m.exec(await res.text());
  return Number(line?.[1] ?? 0);
};

describe('two servers running the Eko worker', () => {
  it('ask Eko about each waiting pay-out once between them, not once each a round', async () => {
    const [a, b] = servers;
    const operations = await signIn(a.call, 'operations');
    const key = await keyOf(seeded.db, 'CRISP');
    await fund(a.call, seeded.db, key, operations, 1_000 * PAYOUTS, utrFor());
    eko.behaviour = 'awaited';
    const ids: string[] = [];
    for (let i = 0; i < PAYOUTS; i += 1) {
      const id = await createPayout(a.call, key, 500);
      const approved = await (i % 2 ? b : a).call('POST', `/v1/payouts/${id}/approve`, {
        token: operations,
        body: { method: 'eko' },
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(202);
      ids.push(id);
    }
    await until('every pay-out waiting on Eko', async () => {
      const rows = await seeded.db
        .select({ state: payouts.providerState })
        .from(payouts)
        .where(inArray(payouts.id, ids));
      return rows.every((r) => r.state === 'AWAITED');
    });
    // Fresh pay-outs are asked about every round. Sent an hour ago instead, the next ask after this
    // one is a quarter of an hour away (leases are left alone: a server may be asking right now).
    const sentAnHourAgo = await seeded.db.execute<{ ref: string }>(sql`
      UPDATE payouts SET provider_sent_at = now() - interval '1 hour'
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) RETURNING provider_ref AS ref`);
    const refs = sentAnHourAgo.rows.map((r) => r.ref);
    const count = () => new Map(refs.map((ref) => [ref, eko.inquiries.filter((r) => r === ref).length]));
    const since = (from: Map<string, number>) => {
      const now = count();
      return refs.map((ref) => now.get(ref)! - from.get(ref)!);
    };
    // Slow answers: an ask still under way when the other server's turn comes round.
    eko.beforeInquiryAnswer = () => new Promise((resolve) => setTimeout(resolve, 300));
    const atUpdate = count();
    await until('every pay-out put off by a quarter of an hour', async () => {
      const { rows } = await seeded.db.execute<{ later: boolean }>(sql`
        SELECT provider_locked_until > now() + interval '10 minutes' AS later FROM payouts
        WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
      return rows.every((r) => r.later);
    });
    // Asked once at most since: two servers asking about one pay-out in a round would show twice.
    expect(since(atUpdate).every((n) => n <= 1)).toBe(true);
    // Then three more turns of each server's worker, in which any further ask would show.
    const settled = count();
    const turns = await Promise.all(servers.map(ekoTurns));
    expect(turns.every((n) => n > 0)).toBe(true);
    await until('three more turns of both workers', async () =>
      (await Promise.all(servers.map(ekoTurns))).every((n, i) => n >= turns[i] + 3),
    );
    expect(since(settled)).toEqual(refs.map(() => 0));
    expect(eko.violations).toEqual([]);
  });
});
