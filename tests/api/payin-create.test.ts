import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { createPayin, merchantKey, orderId } from '../support/deposits';

/**
 * Issue 15, item 2: a pay-in, its funnel count and its audit row are written by one statement.
 * What it must keep of the transaction it replaced: all three or none, once per order id under
 * concurrent calls, a test pay-in not counted.
 */
const demo = demoServerPerFile();

/** The merchant's pay-ins created today (IST), as its funnel counts them; its audit rows of creations. */
const written = async (code: string, orderIds: string[]) => {
  const { rows } = await demo.s.db.execute<{ counted: string; payins: string; audits: string }>(sql`
    SELECT
      (SELECT coalesce(sum(r.created_count), 0) FROM money_rollups r JOIN merchants m ON r.party = 'payins:' || m.id
        WHERE m.code = ${code} AND r.span = 'day') AS counted,
      (SELECT count(*) FROM payins WHERE merchant_code = ${code} AND merchant_order_id = ANY(${sql.param(orderIds)}::text[])) AS payins,
      (SELECT count(*) FROM audit_events a JOIN payins p ON a.entity_id = p.id::text
        WHERE a.entity = 'payins' AND a.action = 'create' AND p.merchant_order_id = ANY(${sql.param(orderIds)}::text[])) AS audits`);
  return { counted: Number(rows[0].counted), payins: Number(rows[0].payins), audits: Number(rows[0].audits) };
};

describe('pay-in creation as one statement', () => {
  it('writes the pay-in, its funnel count and its audit row together, once for concurrent calls of one order id', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'ACME');
    const body = { merchantOrderId: orderId('once'), customerId: 'c-once', amount: 321.5 };
    const before = await written('ACME', [body.merchantOrderId]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => createPayin(s, key, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await written('ACME', [body.merchantOrderId])).toEqual({
      counted: before.counted + 1,
      payins: 1,
      audits: 1,
    });
    const [audit] = (
      await s.db.execute<{ actor_name: string; after: Record<string, unknown>; ip: string }>(
        sql`SELECT actor_name, after, host(ip) AS ip FROM audit_events WHERE entity = 'payins' AND entity_id = ${answers[0].body.data.id}`,
      )
    ).rows;
    expect(audit).toEqual({
      actor_name: 'merchant-api:ACME',
      after: {
        merchantCode: 'ACME',
        merchantOrderId: body.merchantOrderId,
        customerId: 'c-once',
        amount: 321.5,
        test: false,
      },
      ip: '127.0.0.1',
    });
  });

  it('does not count a test pay-in on the funnel, but audits it', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'BOLT');
    const body = { merchantOrderId: orderId('test'), customerId: 'c-test', amount: 200, test: true };
    const before = await written('BOLT', [body.merchantOrderId]);
    const created = await createPayin(s, key, body);
    expect(created.status).toBe(201);
    expect(await written('BOLT', [body.merchantOrderId])).toEqual({ counted: before.counted, payins: 1, audits: 1 });
  });

  it('writes none of the three when the statement fails, and the next call succeeds', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'CRISP');
    const ids = [orderId('fail'), orderId('after')];
    const before = await written('CRISP', ids);
    // The audit row cannot be written: the whole statement, pay-in and count included, must be undone.
    await s.db.execute(sql`CREATE OR REPLACE FUNCTION pgc_test_refuse() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN IF NEW.after->>'merchantOrderId' = ${sql.raw(`'${ids[0]}'`)} THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
    await s.db.execute(
      sql`CREATE TRIGGER pgc_test_refuse BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION pgc_test_refuse()`,
    );
    try {
      const failed = await createPayin(s, key, { merchantOrderId: ids[0], customerId: 'c-fail', amount: 150 });
      expect(failed.status).toBe(500);
      expect(await written('CRISP', ids)).toEqual(before);
      const next = await createPayin(s, key, { merchantOrderId: ids[1], customerId: 'c-fail', amount: 150 });
      expect(next.status).toBe(201);
    } finally {
      await s.db.execute(sql`DROP TRIGGER pgc_test_refuse ON audit_events`);
      await s.db.execute(sql`DROP FUNCTION pgc_test_refuse()`);
    }
    expect(await written('CRISP', ids)).toEqual({ counted: before.counted + 1, payins: 1, audits: 1 });
  });

  it('tries another short code when one is taken, writing nothing for the taken one; after five, 409 RETRY', async () => {
    const { s } = demo;
    const key = await merchantKey(s, 'ACME');
    const taken = await createPayin(s, key, { merchantOrderId: orderId('taken'), customerId: 'c-code', amount: 100 });
    const code = (
      await s.db.execute<{ short_code: string }>(sql`SELECT short_code FROM payins WHERE id = ${taken.body.data.id}`)
    ).rows[0].short_code;
    const ids = [orderId('collide'), orderId('exhaust')];
    // The next `times` writes of an order id are given the open pay-in's short code (a collision, as a random one could).
    await s.db.execute(
      sql`CREATE TABLE pgc_test_collide (order_id text PRIMARY KEY, code text NOT NULL, times int NOT NULL)`,
    );
    await s.db.execute(sql`CREATE FUNCTION pgc_test_collide() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE taken text;
      BEGIN
        UPDATE pgc_test_collide SET times = times - 1 WHERE order_id = NEW.merchant_order_id AND times > 0 RETURNING code INTO taken;
        IF FOUND THEN NEW.short_code := taken; END IF;
        RETURN NEW;
      END $$`);
    await s.db.execute(
      sql`CREATE TRIGGER pgc_test_collide BEFORE INSERT ON payins FOR EACH ROW EXECUTE FUNCTION pgc_test_collide()`,
    );
    try {
      await s.db.execute(sql`INSERT INTO pgc_test_collide VALUES (${ids[0]}, ${code}, 2), (${ids[1]}, ${code}, 5)`);
      const before = await written('ACME', ids);
      const retried = await createPayin(s, key, { merchantOrderId: ids[0], customerId: 'c-code', amount: 100 });
      expect(retried.status).toBe(201);
      const exhausted = await createPayin(s, key, { merchantOrderId: ids[1], customerId: 'c-code', amount: 100 });
      expect(exhausted.status).toBe(409);
      expect(exhausted.body.error.code).toBe('RETRY');
      const left = await s.db.execute<{ times: number }>(sql`SELECT times FROM pgc_test_collide ORDER BY order_id`);
      expect(left.rows.map((r) => r.times)).toEqual([0, 0]);
      expect(await written('ACME', ids)).toEqual({ counted: before.counted + 1, payins: 1, audits: 1 });
      const [row] = (
        await s.db.execute<{ short_code: string }>(
          sql`SELECT short_code FROM payins WHERE merchant_order_id = ${ids[0]}`,
        )
      ).rows;
      expect(row.short_code).not.toBe(code);
    } finally {
      await s.db.execute(sql`DROP TRIGGER pgc_test_collide ON payins`);
      await s.db.execute(sql`DROP FUNCTION pgc_test_collide()`);
      await s.db.execute(sql`DROP TABLE pgc_test_collide`);
    }
  });
});
