import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { payoutKit } from '../support/payouts';
import { bankIdOf, utrOf } from '../support/deposits';

/**
 * Issue 31, item 2: the checker's queue. A checker reads who asked, when, the paying bank, the UTR,
 * the amount and the beneficiary; approves pay-outs with the maker's entries without retyping them,
 * one or many; or turns requests down with a remark, all or none. The maker never sees its own
 * request as waiting for it.
 */
const demo = demoServerPerFile({
  merchantApiRateLimitPerMinute: 100_000,
  payPageRateLimitPerMinute: 100_000,
  payoutCheckerThresholdRupees: 1_000,
});
const { fund, newPayout, act, show } = payoutKit(demo);

const queue = async (token: string, query = '') => demo.s.call('GET', `/v1/checker-requests${query}`, { token });
const approve = (token: string, ids: string[]) =>
  demo.s.call('POST', '/v1/checker-requests/approve', {
    token,
    body: { items: ids.map((entityId) => ({ entity: 'payouts', entityId })) },
  });
const decline = (token: string, ids: string[], remark: string) =>
  demo.s.call('POST', '/v1/checker-requests/decline', {
    token,
    body: { items: ids.map((entityId) => ({ entity: 'payouts', entityId })), remark },
  });

/** A pay-out above the threshold whose approval operations asked for (202): it waits for a checker. */
const utrs = new Map<string, string>();
const asked = async (key: string, amount: number, utrSeed: number) => {
  const id = await newPayout(key, amount);
  const paying = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
  const utr = utrOf(utrSeed);
  const made = await act(demo.t.operations, id, 'approve', { method: 'manual', utr, bankAccountId: paying });
  expect(made.status).toBe(202);
  utrs.set(id, utr);
  return id;
};

describe("the checker's queue", () => {
  it('shows the maker, the time, the paying bank, the UTR, the amount and the beneficiary to another person', async () => {
    const key = await fund('CRISP', 20_000);
    const id = await asked(key, 1_500, 301);
    const listed = await queue(demo.t.transactions, `?entity=payouts&entityId=${id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: `payouts/${id}`,
        action: 'payout.approve',
        maker: 'operations',
        makerRole: 'OPERATIONS',
        mine: false,
        askedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        entries: expect.objectContaining({ method: 'manual', utr: utrs.get(id), payingBank: 'BETA-KOTAK-PAYOUT' }),
        record: expect.objectContaining({
          amount: 1_500,
          status: 'INITIATED',
          beneficiary: expect.objectContaining({ accountHolder: expect.any(String), ifsc: expect.any(String) }),
        }),
      }),
    ]);
    // The maker's own queue does not hold it; its "mine" view does, marked as its own.
    expect((await queue(demo.t.operations, `?entityId=${id}`)).body.data).toEqual([]);
    expect((await queue(demo.t.operations, `?scope=mine&entityId=${id}`)).body.data).toEqual([
      expect.objectContaining({ id: `payouts/${id}`, mine: true }),
    ]);
    // The pay-out list tells the dashboard who the maker is and what waits.
    expect(await show(id)).toMatchObject({ awaitingChecker: 'operations', awaitingAction: 'approve' });
    expect((await show(id)).awaitingCheckerId).toMatch(/^[0-9a-f-]{36}$/);
    // Merchants and vendors have no queue.
    expect((await queue(demo.t.merchant)).status).toBe(403);
    expect((await queue(demo.t.vendor)).status).toBe(403);
  });

  it("approves many with the makers' entries: each SUCCESS once, the maker's own refused", async () => {
    const key = await fund('CRISP', 20_000);
    const ids = [await asked(key, 1_200, 302), await asked(key, 1_300, 303)];
    const own = await approve(demo.t.operations, ids);
    expect(own.status).toBe(200);
    expect(own.body.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([false, false]);
    expect(own.body.data.results[0].error).toMatch(/another person/);
    const checked = await approve(demo.t.transactions, ids);
    expect(checked.body.data.results).toEqual(
      ids.map((id) => ({ id, ok: true, status: 'SUCCESS', awaitingChecker: null })),
    );
    for (const id of ids) expect(await show(id)).toMatchObject({ status: 'SUCCESS', utr: utrs.get(id) });
    // Done once: a second press finds nothing waiting.
    const again = await approve(demo.t.admin, ids);
    expect(again.body.data.results.map((r: { error?: string }) => r.error)).toEqual([
      'Nothing waits for a checker on this pay-out now.',
      'Nothing waits for a checker on this pay-out now.',
    ]);
    expect((await approve(demo.t.transactions, [])).status).toBe(400);
  });

  it('declines with a remark: the requests end, the pay-outs unchanged, the remark audited; all or none', async () => {
    const key = await fund('CRISP', 20_000);
    const ids = [await asked(key, 1_100, 304), await asked(key, 1_150, 305)];
    expect((await decline(demo.t.transactions, ids, ' ')).status).toBe(400);
    // One of them not waiting: nothing is declined.
    const fresh = await newPayout(key, 1_120);
    const mixed = await decline(demo.t.transactions, [...ids, fresh], 'UTR not on the statement');
    expect(mixed.status).toBe(409);
    // Said in words, no UUID (issue 31, item 7).
    expect(mixed.body.error.message).toBe(
      'One of these requests no longer waits for a checker: refresh the list and choose again. Nothing was declined.',
    );
    expect(
      (await queue(demo.t.transactions, '?entity=payouts')).body.data.map((r: { entityId: string }) => r.entityId),
    ).toEqual(expect.arrayContaining(ids));
    const done = await decline(demo.t.transactions, ids, 'UTR not on the statement');
    expect(done.status).toBe(200);
    expect(done.body.data.declined).toEqual(ids.map((id) => `payouts/${id}`));
    for (const id of ids) expect(await show(id)).toMatchObject({ status: 'INITIATED', awaitingChecker: null });
    const audited = await demo.s.db.execute<{ actor_name: string; remark: string }>(
      sql`SELECT actor_name, after->>'remark' AS remark FROM audit_events
          WHERE action = 'decline-approval' AND entity_id = ${ids[0]}`,
    );
    expect(audited.rows).toEqual([{ actor_name: 'transactions', remark: 'UTR not on the statement' }]);
    // The maker may ask again.
    const paying = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
    const body = { method: 'manual', utr: utrOf(306), bankAccountId: paying };
    expect((await act(demo.t.operations, ids[0], 'approve', body)).status).toBe(202);
  });
});
