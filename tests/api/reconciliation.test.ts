import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDeposits } from '../../server/demo/seed-deposits';
import { seedDemoPayouts } from '../../server/demo/seed-payouts';
import { seedDemoSettlements } from '../../server/demo/seed-settlements';
import { merchants, vendors } from '../../server/db/schema';
import { TREASURY, bankAccount, merchantAccount, merchantPaidOut, vendorSettled } from '../../domain/ledger';
import { paiseToRupees } from '../../domain/money';
import { postJournal } from '../../server/services/ledger/ledger';
import { placeHold } from '../../server/services/ledger/holds';
import { demoServerPerFile } from '../support/server';
import { DEMO_USERS } from '../support/roles';
import { bankIdOf, utrOf } from '../support/deposits';
import { vendorFromRows } from '../support/balances';

/** Issue 12, item 5: every balance recomputed from the rows and compared with the ledger. */
const demo = demoServerPerFile();
beforeAll(async () => {
  const opts = { callbackBase: demo.s.url };
  await seedDemoDeposits(demo.s.db, opts);
  expect(await seedDemoPayouts(demo.s.db, opts)).toBe(true);
  expect(await seedDemoSettlements(demo.s.db)).toBe(true);
}, 180_000);

type Difference = { party: string; code: string; what: string; ledger: number; rows: number; difference: number };
const check = async () => {
  const res = await demo.s.call('GET', '/v1/reconciliation', { token: demo.t.admin });
  expect(res.status).toBe(200);
  return res.body.data as {
    differences: Difference[];
    bank: { differences: unknown[]; counts: Record<string, number> };
    clean: boolean;
    checked: Record<string, number>;
    checkedAt: string;
  };
};
const idOf = async (table: typeof merchants | typeof vendors, code: string) =>
  (await demo.s.db.select({ id: table.id }).from(table).where(eq(table.code, code)))[0].id;
const own = async (code: string) =>
  (
    await demo.s.call('GET', `/v1/merchants/${await idOf(merchants, code)}?includeSubMerchants=false`, {
      token: demo.t.admin,
    })
  ).body.data as { balance: number; held: number };

describe('GET /v1/reconciliation', () => {
  it.each(DEMO_USERS.filter((u) => u !== 'admin'))('is refused to %s', async (user) => {
    const res = await demo.s.call('GET', '/v1/reconciliation', { token: demo.t[user] });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it('finds every balance in agreement with the ledger on the demo data', async () => {
    const { rows } = await demo.s.db.execute<{ n: string }>(sql`
      SELECT (SELECT count(*) FROM settlements) * (SELECT count(*) FROM vendor_settlements) * (SELECT count(*) FROM liens) AS n`);
    expect(Number(rows[0].n)).toBeGreaterThan(0);
    const result = await check();
    expect(result.differences).toEqual([]);
    // Issue 29: nor against the bank entries (the demo's unused credits are all younger than a day).
    expect(result.bank).toMatchObject({
      differences: [],
      counts: { 'entry-amount': 0, 'utr-reused': 0, 'payin-without-entry': 0, 'entry-unused': 0 },
    });
    expect(result.clean).toBe(true);
    expect(result.checked.bankEntries).toBeGreaterThan(100);
    expect(result.checked).toMatchObject({ merchants: 4, vendors: 2 });
    expect(result.checked.journals).toBeGreaterThan(100);
    expect(result.checked.accounts).toBeGreaterThanOrEqual(8);
    expect(Date.parse(result.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('counts settlements, chargebacks and vendor settlements as the ledger posts them', async () => {
    const db = demo.s.db;
    const [acme, bolt] = [await idOf(merchants, 'ACME'), await idOf(merchants, 'BOLT')];
    const [alpha, beta] = [await idOf(vendors, 'VEN-ALPHA'), await idOf(vendors, 'VEN-BETA')];
    const before = { acme: await own('ACME'), bolt: await own('BOLT') };
    const vendorsBefore = { alpha: await vendorFromRows(db, alpha), beta: await vendorFromRows(db, beta) };
    const insert = async (query: ReturnType<typeof sql>) => (await db.execute<{ id: string }>(query)).rows[0].id;
    const settlement = (status: string, paise: number) =>
      insert(sql`INSERT INTO settlements (merchant_id, merchant_code, method, amount, status)
        VALUES (${acme}, 'ACME', 'CASH', ${paise}, ${status}) RETURNING id`);
    const vendorSettlement = (method: string, status: string, paise: number) =>
      insert(sql`INSERT INTO vendor_settlements (vendor_id, vendor_code, method, amount, status)
        VALUES (${alpha}, 'VEN-ALPHA', ${method}, ${paise}, ${status}) RETURNING id`);
    const post = (entity: string, entityId: string, lines: ReturnType<typeof merchantPaidOut>) =>
      postJournal(db, { key: `${entity}:${entityId}:success:1`, kind: `${entity}.success`, entity, entityId, lines });

    const paid = await settlement('SUCCESS', 1_000_00);
    await post('settlements', paid, merchantPaidOut({ merchantId: acme, amount: 1_000_00 }));
    const waiting = await settlement('INITIATED', 500_00);
    await db.transaction((tx) =>
      placeHold(tx, {
        key: `settlement:${waiting}:hold:1`,
        account: merchantAccount(acme),
        amount: 500_00,
        entity: 'settlements',
        entityId: waiting,
      }),
    );
    await settlement('REJECTED', 300_00);
    const [payin] = (
      await db.execute<{ id: string; merchant_order_id: string; customer_id: string }>(
        // One without a chargeback yet: a pay-in takes one at most (the demo records a few).
        sql`SELECT id, merchant_order_id, customer_id FROM payins p WHERE merchant_id = ${bolt} AND status = 'SUCCESS' AND NOT test
          AND NOT EXISTS (SELECT 1 FROM liens l WHERE l.payin_id = p.id) ORDER BY created_at, id LIMIT 1`,
      )
    ).rows;
    const lien =
      await insert(sql`INSERT INTO liens (merchant_id, merchant_code, payin_id, merchant_order_id, customer_id,
      amount, received_at, reason) VALUES (${bolt}, 'BOLT', ${payin.id}, ${payin.merchant_order_id}, ${payin.customer_id},
      20000, now(), 'chargeback') RETURNING id`);
    await post('liens', lien, merchantPaidOut({ merchantId: bolt, amount: 200_00 }));
    const cash = await vendorSettlement('CASH', 'SUCCESS', 2_000_00);
    await post('vendor-settlements', cash, vendorSettled({ vendorId: alpha, amount: 2_000_00, into: TREASURY }));
    const axis = await bankIdOf(demo.s, 'BETA-AXIS-01');
    const transfer = await vendorSettlement('INTERNAL_BANK_TRANSFER', 'SUCCESS', 700_00);
    const entry = await insert(sql`INSERT INTO bank_entries (bank_account_id, utr, amount, vendor_settlement_id)
      VALUES (${axis}, ${utrOf(5)}, 70000, ${transfer}) RETURNING id`);
    await db.execute(sql`UPDATE vendor_settlements SET bank_entry_id = ${entry} WHERE id = ${transfer}`);
    await post(
      'vendor-settlements',
      transfer,
      vendorSettled({ vendorId: alpha, amount: 700_00, into: bankAccount(axis) }),
    );
    await vendorSettlement('CASH', 'INITIATED', 100_00);

    expect(await own('ACME')).toMatchObject({ balance: before.acme.balance - 1_000, held: before.acme.held + 500 });
    expect((await own('BOLT')).balance).toBe(before.bolt.balance - 200);
    expect(await vendorFromRows(db, alpha)).toBe(vendorsBefore.alpha - 2_700_00);
    expect(await vendorFromRows(db, beta)).toBe(vendorsBefore.beta + 700_00);
    const shown = (await demo.s.call('GET', '/v1/vendors?pageSize=10', { token: demo.t.admin })).body.data as {
      code: string;
      balance: number;
      unmatched: number;
    }[];
    expect(shown.find((v) => v.code === 'VEN-ALPHA')!.balance).toBe(paiseToRupees(vendorsBefore.alpha - 2_700_00));
    expect(shown.find((v) => v.code === 'VEN-BETA')!.balance).toBe(paiseToRupees(vendorsBefore.beta + 700_00));
    expect((await check()).differences).toEqual([]);
  });

  it("finds a cached balance or held changed behind the ledger's back, and nothing once restored", async () => {
    const acme = await idOf(merchants, 'ACME');
    const key = merchantAccount(acme);
    const { balance, held } = await own('ACME');
    /** Rupees moved by some paise, exactly as the server rounds them. */
    const plus = (rupees: number, paise: number) => paiseToRupees(Math.round(rupees * 100) + paise);
    const tamper = (set: ReturnType<typeof sql>) =>
      demo.s.db.execute(sql`UPDATE ledger_accounts SET ${set} WHERE key = ${key}`);
    await tamper(sql`balance = balance - 12345`);
    try {
      const tampered = await check();
      expect(tampered.clean).toBe(false);
      expect(tampered.differences).toEqual([
        {
          party: 'merchant',
          code: 'ACME',
          what: 'balance',
          ledger: plus(balance, 12345),
          rows: balance,
          difference: 123.45,
        },
        {
          party: 'account',
          code: key,
          what: 'balance',
          ledger: plus(-balance, -12345),
          rows: -balance,
          difference: -123.45,
        },
      ]);
    } finally {
      await tamper(sql`balance = balance + 12345`);
    }
    await tamper(sql`held = held + 1`);
    try {
      expect((await check()).differences).toEqual([
        { party: 'merchant', code: 'ACME', what: 'held', ledger: plus(held, 1), rows: held, difference: 0.01 },
        { party: 'account', code: key, what: 'held', ledger: plus(held, 1), rows: held, difference: 0.01 },
      ]);
    } finally {
      await tamper(sql`held = held - 1`);
    }
    expect((await check()).differences).toEqual([]);
  });

  it('finds a journal whose entries do not sum to zero (last: entries cannot be taken back)', async () => {
    const { rows } = await demo.s.db.execute<{ id: string; key: string; account: string }>(sql`
      SELECT j.id, j.key, a.id AS account FROM ledger_journals j JOIN ledger_entries e ON e.journal_id = j.id
      JOIN ledger_accounts a ON a.id = e.account_id WHERE a.key = 'income:payin-fees' LIMIT 1`);
    // The database refuses an unbalanced journal: its triggers are switched off for this one write.
    await demo.s.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql`INSERT INTO ledger_entries (journal_id, account_id, amount) VALUES (${rows[0].id}, ${rows[0].account}, 1)`,
      );
    });
    expect((await check()).differences).toEqual([
      { party: 'journal', code: rows[0].key, what: 'sum', ledger: 0.01, rows: 0, difference: 0.01 },
    ]);
  });
});
