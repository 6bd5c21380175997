import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutProblems } from '../support/deposits';
import { ekoServerPerFile } from '../support/eko-server';
import { payoutKit } from '../support/payouts';

/** Issue 11, items 5 and 6: who may send through Eko, its maker-checker, Batch Withdrawal, and recovery by inquiry. */
const { demo, inquireAll } = ekoServerPerFile();
const { fund, newPayout, act, balanceOf, show } = payoutKit(demo);

describe('Eko for staff: who may, maker-checker, Batch Withdrawal, and a send cut short', () => {
  it('says Eko is there to ADMIN and OPERATIONS only; a vendor may not send through it', async () => {
    const providers = async (token: string) =>
      (await demo.s.call('GET', '/v1/payouts/providers', { token })).body.data.eko;
    expect(await providers(demo.t.operations)).toEqual({ available: true, why: null });
    expect(await providers(demo.t.vendor)).toMatchObject({ available: false, why: expect.stringContaining('ADMIN') });
    const key = await fund('CRISP', 3_000);
    const id = await newPayout(key, 600);
    await demo.s.call('POST', '/v1/payouts/assign', {
      token: demo.t.operations,
      body: { ids: [id], vendorCode: 'VEN-ALPHA' },
    });
    const sent = demo.eko.transfers.length;
    const refused = await act(demo.t.vendor, id, 'approve', { method: 'eko' });
    expect(refused.status).toBe(403);
    expect(demo.eko.transfers.length).toBe(sent);
  });

  it('above the checker threshold the maker asks for Eko (202, nothing sent) and a second staff user sends it', async () => {
    const key = await fund('CRISP', 12_000);
    const id = await newPayout(key, 6_000);
    const sent = demo.eko.transfers.length;
    const asked = await act(demo.t.operations, id, 'approve', { method: 'eko' });
    expect(asked.status).toBe(202);
    expect(asked.body.data.awaitingChecker).toBeTruthy();
    expect(demo.eko.transfers.length).toBe(sent);
    const same = await act(demo.t.operations, id, 'approve', { method: 'eko' });
    expect(same.body.error.code).toBe('SAME_PERSON');
    const byHand = await act(demo.t.admin, id, 'approve', {
      method: 'manual',
      utr: '512345678901',
      bankAccountId: '00000000-0000-4000-8000-000000000000',
    });
    expect(byHand.status).toBe(400);
    const checked = await act(demo.t.admin, id, 'approve', { method: 'eko' });
    expect(checked.status).toBe(200);
    expect(checked.body.data.status).toBe('SUCCESS');
    expect(demo.eko.transfers.length).toBe(sent + 1);
  });

  it('Batch Withdrawal sends each selected pay-out and answers for each: paid, or why not', async () => {
    const key = await fund('CRISP', 6_000);
    const paid = await newPayout(key, 1_000);
    const upi = await newPayout(key, 700, { upiId: 'asha@okhdfc' });
    const paise = await newPayout(key, 650.5);
    const res = await demo.s.call('POST', '/v1/payouts/batch-withdrawal', {
      token: demo.t.operations,
      body: { ids: [paid, upi, paise] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toMatchObject([
      { id: paid, ok: true, status: 'SUCCESS', error: null },
      { id: upi, ok: false, status: null, error: 'Eko pays bank accounts only: approve this UPI pay-out by hand.' },
      { id: paise, ok: false, status: null, error: 'Eko pays whole rupees only: approve this pay-out by hand.' },
    ]);
    expect((await show(upi)).status).toBe('INITIATED');
    const vendor = await demo.s.call('POST', '/v1/payouts/batch-withdrawal', {
      token: demo.t.vendor,
      body: { ids: [upi] },
    });
    expect(vendor.status).toBe(403);
  });

  it('a send the server never finished (SENDING past its time-out) is settled by the inquiry; one Eko never got is rejected', async () => {
    const key = await fund('CRISP', 4_000);
    const before = await balanceOf(key);
    const made = await newPayout(key, 800);
    const lost = await newPayout(key, 900);
    // As if the server stopped after marking them and before (or just after) the request went out.
    for (const [id, ref] of [
      [made, 'PGCUTSHORTMADE01'],
      [lost, 'PGCUTSHORTLOST01'],
    ])
      await demo.s.db.execute(sql`UPDATE payouts SET method = 'eko', provider_ref = ${ref}, provider_state = 'SENDING',
        provider_sent_at = now() - interval '1 minute' WHERE id = ${id}`);
    demo.eko.transactions.set('PGCUTSHORTMADE01', {
      clientRefId: 'PGCUTSHORTMADE01',
      tid: '777',
      txStatus: 0,
      amount: '800',
      account: '001234567890',
      ifsc: 'HDFC0001234',
      recipientName: 'Asha Rao',
      bankRefNum: '512300000777',
    });
    expect(await inquireAll()).toBeGreaterThanOrEqual(2);
    expect(await show(made)).toMatchObject({ status: 'SUCCESS', utr: '512300000777' });
    expect(await show(lost)).toMatchObject({ status: 'REJECTED', reason: 'Eko: no record of this transfer' });
    expect((await balanceOf(key)).balance).toBe(before.balance - 812);
    expect(await payoutProblems(demo.s)).toEqual([]);
  });
});
