import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDeposits } from '../../server/demo/seed-deposits';
import { seedDemoPayouts } from '../../server/demo/seed-payouts';
import {
  DEMO_LIENS,
  DEMO_SETTLEMENTS,
  DEMO_TRANSFER,
  DEMO_VENDOR_SETTLEMENTS,
  seedDemoSettlements,
} from '../../server/demo/seed-settlements';
import { bankAccounts, bankEntries, liens, payins, settlements, vendorSettlements } from '../../server/db/schema';
import { reconcile } from '../../server/services/ledger/reconciliation';
import { dateJournalsAtTheirEvents } from '../../server/services/ledger/rollups';
import { addDays } from '../../domain/boards';
import { istDayOf } from '../../domain/format';
import { startServer, type TestServer } from '../support/server';
import { ledgerHolds, payoutProblems } from '../support/deposits';

/** Issue 12: the demo's settlements, vendor settlements and chargebacks, made after the demo pay-outs. */
let s: TestServer;
let merchantRows: (typeof settlements.$inferSelect)[];
let vendorRows: (typeof vendorSettlements.$inferSelect)[];
let lienRows: (typeof liens.$inferSelect)[];

const read = async () => {
  merchantRows = await s.db.select().from(settlements).orderBy(asc(settlements.createdAt));
  vendorRows = await s.db.select().from(vendorSettlements).orderBy(asc(vendorSettlements.createdAt));
  lienRows = await s.db.select().from(liens);
};

beforeAll(async () => {
  s = await startServer();
  await seedDemoDeposits(s.db, { callbackBase: s.url });
  await seedDemoPayouts(s.db, { callbackBase: s.url });
  expect(await seedDemoSettlements(s.db)).toBe(true);
  await read();
}, 120_000);
afterAll(() => s?.close());

const STATUS_OF = { waiting: 'INITIATED', paid: 'SUCCESS', rejected: 'REJECTED' } as const;

const audits = async (entity: string, id: string) =>
  (
    await s.db.execute<{ action: string; actor_name: string }>(
      sql`SELECT action, actor_name FROM audit_events WHERE entity = ${entity} AND entity_id = ${id} ORDER BY at, id`,
    )
  ).rows.map((e) => `${e.action} by ${e.actor_name}`);

describe('the demo settlements', () => {
  it('exist for each row of the table, in its method and status, made and finished by its users', async () => {
    const seen = await Promise.all(
      merchantRows.map(async (r) => [r.merchantCode, r.method, r.status, ...(await audits('settlements', r.id))]),
    );
    expect(merchantRows).toHaveLength(DEMO_SETTLEMENTS.length);
    expect(seen.sort()).toEqual(
      DEMO_SETTLEMENTS.map(([by, code, , method, , fate, finisher]) => [
        code,
        method,
        STATUS_OF[fate.to],
        `create by ${by}`,
        ...(finisher ? [`${fate.to === 'paid' ? 'approve' : 'reject'} by ${finisher}`] : []),
      ]).sort(),
    );
  });

  it('keep what each method needs: a UTR, a wallet, a reason; the asked-for one is BANK and waits', () => {
    const one = (method: string, status: string) =>
      merchantRows.find((r) => r.method === method && r.status === status)!;
    expect(one('BANK', 'SUCCESS')).toMatchObject({
      reference: expect.stringMatching(/^\d{12}$/),
      accountHolder: expect.any(String),
    });
    expect(one('CASH', 'INITIATED')).toMatchObject({ reference: null, accountNumber: null, wallet: null });
    expect(one('AED', 'REJECTED').reason).toMatch(/\S/);
    expect(one('CRYPTO', 'SUCCESS')).toMatchObject({
      wallet: 'USDT TRC20',
      walletAddress: expect.any(String),
      reference: expect.any(String),
    });
    expect(merchantRows.find((r) => r.createdByName === 'merchant-admin')).toMatchObject({
      method: 'BANK',
      status: 'INITIATED',
      merchantCode: 'ACME',
    });
    for (const r of merchantRows.filter((r) => r.status === 'SUCCESS')) expect(r.completedAt).not.toBeNull();
  });

  it('give each vendor a paid CASH settlement and a waiting BANK one', () => {
    for (const code of ['VEN-ALPHA', 'VEN-BETA'])
      for (const [method, status] of [
        ['CASH', 'SUCCESS'],
        ['BANK', 'INITIATED'],
      ])
        expect(
          vendorRows.filter((r) => r.vendorCode === code && r.method === method && r.status === status),
          `${code} ${method}`,
        ).toHaveLength(1);
    expect(vendorRows).toHaveLength(DEMO_VENDOR_SETTLEMENTS.length + 1);
  });

  it("record an internal transfer that took a fresh bank entry on the other vendor's account", async () => {
    const transfer = vendorRows.find((r) => r.method === 'INTERNAL_BANK_TRANSFER')!;
    expect(transfer).toMatchObject({
      vendorCode: DEMO_TRANSFER.vendor,
      status: 'SUCCESS',
      reference: DEMO_TRANSFER.utr,
      amount: DEMO_TRANSFER.rupees * 100,
    });
    const [entry] = await s.db
      .select({ e: bankEntries, nickname: bankAccounts.nickname })
      .from(bankEntries)
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankEntries.bankAccountId))
      .where(eq(bankEntries.utr, DEMO_TRANSFER.utr));
    expect(entry.nickname).toBe(DEMO_TRANSFER.into);
    expect(entry.e).toMatchObject({
      id: transfer.bankEntryId,
      vendorSettlementId: transfer.id,
      payinId: null,
      usedAt: expect.any(Date),
    });
    const waiting = await s.db.select({ id: payins.id }).from(payins).where(eq(payins.submittedUtr, DEMO_TRANSFER.utr));
    expect(waiting).toEqual([]);
  });

  it("charge back two of BOLT's successful pay-ins, never more than they confirmed", async () => {
    expect(lienRows).toHaveLength(DEMO_LIENS.length);
    for (const lien of lienRows) {
      const [payin] = await s.db.select().from(payins).where(eq(payins.id, lien.payinId));
      expect(payin).toMatchObject({
        status: 'SUCCESS',
        test: false,
        merchantOrderId: lien.merchantOrderId,
        customerId: lien.customerId,
      });
      expect(lien).toMatchObject({ merchantCode: 'BOLT', merchantId: payin.merchantId });
      expect(lien.amount).toBeGreaterThan(0);
      expect(lien.amount).toBeLessThanOrEqual(payin.confirmedAmount!);
      expect(lien.receivedAt.getTime()).toBeLessThan(Date.now());
    }
  });

  it('leave the ledger agreeing with the rows: holds, balances, journals, nobody overdrawn', async () => {
    expect(await ledgerHolds(s)).toEqual({ unbalanced: [], mismatched: [] });
    expect(await payoutProblems(s)).toEqual([]);
    const journals = await s.db.execute<{ kind: string; n: number }>(
      sql`SELECT kind, count(*)::int AS n FROM ledger_journals WHERE kind IN ('settlement.success', 'vendor-settlement.success', 'lien') GROUP BY kind ORDER BY kind`,
    );
    expect(journals.rows).toEqual([
      { kind: 'lien', n: 2 },
      { kind: 'settlement.success', n: 2 },
      { kind: 'vendor-settlement.success', n: 3 },
    ]);
  });

  it('leave the reconciliation check with no difference', async () => {
    expect((await reconcile(s.db)).differences).toEqual([]);
  });

  it('are dated at their events over ninety days: the boards and reports have shape and agree with the ledger', async () => {
    await dateJournalsAtTheirEvents(s.db);
    expect((await reconcile(s.db)).differences).toEqual([]);
    const admin = await s.login('admin');
    const today = istDayOf(new Date());
    const from = addDays(today, -89);
    const board = (await s.call('GET', `/v1/dashboard?from=${from}&to=${today}`, { token: admin })).body.data;
    const days = (key: 'deposit' | 'withdraw') => board.series.filter((b: Record<string, number>) => b[key] > 0).length;
    expect(board.series).toHaveLength(90);
    expect(days('deposit')).toBeGreaterThan(60);
    expect(days('withdraw')).toBeGreaterThan(5);
    const ledger = await s.db.execute<{ total: string }>(
      sql`SELECT -coalesce(sum(balance), 0) AS total FROM ledger_accounts WHERE key LIKE 'merchant:%'`,
    );
    expect(Math.round(board.netBalance * 100)).toBe(Number(ledger.rows[0].total));
    // Everything the demo made lies in these ninety days: they moved the balance from nothing to the ledger's.
    expect(board.currentBalance).toBe(board.netBalance);
    const report = (
      await s.call('GET', `/v1/reports/accounts?merchantCode=ACME&includeSubMerchants=false&from=${from}&to=${today}`, {
        token: admin,
      })
    ).body.data as { payinCount: number; netBalance: number }[];
    expect(report.filter((r) => r.payinCount > 0).length).toBeGreaterThan(30);
    const listed = (await s.call('GET', '/v1/merchants?pageSize=100&includeSubMerchants=false', { token: admin })).body
      .data as { code: string; balance: number }[];
    const acme = listed.find((m) => m.code === 'ACME')!;
    expect(report.at(-1)!.netBalance).toBe(acme.balance);
  });

  it('show the merchant user the settlement it asked for, and no other merchant', async () => {
    const token = await s.login('merchant-admin');
    const res = await s.call('GET', '/v1/settlements?pageSize=100', { token });
    expect(res.status).toBe(200);
    const codes = new Set(res.body.data.map((r: { merchantCode: string }) => r.merchantCode));
    expect([...codes].every((c) => c === 'ACME' || c === 'ACME-KIDS')).toBe(true);
    expect(res.body.data.some((r: { createdByName: string }) => r.createdByName === 'merchant-admin')).toBe(true);
  });

  it('are made once: a second start finds them and adds nothing', async () => {
    const before = [merchantRows.length, vendorRows.length, lienRows.length];
    expect(await seedDemoSettlements(s.db)).toBe(false);
    await read();
    expect([merchantRows.length, vendorRows.length, lienRows.length]).toEqual(before);
  });
});
