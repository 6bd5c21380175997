import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liens, merchants, payins, payouts, settlements } from '../../server/db/schema';
import { merchantBalance, merchantHeld } from '../support/balance-oracle';
import { paiseToRupees } from '../../domain/money';
import { demoServerPerFile } from '../support/server';
import { payoutKit } from '../support/payouts';
import { bankIdOf, utrOf } from '../support/deposits';
import { vendorFromRows } from '../support/balances';

/** Issue 12, item 4: the money of merchants and vendors, read from the ledger, where users look. */
const demo = demoServerPerFile({
  merchantApiRateLimitPerMinute: 100_000,
  payPageRateLimitPerMinute: 100_000,
  payoutCheckerThresholdRupees: 1_000_000,
});
const { fund, newPayout, act } = payoutKit(demo);

const idOf = async (code: string) =>
  (await demo.s.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code)))[0].id;

/** DESIGN §5 over a merchant's own rows (tests/support/balance-oracle.ts), and its ledger account, in rupees. */
const ownMoney = async (code: string) => {
  const id = await idOf(code);
  const db = demo.s.db;
  const [p, o, st, l] = await Promise.all([
    db.select().from(payins).where(eq(payins.merchantId, id)),
    db.select().from(payouts).where(eq(payouts.merchantId, id)),
    db.select().from(settlements).where(eq(settlements.merchantId, id)),
    db.select().from(liens).where(eq(liens.merchantId, id)),
  ]);
  const { rows } = await db.execute<{ balance: string; held: string }>(
    sql`SELECT -balance AS balance, held FROM ledger_accounts WHERE key = ${`merchant:${id}`}`,
  );
  const fromRows = {
    balance: merchantBalance({ payins: p, payouts: o, settlements: st, liens: l }),
    held: merchantHeld({ payouts: o, settlements: st }),
  };
  const ledger = { balance: Number(rows[0]?.balance ?? 0), held: Number(rows[0]?.held ?? 0) };
  expect(ledger).toEqual(fromRows);
  return {
    balance: paiseToRupees(ledger.balance),
    held: paiseToRupees(ledger.held),
    available: paiseToRupees(ledger.balance - ledger.held),
  };
};

const sum = (a: { balance: number; held: number }, b: { balance: number; held: number }) => ({
  balance: a.balance + b.balance,
  held: a.held + b.held,
  available: a.balance + b.balance - a.held - b.held,
});
const moneyOf = (m: { balance: number; held: number; available: number }) => ({
  balance: m.balance,
  held: m.held,
  available: m.available,
});

describe('merchant balances', () => {
  it('list, show and the merchant API answer the ledger, which DESIGN §5 finds in the rows; a parent includes its sub-merchants unless asked not to', async () => {
    const acme = await fund('ACME', 10_000);
    const kids = await fund('ACME-KIDS', 2_000);
    const paying = await bankIdOf(demo.s, 'ALPHA-SBI-PAYOUT');
    const paid = await newPayout(acme, 1_000);
    expect(
      (await act(demo.t.operations, paid, 'approve', { method: 'manual', utr: utrOf(1), bankAccountId: paying }))
        .status,
    ).toBe(200);
    const back = await newPayout(acme, 600);
    await act(demo.t.operations, back, 'approve', { method: 'manual', utr: utrOf(2), bankAccountId: paying });
    expect((await act(demo.t.operations, back, 'reverse')).status).toBe(202);
    expect((await act(demo.t.admin, back, 'reverse')).body.data.status).toBe('REVERSED');
    await newPayout(acme, 700);
    await newPayout(kids, 500);

    const own = await ownMoney('ACME');
    const sub = await ownMoney('ACME-KIDS');
    // 10,000 − 2.5 % − (1,000 + 1.5 %); 700 + 1.5 % waits. 2,000 − 2.5 %; 500 + 1.5 % waits.
    expect(own).toEqual({ balance: 8_735, held: 710.5, available: 8_024.5 });
    expect(sub).toEqual({ balance: 1_950, held: 507.5, available: 1_442.5 });
    const both = sum(own, sub);

    const list = async (query = '') =>
      (await demo.s.call('GET', `/v1/merchants?pageSize=100${query}`, { token: demo.t.admin })).body.data as {
        code: string;
        balance: number;
        held: number;
        available: number;
      }[];
    const row = (rows: Awaited<ReturnType<typeof list>>, code: string) => moneyOf(rows.find((r) => r.code === code)!);
    const rolled = await list();
    expect(row(rolled, 'ACME')).toEqual(both);
    expect(row(rolled, 'ACME-KIDS')).toEqual(sub);
    const apart = await list('&includeSubMerchants=false');
    expect(row(apart, 'ACME')).toEqual(own);
    expect(row(apart, 'ACME-KIDS')).toEqual(sub);

    const show = async (query = '') =>
      (await demo.s.call('GET', `/v1/merchants/${await idOf('ACME')}${query}`, { token: demo.t.admin })).body.data;
    const shown = await show();
    expect(moneyOf(shown)).toEqual(both);
    expect(moneyOf(shown.subMerchants[0])).toEqual(sub);
    expect(moneyOf(await show('?includeSubMerchants=false'))).toEqual(own);

    const api = async (key: string, query = '') =>
      (await demo.s.call('GET', `/v1/merchant-api/balance${query}`, { headers: { 'x-api-key': key } })).body.data;
    // The merchant API answers what the merchant itself can pay out, its sub-merchants' apart (issue 29).
    expect(await api(acme)).toEqual({ ...own, subMerchants: sub });
    expect(await api(acme, '?includeSubMerchants=false')).toEqual(own);
    expect(await api(kids)).toEqual(sub);

    const csv = (await demo.s.call('GET', '/v1/merchants/export?code=ACME-KIDS', { token: demo.t.admin }))
      .body as string;
    expect(csv.split('\n')[0]).toContain('Balance,Held,Available');
    expect(csv).toContain('1950.00,507.50,1442.50');
  });

  it("a merchant admin's list and show carry only its own merchants' money", async () => {
    const all = (await demo.s.call('GET', '/v1/merchants?pageSize=100', { token: demo.t.admin })).body.data as {
      id: string;
      code: string;
      balance: number;
    }[];
    const mine = (await demo.s.call('GET', '/v1/merchants?pageSize=100', { token: demo.t['merchant-admin'] })).body
      .data as typeof all;
    expect(mine.map((m) => m.code).sort()).toEqual(['ACME', 'ACME-KIDS']);
    for (const m of mine) expect(m.balance).toBe(all.find((a) => a.code === m.code)!.balance);
    const bolt = all.find((m) => m.code === 'BOLT')!;
    const ids = await demo.s.call('GET', `/v1/merchants?ids=${bolt.id}`, { token: demo.t['merchant-admin'] });
    expect(ids.body.data).toEqual([]);
    expect((await demo.s.call('GET', `/v1/merchants/${bolt.id}`, { token: demo.t['merchant-admin'] })).status).toBe(
      404,
    );
  });
});

describe('vendor balances', () => {
  const vendors = async (token = demo.t.admin) =>
    (await demo.s.call('GET', '/v1/vendors?pageSize=100', { token })).body.data as {
      id: string;
      code: string;
      balance: number;
      unmatched: number;
    }[];

  it('say what each vendor holds of the gateway’s money, as DESIGN §5 finds it in the rows; unmatched entries beside it', async () => {
    const commissions = async () =>
      Number(
        (
          await demo.s.db.execute<{ total: string }>(sql`SELECT
            (SELECT coalesce(sum(vendor_commission), 0) FROM payins WHERE status = 'SUCCESS' AND NOT test)
            + (SELECT coalesce(sum(vendor_commission), 0) FROM payouts WHERE status = 'SUCCESS' AND NOT test) AS total`)
        ).rows[0].total,
      );
    const before = await vendors();
    const earnedBefore = await commissions();
    await fund('BOLT', 3_000);
    const waiting = await newPayout(await fund('CRISP', 4_000), 900);
    const kotak = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
    await act(demo.t.operations, waiting, 'approve', { method: 'manual', utr: utrOf(3), bankAccountId: kotak });
    const icici = await bankIdOf(demo.s, 'ALPHA-ICICI-02');
    const added = await demo.s.call('POST', '/v1/bank-entries', {
      token: demo.t.operations,
      body: { bankAccountId: icici, utr: utrOf(4), amount: 555 },
    });
    expect(added.body.data.matched).toBeFalsy();

    const after = await vendors();
    const total = (list: typeof after) => list.reduce((s, v) => s + v.balance, 0);
    // Both pay-ins landed with a vendor; the pay-out left VEN-BETA's account; each vendor kept its commission.
    const earned = (await commissions()) - earnedBefore;
    expect(earned).toBeGreaterThan(0);
    expect(total(after) - total(before)).toBeCloseTo(3_000 + 4_000 - 900 - earned / 100, 2);
    for (const v of after) expect(v.balance).toBe(paiseToRupees(await vendorFromRows(demo.s.db, v.id)));
    const alpha = (list: typeof after) => list.find((v) => v.code === 'VEN-ALPHA')!;
    expect(alpha(after).unmatched - alpha(before).unmatched).toBe(555);
    const shown = (await demo.s.call('GET', `/v1/vendors/${alpha(after).id}`, { token: demo.t.transactions })).body
      .data;
    expect(shown).toMatchObject({ balance: alpha(after).balance, unmatched: alpha(after).unmatched });
    expect((await demo.s.call('GET', '/v1/vendors', { token: demo.t.vendor })).status).toBe(403);
  });
});
