import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addEntry as addEntryTo } from '../../server/services/bank-entries/entry-batches';
import { demoServerPerFile } from '../support/server';
import { lostAfterCommit } from '../support/lost-after-commit';
import { assignedPayin, bankIdOf, ledgerHolds, merchantKey, utrOf } from '../support/deposits';

/**
 * Issue 10, item 11: bank entries posted at the same moment are written in batches
 * (services/bank-entries/entry-batches.ts), one transaction each, yet every request gets the answer it would
 * get alone, and an entry that breaks its batch takes nobody else down.
 */
const demo = demoServerPerFile({ merchantApiRateLimitPerMinute: 100_000, payPageRateLimitPerMinute: 100_000 });
const AMOUNT = 500;

const addEntry = (body: Record<string, unknown>) =>
  demo.s.call('POST', '/v1/bank-entries', { token: demo.t.operations, body });

/** `count` CRISP pay-ins, each PENDING on a UTR of its own: what an entry of that UTR pays. */
const waiting = async (count: number, seed: number) => {
  const key = await merchantKey(demo.s, 'CRISP');
  const out: { id: string; utr: string }[] = [];
  for (let i = 0; i < count; i += 10) {
    const made = await Promise.all(Array.from({ length: Math.min(10, count - i) }, () => assignedPayin(demo.s, key)));
    for (const p of made) {
      const utr = utrOf(seed);
      const res = await demo.s.call('POST', `/v1/pay/${p.id}/utr`, { body: { utr } });
      expect(res.body.data.status).toBe('PENDING');
      out.push({ id: p.id, utr });
    }
  }
  return out;
};

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await demo.s.db.execute<T>(query)).rows;

describe('bank entries posted together', () => {
  it('each gets its own answer: matched, Repeated, or a bad bank account, and the ledger holds', async () => {
    const bankAccountId = await bankIdOf(demo.s, 'BETA-AXIS-01');
    const payout = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
    const pays = await waiting(40, 71);
    const known = utrOf(72);
    expect((await addEntry({ bankAccountId, utr: known, amount: AMOUNT })).status).toBe(201);

    const bodies = [
      ...pays.map((p) => ({ bankAccountId, utr: p.utr, amount: AMOUNT })),
      ...Array.from({ length: 5 }, () => ({ bankAccountId, utr: known, amount: AMOUNT })),
      ...Array.from({ length: 5 }, () => ({ bankAccountId: payout, utr: utrOf(73), amount: AMOUNT })),
      // The same new UTR twice in the burst: one is recorded, the other is a repeat.
      { bankAccountId, utr: '777777777701', amount: AMOUNT },
      { bankAccountId, utr: '777777777701', amount: AMOUNT },
    ];
    const answers = await Promise.all(bodies.map(addEntry));

    answers.slice(0, 40).forEach((a, i) => {
      expect(a.status).toBe(201);
      expect(a.body.data.entry.utr).toBe(pays[i].utr);
      expect(a.body.data.matched).toEqual({ payinId: pays[i].id, status: 'SUCCESS' });
    });
    for (const a of answers.slice(40, 45)) expect(a.body.error).toEqual({ message: 'Repeated', code: 'REPEATED' });
    for (const a of answers.slice(45, 50)) {
      expect(a.status).toBe(400);
      expect(a.body.error.message).toBe('bankAccountId must be a pay-in bank account');
    }
    expect(
      answers
        .slice(50)
        .map((a) => a.status)
        .sort(),
    ).toEqual([201, 409]);

    const ids = pays.map((p) => p.id);
    expect(
      await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM payins WHERE id = ANY(${sql.param(ids)}::uuid[]) AND status = 'SUCCESS'`,
      ),
    ).toEqual([{ n: 40 }]);
    expect(
      await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_journals
        WHERE kind = 'payin.success' AND entity_id = ANY(${sql.param(ids)}::uuid[])`),
    ).toEqual([{ n: 40 }]);
    // Audited one by one, with who added each.
    const utrs = pays.map((p) => p.utr);
    expect(
      await rows<{ n: number; actor: string }>(sql`SELECT count(*)::int AS n, a.actor_name AS actor
        FROM audit_events a JOIN bank_entries e ON e.id::text = a.entity_id
        WHERE a.entity = 'bank-entries' AND a.action = 'create' AND e.utr = ANY(${sql.param(utrs)}::text[])
        GROUP BY a.actor_name`),
    ).toEqual([{ n: 40, actor: 'operations' }]);
    // Written in batches: entries of one transaction share its clock.
    const [{ batches }] = await rows<{ batches: number }>(
      sql`SELECT count(DISTINCT created_at)::int AS batches FROM bank_entries WHERE utr = ANY(${sql.param(utrs)}::text[])`,
    );
    expect(batches).toBeLessThan(40);
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('an entry that breaks its batch fails alone: the others are written again one by one', async () => {
    const bankAccountId = await bankIdOf(demo.s, 'BETA-AXIS-01');
    const pays = await waiting(20, 74);
    const poison = '888888888801';
    // A fault only this entry meets, raised inside the batch's transaction.
    await demo.s.db.execute(sql`CREATE FUNCTION test_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.utr = '888888888801' THEN RAISE EXCEPTION 'poisoned entry'; END IF; RETURN NEW; END $$`);
    await demo.s.db.execute(
      sql`CREATE TRIGGER test_poison BEFORE INSERT ON bank_entries FOR EACH ROW EXECUTE FUNCTION test_poison()`,
    );
    try {
      const bodies = [
        ...pays.slice(0, 10).map((p) => ({ bankAccountId, utr: p.utr, amount: AMOUNT })),
        { bankAccountId, utr: poison, amount: AMOUNT },
        ...pays.slice(10).map((p) => ({ bankAccountId, utr: p.utr, amount: AMOUNT })),
      ];
      const answers = await Promise.all(bodies.map(addEntry));
      const poisoned = answers[10];
      expect(poisoned.status).toBe(500);
      expect(JSON.stringify(poisoned.body)).not.toContain('poisoned');
      const others = [...answers.slice(0, 10), ...answers.slice(11)];
      others.forEach((a, i) => {
        expect(a.status).toBe(201);
        expect(a.body.data.matched).toEqual({ payinId: pays[i].id, status: 'SUCCESS' });
      });
      expect(await rows(sql`SELECT id FROM bank_entries WHERE utr = ${poison}`)).toEqual([]);
    } finally {
      await demo.s.db.execute(sql`DROP TRIGGER test_poison ON bank_entries`);
      await demo.s.db.execute(sql`DROP FUNCTION test_poison()`);
    }
    expect(await ledgerHolds(demo.s)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it('answers a committed entry with its match even when the database is lost right after the commit', async () => {
    const bankAccountId = await bankIdOf(demo.s, 'BETA-AXIS-01');
    const [pay] = await waiting(1, 75);
    const [operations] = await rows<{ id: string }>(sql`SELECT id FROM users WHERE user_name = 'operations'`);
    const user = {
      id: operations.id,
      userName: 'operations',
      role: 'OPERATIONS' as const,
      merchantCodes: [],
      vendorCode: null,
      sessionId: '',
    };
    const answer = await addEntryTo(lostAfterCommit(demo.s.db), user, { bankAccountId, utr: pay.utr, amount: AMOUNT });
    expect(answer.matched).toEqual({ payinId: pay.id, status: 'SUCCESS' });
    expect(answer.entry.utr).toBe(pay.utr);
    expect(await rows(sql`SELECT status FROM payins WHERE id = ${pay.id}`)).toEqual([{ status: 'SUCCESS' }]);
  });
});
