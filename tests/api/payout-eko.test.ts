import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ekoClient } from '../../server/services/payouts/eko-client';
import { startEkoStandIn } from '../support/eko-stand-in';
import { EKO_TIMEOUT_MS, ekoServerPerFile } from '../support/eko-server';
import { ledgerHolds, payoutProblems } from '../support/deposits';
import { payoutKit } from '../support/payouts';

/**
 * Issue 11, item 5: pay-outs through Eko, against a local stand-in that checks every request as
 * Eko documents it. A time-out is not a failure; Eko's callback is believed only through an inquiry.
 */
const { demo, ekoConfig, inquireAll } = ekoServerPerFile();
const { fund, newPayout, act, balanceOf, show } = payoutKit(demo);
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await demo.s.db.execute<T>(query)).rows;

describe('pay-outs through Eko', () => {
  it('a paid transfer: signed request as Eko documents it, SUCCESS with the bank reference, the hold posted against the Eko wallet', async () => {
    const key = await fund('CRISP', 20_000);
    const id = await newPayout(key, 1_500);
    const before = await balanceOf(key);
    const sent = demo.eko.transfers.length;
    const res = await act(demo.t.operations, id, 'approve', { method: 'eko' });
    expect(res.status).toBe(200);
    const [request] = demo.eko.transfers.slice(sent);
    expect(request).toMatchObject({
      service_code: '45',
      payment_mode: '5',
      amount: '1500',
      account: '001234567890',
      ifsc: 'HDFC0001234',
      recipient_name: 'Asha Rao',
      initiator_id: demo.eko.credentials.initiatorId,
    });
    expect(request.client_ref_id.length).toBeLessThan(20);
    const t = demo.eko.transactions.get(request.client_ref_id)!;
    expect(res.body.data).toMatchObject({ id, status: 'SUCCESS', utr: t.bankRefNum });
    expect(await balanceOf(key)).toEqual({
      balance: before.balance - 1_522.5,
      held: before.held - 1_522.5,
      available: before.available,
    });
    const detail = await show(id);
    expect(detail.method).toBe('eko');
    expect(detail.awaitingProvider).toBeNull();
    expect(detail.journal.map((l: { account: string; amount: number }) => [l.account.split(':')[0], l.amount])).toEqual(
      expect.arrayContaining([['provider', -1_500]]),
    );
    expect(detail.providerCalls).toMatchObject([{ kind: 'transfer', outcome: 'success', tid: t.tid, txStatus: 0 }]);
    expect(detail.timeline.map((e: { action: string }) => e.action)).toEqual(['create', 'send-to-provider', 'approve']);
    expect(demo.eko.violations).toEqual([]);
  });

  it('Eko refuses a request whose secret-key is wrong: nothing is sent and the pay-out waits as before', async () => {
    const key = await fund('CRISP', 5_000);
    const id = await newPayout(key, 700);
    const wrong = await startEkoStandIn({ ...demo.eko.credentials, accessKey: 'another-access-key' });
    try {
      const client = ekoClient({ ...ekoConfig(), apiBase: wrong.url });
      const reply = await client.transfer({
        clientRefId: 'PGTEST1',
        recipientName: 'A',
        account: '1',
        ifsc: 'X',
        rupees: 1,
      });
      expect(reply).toMatchObject({ outcome: 'refused', httpStatus: 403 });
      expect(wrong.violations).toEqual(['secret-key does not match']);
      expect(wrong.transfers).toEqual([]);
    } finally {
      await wrong.close();
    }
    demo.eko.behaviour = 'busy';
    const busy = await act(demo.t.operations, id, 'approve', { method: 'eko' });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('EKO_BUSY');
    const after = await show(id);
    expect(after).toMatchObject({ status: 'INITIATED', method: null, awaitingProvider: null });
    expect(after.providerCalls).toMatchObject([{ kind: 'transfer', outcome: 'busy' }]);
  });

  it('a failed transfer: REJECTED with Eko’s message, the hold released; a declined one only once the inquiry finds nothing', async () => {
    const key = await fund('CRISP', 5_000);
    const before = await balanceOf(key);
    demo.eko.behaviour = 'fail';
    const failed = await newPayout(key, 900);
    const res = await act(demo.t.operations, failed, 'approve', { method: 'eko' });
    expect(res.body.data).toMatchObject({ status: 'REJECTED', reason: 'Eko: Failed' });
    demo.eko.behaviour = 'decline';
    const declined = await newPayout(key, 800);
    const inquiries = demo.eko.inquiries.length;
    const res2 = await act(demo.t.operations, declined, 'approve', { method: 'eko' });
    expect(res2.body.data).toMatchObject({ status: 'REJECTED', reason: 'Eko: Insufficient balance in wallet' });
    expect(demo.eko.inquiries.length).toBe(inquiries + 1);
    expect(await balanceOf(key)).toEqual(before);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('a time-out is not a failure: the pay-out waits (202), nothing else may move it, and the inquiry settles it', async () => {
    const key = await fund('CRISP', 5_000);
    const id = await newPayout(key, 1_000);
    demo.eko.behaviour = 'slow';
    const res = await act(demo.t.operations, id, 'approve', { method: 'eko' });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'INITIATED', awaitingProvider: 'eko' });
    for (const [action, body] of [
      ['approve', { method: 'eko' }],
      ['reject', { reason: 'Other', text: 'x' }],
      ['drop', undefined],
    ] as const) {
      const refused = await act(demo.t.admin, id, action, body);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('PROVIDER_WAITING');
    }
    await new Promise((r) => setTimeout(r, demo.eko.slowMs - EKO_TIMEOUT_MS + 100));
    // The worker waits for a SENDING request's own time-out to pass; this one is AWAITED already.
    expect(await inquireAll()).toBeGreaterThanOrEqual(1);
    const detail = await show(id);
    expect(detail).toMatchObject({ status: 'SUCCESS', awaitingProvider: null });
    expect(detail.providerCalls.map((c: { kind: string; outcome: string }) => `${c.kind}:${c.outcome}`)).toEqual([
      'transfer:timeout',
      'inquiry:success',
    ]);
    expect(demo.eko.transfers.filter((t) => t.client_ref_id === detail.providerCalls[0].clientRefId)).toHaveLength(1);
  });

  it("Eko's callback is not believed: a forged success changes nothing; a real answer is applied once the inquiry says so", async () => {
    const key = await fund('CRISP', 5_000);
    const before = await balanceOf(key);
    demo.eko.behaviour = 'awaited';
    const id = await newPayout(key, 600);
    expect((await act(demo.t.operations, id, 'approve', { method: 'eko' })).status).toBe(202);
    const ref = (await show(id)).providerCalls[0].clientRefId as string;
    const forged = { tx_status: 0, client_ref_id: ref, bank_ref_num: '999999999999', amount: 600 };
    const told = await demo.s.call('POST', '/v1/webhooks/eko', { body: forged });
    expect(told.status).toBe(200);
    expect(await show(id)).toMatchObject({ status: 'INITIATED', awaitingProvider: 'eko', utr: null });
    demo.eko.settle(ref, 1);
    await demo.s.call('POST', '/v1/webhooks/eko', { body: forged });
    const detail = await show(id);
    expect(detail).toMatchObject({ status: 'REJECTED', utr: null });
    expect(detail.providerCalls.map((c: { kind: string; outcome: string }) => `${c.kind}:${c.outcome}`)).toEqual([
      'transfer:awaited',
      'callback:awaited',
      'inquiry:awaited',
      'callback:awaited',
      'inquiry:failed',
    ]);
    expect(await balanceOf(key)).toEqual(before);
    const unknown = await demo.s.call('POST', '/v1/webhooks/eko', {
      body: { client_ref_id: 'PGNOSUCH', tx_status: 0 },
    });
    expect(unknown).toMatchObject({ status: 200, body: { received: true } });
  });

  it('100 racing Eko approvals send one transfer and leave one SUCCESS and one journal', async () => {
    const key = await fund('CRISP', 5_000);
    const id = await newPayout(key, 500);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        act(i % 2 ? demo.t.admin : demo.t.operations, id, 'approve', { method: 'eko' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    const ref = (await show(id)).providerCalls[0].clientRefId;
    expect(demo.eko.transfers.filter((t) => t.client_ref_id === ref)).toHaveLength(1);
    expect(await rows(sql`SELECT id FROM ledger_journals WHERE entity = 'payouts' AND entity_id = ${id}`)).toHaveLength(
      1,
    );
    expect(await payoutProblems(demo.s)).toEqual([]);
  });
});
