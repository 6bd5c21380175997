import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankEntries, payins, users } from '../../server/db/schema';
import { approveSettlementAs, confirm } from '../support/roles';
import { demoServerPerFile } from '../support/server';
import { assignedBank, assignedPayin, createPayin, merchantKey, orderId, utrOf } from '../support/deposits';
import { payoutKit } from '../support/payouts';

/**
 * Issue 29, items 1–3: one bank credit pays once, confirmed amounts are bounded by the bank's word,
 * and money created on a person's word takes a second, independent person. Each case is a
 * reproduction the payments review made on the product before these controls.
 */
const demo = demoServerPerFile({
  merchantApiRateLimitPerMinute: 100_000,
  payPageRateLimitPerMinute: 100_000,
  payoutCheckerThresholdRupees: 5_000,
});
const { fund, newPayout, act, balanceOf } = payoutKit(demo);

const addEntry = (body: Record<string, unknown>, token = demo.t.operations) =>
  demo.s.call('POST', '/v1/bank-entries', { token, body });
const submitUtr = (id: string, utr: string) => demo.s.call('POST', `/v1/pay/${id}/utr`, { body: { utr } });
const rowOf = async (id: string) => (await demo.s.db.select().from(payins).where(eq(payins.id, id)))[0];
const entryOf = async (utr: string) => (await demo.s.db.select().from(bankEntries).where(eq(bankEntries.utr, utr)))[0];
const confirmPayin = async (token: string, id: string, body: Record<string, unknown>, password?: string) =>
  demo.s.call('POST', `/v1/payins/${id}/confirm`, {
    token,
    body,
    headers: await confirm(demo.s, token, 'payin.confirm', password),
  });
/** A staff confirmation without a bank entry: the maker's call, then (when one is awaited) another person's. */
const confirmedByTwo = async (id: string, body: Record<string, unknown>) => {
  const first = await confirmPayin(demo.t.operations, id, body);
  if (first.status !== 202) return first;
  return confirmPayin(demo.t.admin, id, body);
};
const pendingPayin = async (code: string, rupees: number, utr: string) => {
  const key = await merchantKey(demo.s, code);
  const p = await assignedPayin(demo.s, key, rupees);
  expect((await submitUtr(p.id, utr)).body.data.status).toBe('PENDING');
  return p;
};
/** A user created by `maker` (its token), signed in with its own password. */
const userMadeBy = async (maker: string, role: string) => {
  const userName = `made-${orderId('u')}`;
  const made = await demo.s.call('POST', '/v1/users', {
    token: maker,
    body: { fullName: 'Made User', userName, password: 'Welcome-12345', role },
  });
  expect(made.status).toBe(201);
  const first = await demo.s.login(userName, 'Welcome-12345');
  const changed = await demo.s.call('POST', '/v1/change-password', {
    token: first,
    body: { currentPassword: 'Welcome-12345', newPassword: 'Another-12345' },
  });
  expect(changed.status).toBe(200);
  return { id: made.body.data.id as string, token: await demo.s.login(userName, 'Another-12345') };
};

describe('one bank credit, one use', () => {
  it('a staff confirmation uses the UTR: a second pay-in on it is a DUPLICATE, and the late credit pays once', async () => {
    const utr = utrOf(11);
    const key = await merchantKey(demo.s, 'BOLT');
    const before = await balanceOf(key);
    const first = await pendingPayin('BOLT', 500, utr);
    const done = await confirmedByTwo(first.id, { confirmedAmount: 500, reason: 'Customer sent the bank statement' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'SUCCESS', utr });
    const second = await assignedPayin(demo.s, key, 500);
    const submitted = await submitUtr(second.id, utr);
    expect(submitted.body.data.status).toBe('DUPLICATE');
    const bankAccountId = await assignedBank(demo.s, first.id);
    const credit = await addEntry({ bankAccountId, utr, amount: 500 });
    expect(credit.status).toBe(201);
    const entry = await entryOf(utr);
    expect(entry.payinId).toBe(first.id);
    expect(entry.usedAt).not.toBeNull();
    expect((await rowOf(first.id)).bankEntryId).toBe(entry.id);
    expect((await rowOf(second.id)).status).not.toBe('SUCCESS');
    const after = await balanceOf(key);
    // One ₹500 credit: BOLT's balance rose once, by ₹500 less its 2.5 % fee.
    expect(Math.round((after.balance - before.balance) * 100)).toBe(500_00 - 12_50);
  });

  it('a late credit smaller than a checked confirmation is linked and listed by the reconciliation', async () => {
    const utr = utrOf(12);
    const first = await pendingPayin('BOLT', 999.99, utr);
    const done = await confirmedByTwo(first.id, {
      confirmedAmount: 999.99,
      reason: 'Customer sent the bank statement',
    });
    expect(done.status).toBe(200);
    const bankAccountId = await assignedBank(demo.s, first.id);
    expect((await addEntry({ bankAccountId, utr, amount: 151.5 })).status).toBe(201);
    const entry = await entryOf(utr);
    expect((await rowOf(first.id)).bankEntryId).toBe(entry.id);
    // The checker approved before the bank showed ₹151.50: their word does not cover the difference.
    const res = await demo.s.call('GET', '/v1/reconciliation', { token: demo.t.admin });
    expect(res.status).toBe(200);
    const found = res.body.data.bank.differences.filter(
      (d: { kind: string; records: { id: string }[] }) =>
        d.kind === 'entry-amount' && d.records.some((r) => r.id === first.id),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ amount: 999.99, bankAmount: 151.5, difference: 848.49 });
    expect(res.body.data.clean).toBe(false);
  });

  it('one UTR proves one pay-out: a second pay-out and a settlement on it are 409 UTR_USED, naming the first', async () => {
    const key = await fund('BOLT', 20_000);
    const bankAccountId = (
      await demo.s.db.execute<{ id: string }>(
        sql`SELECT id FROM bank_accounts WHERE used_for = 'PAYOUT' AND enabled ORDER BY nickname LIMIT 1`,
      )
    ).rows[0].id;
    const utr = utrOf(12);
    const [a, b, c] = [await newPayout(key, 1000), await newPayout(key, 1000), await newPayout(key, 1000)];
    const approve = (id: string) => act(demo.t.operations, id, 'approve', { method: 'manual', utr, bankAccountId });
    expect((await approve(a)).status).toBe(200);
    for (const id of [b, c]) {
      const again = await approve(id);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('UTR_USED');
      expect(again.body.error.message).toMatch(new RegExp(`UTR ${utr} was already used by pay-out BOLT wd-`));
    }
    const settlement = await demo.s.call('POST', '/v1/settlements', {
      token: demo.t.admin,
      body: {
        merchantCode: 'BOLT',
        amount: 100,
        method: 'BANK',
        accountHolder: 'Bolt Traders',
        accountNumber: '001234567890',
        ifsc: 'HDFC0001234',
      },
    });
    const settled = await approveSettlementAs(demo.s, demo.t.transactions, 'settlements', settlement.body.data.id, {
      reference: utr,
    });
    expect(settled.status).toBe(409);
    expect(settled.body.error.code).toBe('UTR_USED');
    const states = await demo.s.db.execute<{ status: string }>(
      sql`SELECT status FROM payouts WHERE id IN (${a}, ${b}, ${c}) ORDER BY status`,
    );
    expect(states.rows.map((r) => r.status)).toEqual(['INITIATED', 'INITIATED', 'SUCCESS']);
    // A customer's pay-in on a pay-out's UTR is a DUPLICATE, not a PENDING waiting to take the credit.
    const p = await assignedPayin(demo.s, key, 500);
    expect((await submitUtr(p.id, utr)).body.data.status).toBe('DUPLICATE');
  });

  it('100 concurrent uses of one UTR across pay-ins, pay-outs and settlements leave exactly one', async () => {
    const key = await fund('CRISP', 90_000);
    const crispKey = key;
    const bankAccountId = (
      await demo.s.db.execute<{ id: string }>(
        sql`SELECT id FROM bank_accounts WHERE used_for = 'PAYOUT' AND enabled ORDER BY nickname LIMIT 1`,
      )
    ).rows[0].id;
    const utr = utrOf(13);
    const pays = [];
    for (let i = 0; i < 34; i += 1) pays.push(await assignedPayin(demo.s, crispKey, 500));
    // The credit is recorded after the pay-ins were assigned: any of them may take it, but one only.
    await addEntry({ bankAccountId: await assignedBank(demo.s, pays[0].id), utr, amount: 500 });
    const outs = [];
    for (let i = 0; i < 33; i += 1) outs.push(await newPayout(crispKey, 600));
    const sets = [];
    for (let i = 0; i < 33; i += 1) {
      const created = await demo.s.call('POST', '/v1/settlements', {
        token: demo.t.admin,
        body: {
          merchantCode: 'CRISP',
          amount: 10,
          method: 'BANK',
          accountHolder: 'Crisp',
          accountNumber: '001234567890',
          ifsc: 'HDFC0001234',
        },
      });
      expect(created.status).toBe(201);
      sets.push(created.body.data.id as string);
    }
    // Each approval's password typed first, one at a time as a person would; the calls then race.
    const typed: Record<string, string>[] = [];
    for (let i = 0; i < sets.length; i++) typed.push(await confirm(demo.s, demo.t.transactions, 'settlement.approve'));
    const answers = await Promise.all([
      ...pays.map((p) => submitUtr(p.id, utr)),
      ...outs.map((id) => act(demo.t.operations, id, 'approve', { method: 'manual', utr, bankAccountId })),
      ...sets.map((id) =>
        demo.s.call('POST', `/v1/settlements/${id}/approve`, {
          token: demo.t.transactions,
          body: { reference: utr },
          headers: typed.pop(),
        }),
      ),
    ]);
    expect(answers.every((a) => [200, 409].includes(a.status))).toBe(true);
    const { rows } = await demo.s.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM payins WHERE status = 'SUCCESS' AND (utr = ${utr} OR submitted_utr = ${utr}))
           + (SELECT count(*) FROM payouts WHERE status = 'SUCCESS' AND utr = ${utr})
           + (SELECT count(*) FROM settlements WHERE status = 'SUCCESS' AND reference = ${utr}) AS n`);
    expect(Number(rows[0].n)).toBe(1);
    const uses = await demo.s.db.execute(sql`SELECT entity FROM utr_uses WHERE utr = ${utr}`);
    expect(uses.rows).toHaveLength(1);
  });

  it('a credit recorded before the pay-in was assigned does not pay it by itself: DISPUTE, for staff', async () => {
    const key = await merchantKey(demo.s, 'BOLT');
    const probe = await assignedPayin(demo.s, key, 700);
    const bankAccountId = await assignedBank(demo.s, probe.id);
    const utr = utrOf(14);
    expect((await addEntry({ bankAccountId, utr, amount: 700 })).body.data.matched).toBeNull();
    const p = await assignedPayin(demo.s, key, 700);
    const answer = await submitUtr(p.id, utr);
    expect(answer.body.data.status).toBe('DISPUTE');
    expect((await rowOf(p.id)).reason).toBe('credit recorded before this pay-in was assigned');
  });

  it("shows a vendor's users a free credit's UTR by its last four digits only", async () => {
    const key = await merchantKey(demo.s, 'BOLT');
    const probe = await assignedPayin(demo.s, key, 800);
    const bankAccountId = await assignedBank(demo.s, probe.id);
    const utr = utrOf(15);
    const added = await addEntry({ bankAccountId, utr, amount: 801 });
    const id = added.body.data.entry.id as string;
    const [vendorCode] = (
      await demo.s.db.execute<{ code: string }>(
        sql`SELECT v.code FROM bank_accounts b JOIN vendors v ON v.id = b.vendor_id WHERE b.id = ${bankAccountId}`,
      )
    ).rows.map((r) => r.code);
    const vendorToken = vendorCode === 'VEN-ALPHA' ? demo.t.vendor : null;
    expect(vendorToken).not.toBeNull();
    const seen = await demo.s.call('GET', `/v1/bank-entries/${id}`, { token: vendorToken! });
    expect(seen.body.data.utr).toBe(`••••••••${utr.slice(-4)}`);
    const list = await demo.s.call('GET', `/v1/bank-entries?ids=${id}`, { token: vendorToken! });
    expect(JSON.stringify(list.body)).not.toContain(utr);
    const staff = await demo.s.call('GET', `/v1/bank-entries/${id}`, { token: demo.t.operations });
    expect(staff.body.data.utr).toBe(utr);
  });

  it('a test pay-in never takes a real credit: the credit stays free for real money', async () => {
    const key = await merchantKey(demo.s, 'BOLT');
    const created = await createPayin(demo.s, key, {
      merchantOrderId: orderId('test'),
      customerId: 'c1',
      amount: 1000,
      test: true,
    });
    const id = created.body.data.id as string;
    await demo.s.call('POST', `/v1/pay/${id}/assign`, { body: {} });
    const utr = utrOf(16);
    await addEntry({ bankAccountId: await assignedBank(demo.s, id), utr, amount: 1000 });
    expect((await submitUtr(id, utr)).body.data.status).toBe('SUCCESS');
    const entry = await entryOf(utr);
    expect(entry.payinId).toBeNull();
    expect(entry.usedAt).toBeNull();
    expect((await rowOf(id)).bankEntryId).toBeNull();
  });
});

describe('confirmed amounts are bounded', () => {
  it('a DISPUTE with a ₹450 entry is confirmed at most at ₹450', async () => {
    const key = await merchantKey(demo.s, 'ACME');
    const p = await assignedPayin(demo.s, key, 500);
    const utr = utrOf(21);
    await submitUtr(p.id, utr);
    await addEntry({ bankAccountId: await assignedBank(demo.s, p.id), utr, amount: 450 });
    expect((await rowOf(p.id)).status).toBe('DISPUTE');
    const above = await confirmPayin(demo.t.operations, p.id, { confirmedAmount: 4500 });
    expect(above.status).toBe(409);
    expect(above.body.error.code).toBe('AMOUNT_ABOVE_BOUND');
    expect(above.body.error.message).toMatch(/₹450\.00, the bank entry's amount/);
    expect((await rowOf(p.id)).status).toBe('DISPUTE');
    const ok = await confirmPayin(demo.t.operations, p.id, { confirmedAmount: 450 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'SUCCESS', confirmedAmount: 450 });
  });

  it('a pay-in without an entry: at most its requested amount, with a written reason', async () => {
    const p = await pendingPayin('BOLT', 500, utrOf(22));
    const crore = await confirmPayin(demo.t.operations, p.id, { confirmedAmount: 5_00_00_000, reason: 'seen' });
    expect(crore.status).toBe(409);
    expect(crore.body.error.message).toMatch(/₹500\.00, the amount this pay-in asked for/);
    const unexplained = await confirmPayin(demo.t.operations, p.id, { confirmedAmount: 500 });
    expect(unexplained.status).toBe(400);
    expect(unexplained.body.error.field).toBe('reason');
    const row = await rowOf(p.id);
    expect(row).toMatchObject({ status: 'PENDING', confirmedAmount: null });
  });
});

describe('four eyes on a confirmation without a bank entry', () => {
  it('the maker waits (202), the same person is refused, the checker must repeat the entries', async () => {
    const utr = utrOf(31);
    const p = await pendingPayin('BOLT', 500, utr);
    const body = { confirmedAmount: 500, reason: 'Statement shows the credit' };
    const maker = await confirmPayin(demo.t.operations, p.id, body);
    expect(maker.status).toBe(202);
    expect(maker.body.data).toMatchObject({ status: 'PENDING', awaitingChecker: 'operations' });
    const again = await confirmPayin(demo.t.operations, p.id, body);
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('SAME_PERSON');
    const differs = await confirmPayin(demo.t.admin, p.id, { ...body, confirmedAmount: 499 });
    expect(differs.status).toBe(409);
    expect(differs.body.error.code).toBe('CHECKER_DIFFERS');
    expect(differs.body.error.message).toMatch(/operations: confirmedAmount 500/);
    expect((await rowOf(p.id)).status).toBe('PENDING');
    const checked = await confirmPayin(demo.t.admin, p.id, { confirmedAmount: 500 });
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ status: 'SUCCESS', confirmedAmount: 500, utr });
    const approvals = await demo.s.db.execute<{ actor_name: string }>(
      sql`SELECT actor_name FROM audit_events WHERE entity = 'payins' AND entity_id = ${p.id} AND action = 'approve'`,
    );
    expect(approvals.rows.map((r) => r.actor_name)).toEqual(['admin']);
  });

  it('a user the maker created, or whose password the maker reset, is not a checker', async () => {
    const made = await userMadeBy(demo.t.transactions, 'OPERATIONS');
    const p = await pendingPayin('BOLT', 500, utrOf(32));
    const body = { confirmedAmount: 500, reason: 'Statement shows the credit' };
    expect((await confirmPayin(demo.t.transactions, p.id, body)).status).toBe(202);
    const own = await confirmPayin(made.token, p.id, body, 'Another-12345');
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('SAME_PERSON');

    // Made by admin, then its password reset by transactions: transactions' dependant from then on.
    const other = await userMadeBy(demo.t.admin, 'OPERATIONS');
    const reset = await demo.s.call('POST', `/v1/users/${other.id}/reset-password`, {
      token: demo.t.transactions,
      body: { password: 'Taken-over-12345' },
      headers: await confirm(demo.s, demo.t.transactions, 'user.reset-password'),
    });
    expect(reset.status).toBe(200);
    const [row] = await demo.s.db.select().from(users).where(eq(users.id, other.id));
    expect(row.accessGivenBy).toEqual(expect.arrayContaining([row.createdBy]));
    const takenOver = await demo.s.login(row.userName, 'Taken-over-12345');
    await demo.s.call('POST', '/v1/change-password', {
      token: takenOver,
      body: { currentPassword: 'Taken-over-12345', newPassword: 'Taken-over-67890' },
    });
    const refused = await confirmPayin(
      await demo.s.login(row.userName, 'Taken-over-67890'),
      p.id,
      body,
      'Taken-over-67890',
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SAME_PERSON');
    expect((await rowOf(p.id)).status).toBe('PENDING');
    expect((await confirmPayin(demo.t.admin, p.id, body)).status).toBe(200);
  });
});

describe('four eyes on pay-outs', () => {
  const payoutBank = async (nickname: string) =>
    (await demo.s.db.execute<{ id: string }>(sql`SELECT id FROM bank_accounts WHERE nickname = ${nickname}`)).rows[0]
      .id;
  const pending = async (id: string) =>
    (
      await demo.s.db.execute<{ maker_name: string }>(
        sql`SELECT maker_name FROM checker_requests WHERE entity = 'payouts' AND entity_id = ${id}`,
      )
    ).rows[0]?.maker_name ?? null;

  it('assigning a pay-out to a vendor clears a staff maker’s waiting approval', async () => {
    const key = await fund('BOLT', 30_000);
    const id = await newPayout(key, 6_000);
    const approval = { method: 'manual', utr: utrOf(41), bankAccountId: await payoutBank('ALPHA-SBI-PAYOUT') };
    expect((await act(demo.t.operations, id, 'approve', approval)).status).toBe(202);
    const assigned = await demo.s.call('POST', '/v1/payouts/assign', {
      token: demo.t.operations,
      body: { ids: [id], vendorCode: 'VEN-ALPHA' },
    });
    expect(assigned.status).toBe(200);
    expect(await pending(id)).toBeNull();
    // The vendor's call is a new maker's request, not the completion of the staff maker's.
    const vendor = await act(demo.t.vendor, id, 'approve', approval);
    expect(vendor.status).toBe(202);
    expect(vendor.body.data.status).toBe('INITIATED');
  });

  it("a vendor's approval above the threshold is checked by staff, never by the vendor's other user", async () => {
    const key = await fund('BOLT', 30_000);
    const id = await newPayout(key, 6_000);
    await demo.s.call('POST', '/v1/payouts/assign', {
      token: demo.t.operations,
      body: { ids: [id], vendorCode: 'VEN-ALPHA' },
    });
    const approval = { method: 'manual', utr: utrOf(42), bankAccountId: await payoutBank('ALPHA-SBI-PAYOUT') };
    expect((await act(demo.t.vendor, id, 'approve', approval)).status).toBe(202);
    const colleague = await act(demo.t['vendor-operations'], id, 'approve', approval);
    expect(colleague.status).toBe(403);
    expect(colleague.body.error.code).toBe('STAFF_CHECKER');
    const checked = await act(demo.t.admin, id, 'approve', approval);
    expect(checked.status).toBe(200);
    expect(checked.body.data.status).toBe('SUCCESS');
  });

  it('a user the maker created does not check its pay-out approval', async () => {
    const key = await fund('CRISP', 30_000);
    const id = await newPayout(key, 6_000);
    const made = await userMadeBy(demo.t.transactions, 'OPERATIONS');
    const approval = { method: 'manual', utr: utrOf(43), bankAccountId: await payoutBank('ALPHA-SBI-PAYOUT') };
    expect((await act(demo.t.transactions, id, 'approve', approval)).status).toBe(202);
    const own = await act(made.token, id, 'approve', approval);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('SAME_PERSON');
    expect((await act(demo.t.operations, id, 'approve', approval)).status).toBe(200);
  });
});

describe('four eyes on settlements', () => {
  const bankTo = { method: 'BANK', accountHolder: 'Bolt Traders', accountNumber: '001234567890', ifsc: 'hdfc0001234' };
  const settle = (token: string, resource: string, id: string, body: Record<string, unknown>, headers = {}) =>
    demo.s.call('POST', `/v1/${resource}/${id}/approve`, { token, body, headers });
  const approveAs = async (token: string, resource: string, id: string, reference: string) =>
    settle(
      token,
      resource,
      id,
      { reference },
      await confirm(demo.s, token, resource === 'settlements' ? 'settlement.approve' : 'vendor-settlement.approve'),
    );
  const journals = async (id: string) =>
    (await demo.s.db.execute(sql`SELECT 1 FROM ledger_journals WHERE entity_id = ${id}`)).rows.length;

  it('asks for the password, and never lets its creator (or a user the creator made) approve it', async () => {
    await fund('BOLT', 10_000);
    const created = await demo.s.call('POST', '/v1/settlements', {
      token: demo.t.admin,
      body: { merchantCode: 'BOLT', amount: 1_000, ...bankTo },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    const utr = utrOf(51);
    const bare = await settle(demo.t.transactions, 'settlements', id, { reference: utr });
    expect(bare.status).toBe(403);
    expect(bare.body.error.code).toBe('CONFIRMATION_REQUIRED');
    const own = await approveAs(demo.t.admin, 'settlements', id, utr);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('SAME_PERSON');
    const made = await userMadeBy(demo.t.admin, 'TRANSACTIONS');
    const headers = await confirm(demo.s, made.token, 'settlement.approve', 'Another-12345');
    const dependent = await settle(made.token, 'settlements', id, { reference: utr }, headers);
    expect(dependent.status).toBe(403);
    expect(dependent.body.error.code).toBe('SAME_PERSON');
    expect(await journals(id)).toBe(0);
    const paid = await approveAs(demo.t.transactions, 'settlements', id, utr);
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('SUCCESS');
  });

  it('above the threshold the first approval waits (202) and a second person pays it, repeating the UTR', async () => {
    await fund('ACME', 20_000);
    const asked = await demo.s.call('POST', '/v1/settlements', {
      token: demo.t['merchant-admin'],
      body: { merchantCode: 'ACME', amount: 6_000, ...bankTo },
    });
    expect(asked.status).toBe(201);
    const id = asked.body.data.id as string;
    const [utr, other] = [utrOf(52), utrOf(53)];
    const maker = await approveAs(demo.t.transactions, 'settlements', id, utr);
    expect(maker.status).toBe(202);
    expect(maker.body.data).toMatchObject({ status: 'INITIATED', awaitingChecker: 'transactions' });
    expect(await journals(id)).toBe(0);
    // The checker reads who asked and the reference; the merchant never a staff user's name.
    const seen = async (token: string) =>
      (await demo.s.call('GET', `/v1/settlements?ids=${id}`, { token })).body.data[0].checkerRequest;
    expect(await seen(demo.t.admin)).toMatchObject({ maker: 'transactions', reference: utr });
    expect(await seen(demo.t['merchant-admin'])).toBeNull();
    const again = await approveAs(demo.t.transactions, 'settlements', id, utr);
    expect(again.body.error.code).toBe('SAME_PERSON');
    const differs = await approveAs(demo.t.admin, 'settlements', id, other);
    expect(differs.status, JSON.stringify(differs.body)).toBe(409);
    expect(differs.body.error.code).toBe('CHECKER_DIFFERS');
    const checked = await approveAs(demo.t.admin, 'settlements', id, utr);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.data).toMatchObject({ status: 'SUCCESS', reference: utr });
    expect(await journals(id)).toBe(1);
  });

  it("a vendor settlement above the threshold waits for a checker, and its rejection ends the maker's request", async () => {
    const create = () =>
      demo.s.call('POST', '/v1/vendor-settlements', {
        token: demo.t.admin,
        body: { vendorCode: 'VEN-ALPHA', amount: 7_500, method: 'CASH' },
      });
    const first = (await create()).body.data.id as string;
    const maker = await approveAs(demo.t.transactions, 'vendor-settlements', first, 'RCPT-0001');
    expect(maker.status).toBe(202);
    const waiting = await demo.s.db.execute(sql`SELECT 1 FROM checker_requests WHERE entity_id = ${first}`);
    expect(waiting.rows).toHaveLength(1);
    const rejected = await demo.s.call('POST', `/v1/vendor-settlements/${first}/reject`, {
      token: demo.t.admin,
      body: { reason: 'Receipt not found' },
    });
    expect(rejected.status).toBe(200);
    const after = await demo.s.db.execute(sql`SELECT 1 FROM checker_requests WHERE entity_id = ${first}`);
    expect(after.rows).toHaveLength(0);
    const second = (await create()).body.data.id as string;
    expect((await approveAs(demo.t.transactions, 'vendor-settlements', second, 'RCPT-0002')).status).toBe(202);
    // The creator (admin) is refused even as the checker.
    expect((await approveAs(demo.t.admin, 'vendor-settlements', second, 'RCPT-0002')).body.error.code).toBe(
      'SAME_PERSON',
    );
  });
});

describe('four eyes on bank-entry resets', () => {
  const resetAs = async (as: 'admin' | 'transactions', id: string) =>
    demo.s.call('POST', `/v1/bank-entries/${id}/reset`, {
      token: demo.t[as],
      headers: await confirm(demo.s, demo.t[as], 'bank-entry.reset'),
    });

  it('an ADMIN asks (202), the same ADMIN is refused, TRANSACTIONS frees it; nobody else starts one', async () => {
    const utr = utrOf(61);
    const key = await merchantKey(demo.s, 'BOLT');
    const p = await assignedPayin(demo.s, key, 700);
    const added = await addEntry({
      bankAccountId: await assignedBank(demo.s, p.id),
      utr,
      amount: 700,
      amountCode: p.shortCode,
    });
    expect(added.body.data.matched).toEqual({ payinId: p.id, status: 'SUCCESS' });
    const id = added.body.data.entry.id as string;
    const before = await balanceOf(key);

    const alone = await resetAs('transactions', id);
    expect(alone.status).toBe(403);
    expect(alone.body.error.message).toMatch(/only a user of role ADMIN asks/);
    const asked = await resetAs('admin', id);
    expect(asked.status).toBe(202);
    expect(asked.body.data).toMatchObject({ used: true, awaitingChecker: 'admin' });
    expect((await rowOf(p.id)).status).toBe('SUCCESS');
    expect(await balanceOf(key)).toEqual(before);
    const listed = await demo.s.call('GET', `/v1/bank-entries?utr=${utr}`, { token: demo.t.operations });
    expect(listed.body.data[0].awaitingChecker).toBe('admin');
    const again = await resetAs('admin', id);
    expect(again.body.error.code).toBe('SAME_PERSON');

    const freed = await resetAs('transactions', id);
    expect(freed.status).toBe(200);
    expect(freed.body.data).toMatchObject({ used: false, payinId: null, awaitingChecker: null });
    expect((await rowOf(p.id)).status).toBe('PENDING');
    const checked = await demo.s.db.execute<{ actor_name: string }>(
      sql`SELECT actor_name FROM audit_events WHERE entity = 'bank-entries' AND entity_id = ${id} AND action = 'approve'`,
    );
    expect(checked.rows.map((r) => r.actor_name)).toEqual(['transactions']);
  });
});
