import { sql } from 'drizzle-orm';
import { inject, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/database';
import type { Db } from '../../server/db';
import { ekoClient } from '../../server/services/payouts/eko-client';
import { startEkoWorker } from '../../server/services/payouts/eko-worker';
import { EKO_TIMEOUT_MS, ekoServerPerFile } from '../support/eko-server';
import { payoutKit } from '../support/payouts';
import { until } from '../support/until';

/**
 * Issue 32, item 3: Eko's inquiries about a waiting pay-out are claimed, so that every server can
 * run the worker and each pay-out is still asked about once a round, and again only after a
 * quarter of its age.
 */
const { demo, ekoConfig, inquireAll } = ekoServerPerFile();
const { fund, newPayout, act } = payoutKit(demo);

/** Pay-outs Eko took and has not settled (tx_status 2), sent an hour ago: their client_ref_ids. */
const waitingHourOld = async (count: number) => {
  const key = await fund('CRISP', 1_000 * count);
  demo.eko.behaviour = 'awaited';
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await newPayout(key, 500);
    expect((await act(demo.t.operations, id, 'approve', { method: 'eko' })).status).toBe(202);
    ids.push(id);
  }
  const { rows } = await demo.s.db.execute<{ ref: string }>(sql`
    UPDATE payouts SET provider_sent_at = now() - interval '1 hour'
    WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) RETURNING provider_ref AS ref`);
  return rows.map((r) => r.ref);
};

/** As if a quarter of their age had passed since they were last asked about. */
const makeDue = (refs: string[]) =>
  demo.s.db.execute(sql`UPDATE payouts SET provider_locked_until = now() - interval '1 second'
    WHERE provider_ref IN (${sql.join(
      refs.map((r) => sql`${r}`),
      sql`, `,
    )})`);

const askedAbout = (refs: string[]) => refs.map((ref) => demo.eko.inquiries.filter((r) => r === ref).length);

const workerOn = (db: Db) =>
  startEkoWorker({
    db,
    deps: { client: ekoClient(ekoConfig()), notFoundGraceSeconds: 1 },
    log: { warn: () => undefined },
    intervalMs: 3_600_000,
    timeoutMs: EKO_TIMEOUT_MS,
  });

describe("Eko's inquiry worker", () => {
  it('asks about a pay-out waiting an hour once, then not again for a quarter of an hour', async () => {
    const [ref] = await waitingHourOld(1);
    await inquireAll();
    await inquireAll();
    await inquireAll();
    expect(askedAbout([ref])).toEqual([1]);
    const { rows } = await demo.s.db.execute<{ minutes: number }>(
      sql`SELECT extract(epoch FROM provider_locked_until - now()) / 60 AS minutes FROM payouts WHERE provider_ref = ${ref}`,
    );
    expect(Number(rows[0].minutes)).toBeGreaterThan(14);
    expect(Number(rows[0].minutes)).toBeLessThanOrEqual(15.5);
    await makeDue([ref]);
    await inquireAll();
    expect(askedAbout([ref])).toEqual([2]);
  });

  it('leaves a transfer still within its time-out to the request under way', async () => {
    const [ref] = await waitingHourOld(1);
    await demo.s.db.execute(
      sql`UPDATE payouts SET provider_state = 'SENDING', provider_sent_at = now() WHERE provider_ref = ${ref}`,
    );
    await inquireAll();
    expect(askedAbout([ref])).toEqual([0]);
    await demo.s.db.execute(
      sql`UPDATE payouts SET provider_sent_at = now() - interval '1 hour' WHERE provider_ref = ${ref}`,
    );
    await inquireAll();
    expect(askedAbout([ref])).toEqual([1]);
  });

  it('two servers on one database ask about each waiting pay-out once a round between them', async () => {
    const refs = await waitingHourOld(6);
    const { rows } = await demo.s.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
    const url = new URL(inject('testDatabaseUrl'));
    url.pathname = `/${rows[0].name}`;
    const other = await openDatabase(url.toString(), 3);
    const workers = [workerOn(demo.s.db), workerOn(other.db)];
    // Each answer waits until another inquiry is out too: both servers are asking at once.
    let waiting: Array<() => void> = [];
    demo.eko.beforeInquiryAnswer = () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length < 2) return;
        waiting.forEach((go) => go());
        waiting = [];
      });
    try {
      for (const round of [1, 2]) {
        const asked = await Promise.all(workers.map((w) => w.runOnce()));
        expect(asked[0] + asked[1]).toBe(refs.length);
        expect(askedAbout(refs)).toEqual(refs.map(() => round));
        await makeDue(refs);
      }
    } finally {
      demo.eko.beforeInquiryAnswer = undefined;
      waiting.forEach((go) => go());
      for (const w of workers) await w.stop();
      await other.close();
    }
  });
  it('stops after the inquiry under way, giving its claim up for the back-off, and claims no more', async () => {
    const [first, second] = await waitingHourOld(2);
    const worker = workerOn(demo.s.db);
    let answer = () => undefined as void;
    demo.eko.beforeInquiryAnswer = () => new Promise<void>((resolve) => (answer = resolve));
    try {
      const round = worker.runOnce();
      await until('the inquiry', async () => askedAbout([first]).includes(1));
      const stopped = worker.stop();
      answer();
      await Promise.all([round, stopped]);
    } finally {
      demo.eko.beforeInquiryAnswer = undefined;
      answer();
    }
    expect(askedAbout([first, second])).toEqual([1, 0]);
    const { rows } = await demo.s.db.execute<{ ref: string; minutes: number | null }>(
      sql`SELECT provider_ref AS ref, extract(epoch FROM provider_locked_until - now()) / 60 AS minutes
          FROM payouts WHERE provider_ref IN (${first}, ${second}) ORDER BY provider_ref = ${first} DESC`,
    );
    expect(Number(rows[0].minutes)).toBeGreaterThan(14);
    expect(rows[1].minutes).toBeNull();
  });
});
