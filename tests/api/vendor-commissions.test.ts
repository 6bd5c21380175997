import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { payoutKit } from '../support/payouts';
import { resetEntryByTwo } from '../support/roles';
import { bankIdOf, utrOf } from '../support/deposits';

/**
 * DESIGN §5, a vendor's account less its commission: a pay-in landing in a vendor's account earns
 * the vendor its pay-in percentage, a pay-out paid by hand from one its pay-out percentage; each is
 * stored with the success and posted in its journal, and taken back when the money is.
 */
const demo = demoServerPerFile({
  merchantApiRateLimitPerMinute: 100_000,
  payPageRateLimitPerMinute: 100_000,
  payoutCheckerThresholdRupees: 10_000_000,
});
const { fundEntry, newPayout, act } = payoutKit(demo);

const vendorBps = async (code: string) =>
  (
    await demo.s.db.execute<{ payin: number; payout: number; id: string }>(
      sql`SELECT id, payin_commission_bps AS payin, payout_commission_bps AS payout FROM vendors WHERE code = ${code}`,
    )
  ).rows[0];
/** The commission lines of a record's journals: (kind, account kind, amount) in posting order. */
const commissionLines = async (entity: string, id: string) =>
  (
    await demo.s.db.execute<{ kind: string; key: string; amount: string }>(sql`
      SELECT j.kind, a.key, e.amount FROM ledger_journals j JOIN ledger_entries e ON e.journal_id = j.id
      JOIN ledger_accounts a ON a.id = e.account_id
      WHERE j.entity = ${entity} AND j.entity_id = ${id} AND (a.key LIKE 'vendor:%' OR a.key = 'income:vendor-commissions')
      ORDER BY e.id`)
  ).rows.map((r) => [r.kind, r.key.split(':')[0], Number(r.amount)]);
const commissionOf = async (table: 'payins' | 'payouts', id: string) =>
  Number(
    (await demo.s.db.execute<{ c: string }>(sql`SELECT vendor_commission AS c FROM ${sql.raw(table)} WHERE id = ${id}`))
      .rows[0].c,
  );

describe('vendor commissions', () => {
  it("a pay-in in a vendor's account earns it its pay-in percentage, taken back when the entry is freed", async () => {
    const { payinId, entryId } = await fundEntry('BOLT', 2_000);
    const [bank] = (
      await demo.s.db.execute<{ code: string }>(sql`SELECT v.code FROM bank_entries e
        JOIN bank_accounts b ON b.id = e.bank_account_id JOIN vendors v ON v.id = b.vendor_id WHERE e.id = ${entryId}`)
    ).rows;
    const bps = (await vendorBps(bank.code)).payin;
    const expected = Math.floor((2_000_00 * bps + 5_000) / 10_000);
    expect(expected).toBeGreaterThan(0);
    expect(await commissionOf('payins', payinId)).toBe(expected);
    expect(await commissionLines('payins', payinId)).toEqual([
      ['payin.success', 'income', expected],
      ['payin.success', 'vendor', -expected],
    ]);

    const reset = await resetEntryByTwo(demo.s, demo.t, entryId);
    expect(reset.status).toBe(200);
    expect((await commissionLines('payins', payinId)).slice(2)).toEqual([
      ['payin.reversal', 'income', -expected],
      ['payin.reversal', 'vendor', expected],
    ]);
  });

  it('a pay-out paid by hand from a vendor account earns its pay-out percentage; a reversal takes it back', async () => {
    const { key } = await fundEntry('CRISP', 10_000);
    const id = await newPayout(key, 1_000);
    const kotak = await bankIdOf(demo.s, 'BETA-KOTAK-PAYOUT');
    const approved = await act(demo.t.operations, id, 'approve', {
      method: 'manual',
      utr: utrOf(9),
      bankAccountId: kotak,
    });
    expect(approved.status).toBe(200);
    const bps = (await vendorBps('VEN-BETA')).payout;
    const expected = Math.floor((1_000_00 * bps + 5_000) / 10_000);
    expect(await commissionOf('payouts', id)).toBe(expected);
    expect(await commissionLines('payouts', id)).toEqual([
      ['payout.success', 'income', expected],
      ['payout.success', 'vendor', -expected],
    ]);
    await act(demo.t.operations, id, 'reverse');
    await act(demo.t.transactions, id, 'reverse');
    expect((await commissionLines('payouts', id)).slice(2)).toEqual([
      ['payout.reversal', 'income', -expected],
      ['payout.reversal', 'vendor', expected],
    ]);
  });
});
