import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dropExpired } from '../../server/services/payins/payin-expiry';
import { demoServerPerFile } from '../support/server';
import { assignedPayin, bankIdOf, createPayin, ledgerHolds, merchantKey, orderId, utrOf } from '../support/deposits';

/**
 * Issue 10: each money transition happens once however many requests race for it, on the real
 * database with real concurrency. CRISP's only pay-in account is BETA-AXIS-01, so all its pay-ins
 * share one bank; 100 of ₹500 stay far inside the account's daily and per-payment limits.
 */
const demo = demoServerPerFile({ merchantApiRateLimitPerMinute: 100_000, payPageRateLimitPerMinute: 100_000 });
const N = 100;
const AMOUNT = 500;

/** `count` pay-ins of CRISP, created and assigned ten at a time. */
const assignedMany = async (count: number) => {
  const key = await merchantKey(demo.s, 'CRISP');
  const ids: string[] = [];
  for (let i = 0; i < count; i += 10)
    ids.push(
      ...(await Promise.all(Array.from({ length: 10 }, () => assignedPayin(demo.s, key, AMOUNT)))).map((p) => p.id),
    );
  return ids;
};
const submitAll = (ids: string[], utr: string) =>
  Promise.all(ids.map((id) => demo.s.call('POST', `/v1/pay/${id}/utr`, { body: { utr } })));
const addEntry = (body: Record<string, unknown>) =>
  demo.s.call('POST', '/v1/bank-entries', { token: demo.t.operations, body });
const crispBank = () => bankIdOf(demo.s, 'BETA-AXIS-01');

const statusesOf = async (ids: string[]) => {
  const { rows } = await demo.s.db.execute<{ status: string; n: number }>(
    sql`SELECT status, count(*)::int AS n FROM payins WHERE id = ANY(${sql.param(ids)}::uuid[]) GROUP BY status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
};
/** The success journals posted for the pay-ins that submitted a UTR, and their reversals. */
const journalsOf = async (utr: string) => {
  const { rows } = await demo.s.db.execute<{ kind: string; n: number }>(sql`
    SELECT j.kind, count(*)::int AS n FROM ledger_journals j JOIN payins p ON p.id = j.entity_id
    WHERE p.submitted_utr = ${utr} GROUP BY j.kind`);
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
};
const entryOf = async (utr: string) =>
  (await demo.s.db.execute<{ payin_id: string | null }>(sql`SELECT payin_id FROM bank_entries WHERE utr = ${utr}`))
    .rows;
const successOf = async (ids: string[]) =>
  (
    await demo.s.db.execute<{ id: string; utr: string | null; bank_entry_id: string | null }>(
      sql`SELECT id, utr, bank_entry_id FROM payins WHERE id = ANY(${sql.param(ids)}::uuid[]) AND status = 'SUCCESS'`,
    )
  ).rows;

describe('racing for one UTR', () => {
  it('(a) 100 customers submit the UTR of one recorded credit: one SUCCESS, 99 DUPLICATE, one journal', async () => {
    const ids = await assignedMany(N);
    const utr = utrOf(1);
    const added = await addEntry({ bankAccountId: await crispBank(), utr, amount: AMOUNT });
    expect(added.status).toBe(201);
    expect(added.body.data.matched).toBeNull();

    const answers = await submitAll(ids, utr);
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const shown = answers.map((a) => a.body.data.status as string);
    expect(shown.filter((s) => s === 'SUCCESS')).toHaveLength(1);
    expect(shown.filter((s) => s === 'DUPLICATE')).toHaveLength(N - 1);

    expect(await statusesOf(ids)).toEqual({ SUCCESS: 1, DUPLICATE: N - 1 });
    expect(await journalsOf(utr)).toEqual({ 'payin.success': 1 });
    const [winner] = await successOf(ids);
    expect(await entryOf(utr)).toEqual([{ payin_id: winner.id }]);
    expect(winner.utr).toBe(utr);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('(b) 100 customers submit one UTR before its credit: one PENDING, 99 DUPLICATE; the credit completes it once', async () => {
    const ids = await assignedMany(N);
    const utr = utrOf(2);
    const answers = await submitAll(ids, utr);
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    expect(await statusesOf(ids)).toEqual({ PENDING: 1, DUPLICATE: N - 1 });
    expect(await journalsOf(utr)).toEqual({});

    const added = await addEntry({ bankAccountId: await crispBank(), utr, amount: AMOUNT });
    expect(added.status).toBe(201);
    expect(added.body.data.matched.status).toBe('SUCCESS');
    expect(await statusesOf(ids)).toEqual({ SUCCESS: 1, DUPLICATE: N - 1 });
    const [winner] = await successOf(ids);
    expect(winner.id).toBe(added.body.data.matched.payinId);
    expect(await journalsOf(utr)).toEqual({ 'payin.success': 1 });
    expect(await entryOf(utr)).toEqual([{ payin_id: winner.id }]);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('(c) staff record one credit 100 times at once while a pay-in waits: one 201, 99 Repeated, one journal', async () => {
    const [id] = await assignedMany(1);
    const utr = utrOf(3);
    expect((await submitAll([id], utr))[0].body.data.status).toBe('PENDING');
    const bankAccountId = await crispBank();

    const answers = await Promise.all(
      Array.from({ length: N }, () => addEntry({ bankAccountId, utr, amount: AMOUNT })),
    );
    const created = answers.filter((a) => a.status === 201);
    const repeated = answers.filter((a) => a.status === 409);
    expect(created).toHaveLength(1);
    expect(repeated).toHaveLength(N - 1);
    for (const r of repeated) expect(r.body.error).toEqual({ message: 'Repeated', code: 'REPEATED' });
    expect(created[0].body.data.matched).toEqual({ payinId: id, status: 'SUCCESS' });

    expect(await statusesOf([id])).toEqual({ SUCCESS: 1 });
    expect(await journalsOf(utr)).toEqual({ 'payin.success': 1 });
    expect(await entryOf(utr)).toEqual([{ payin_id: id }]);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });
});

describe('the expiry job', () => {
  it('(d) two runs at once over 300 expired pay-ins drop each exactly once', async () => {
    const key = await merchantKey(demo.s, 'CRISP');
    const ids: string[] = [];
    for (let i = 0; i < 300; i += 25) {
      const made = await Promise.all(
        Array.from({ length: 25 }, () =>
          createPayin(demo.s, key, { merchantOrderId: orderId('exp'), customerId: 'c', amount: AMOUNT }),
        ),
      );
      ids.push(...made.map((m) => m.body.data.id as string));
    }
    // Half of them opened by their customers: both INITIATED and ASSIGNED links expire.
    await Promise.all(ids.slice(0, 150).map((id) => demo.s.call('POST', `/v1/pay/${id}/assign`, { body: {} })));
    await demo.s.db.execute(
      sql`UPDATE payins SET expires_at = now() - interval '1 second' WHERE id = ANY(${sql.param(ids)}::uuid[])`,
    );

    const dropped = await Promise.all([dropExpired(demo.s.db), dropExpired(demo.s.db)]);
    expect(dropped[0] + dropped[1]).toBe(300);
    expect(await statusesOf(ids)).toEqual({ DROPPED: 300 });
    const { rows } = await demo.s.db.execute<{ n: number; distinct: number }>(sql`
      SELECT count(*)::int AS n, count(DISTINCT entity_id)::int AS distinct FROM audit_events
      WHERE action = 'expire' AND entity = 'payins' AND entity_id = ANY(${sql.param(ids)}::text[])`);
    expect(rows[0]).toEqual({ n: 300, distinct: 300 });
    expect(await dropExpired(demo.s.db)).toBe(0);
  });
});
