import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ekoServerPerFile } from '../support/eko-server';
import { payoutKit } from '../support/payouts';

/**
 * Eko's callback URL is public and may name a pay-out by its tid alone. It is found through an
 * index: an unauthenticated caller must not make the server read every pay-out.
 */
const { demo } = ekoServerPerFile();
const { fund, newPayout, act, show } = payoutKit(demo);

describe("Eko's callback by tid", () => {
  it('prompts the inquiry that settles the pay-out it names', async () => {
    const key = await fund('CRISP', 5_000);
    demo.eko.behaviour = 'awaited';
    const id = await newPayout(key, 700);
    expect((await act(demo.t.operations, id, 'approve', { method: 'eko' })).status).toBe(202);
    const ref = (await show(id)).providerCalls[0].clientRefId as string;
    const tid = demo.eko.transactions.get(ref)!.tid;
    demo.eko.settle(ref, 0);
    const told = await demo.s.call('POST', '/v1/webhooks/eko', { body: { tid, tx_status: 0 } });
    expect(told).toMatchObject({ status: 200, body: { received: true } });
    expect(await show(id)).toMatchObject({ status: 'SUCCESS', awaitingProvider: null });
  });

  it('looks the tid up through its index, not by reading every pay-out', async () => {
    const plan = await demo.s.db.transaction(async (tx) => {
      // Forbidden, a sequential scan still runs where no index serves: the plan names what was used.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT * FROM payouts WHERE provider_tid = ${'12971455'}`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('payouts_provider_tid_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
