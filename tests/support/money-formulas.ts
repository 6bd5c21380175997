import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { merchantBalance, merchantHeld, vendorBalance } from './balance-oracle';
import {
  bankAccount,
  merchantAccount,
  PAYIN_FEES,
  PAYOUT_FEES,
  TREASURY,
  VENDOR_COMMISSIONS,
  vendorAccount,
} from '../../domain/ledger';
import type { TestServer } from './server';

/**
 * DESIGN §5 over every row, after each run of the money property test: each merchant's balance and
 * held and each vendor's balance computed in TypeScript with tests/support/balance-oracle.ts from the rows of
 * its money events, beside the ledger; each bank account, the treasury and the fee incomes
 * likewise; the ledger sums to zero; and each money event has exactly the journals and holds its
 * status says (money-structure.ts).
 */
type Rows<T> = Promise<{ rows: T[] }>;
const n = (v: string | number | null) => Number(v ?? 0);
const sumOf = <T>(rows: T[], pick: (r: T) => number) => rows.reduce((s, r) => s + pick(r), 0);
const by = <T, K>(rows: T[], key: (r: T) => K) => {
  const map = new Map<K, T[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
  return (k: K) => map.get(k) ?? [];
};

const read = async (s: TestServer) => {
  const q = <T>(query: ReturnType<typeof sql>) => s.db.execute(query) as unknown as Rows<T>;
  const [payins, payouts, settlements, liens, transfers, banks, parties, accounts] = await Promise.all([
    q<{
      merchant_id: string;
      status: string;
      test: boolean;
      confirmed_amount: string;
      fee: string;
      commission: string;
      bank: string;
    }>(
      sql`SELECT p.merchant_id, p.status, p.test, p.confirmed_amount, p.fee, p.vendor_commission AS commission,
        coalesce(e.bank_account_id, p.bank_account_id) AS bank
      FROM payins p LEFT JOIN bank_entries e ON e.id = p.bank_entry_id`,
    ),
    q<{
      merchant_id: string;
      status: string;
      test: boolean;
      amount: string;
      fee: string;
      commission: string;
      bank: string | null;
    }>(
      sql`SELECT merchant_id, status, test, amount, fee, vendor_commission AS commission,
        CASE WHEN method = 'manual' THEN bank_account_id END AS bank
      FROM payouts`,
    ),
    q<{ merchant_id: string; status: string; amount: string }>(
      sql`SELECT merchant_id, status, amount FROM settlements`,
    ),
    q<{ merchant_id: string; amount: string }>(sql`SELECT merchant_id, amount FROM liens`),
    q<{ vendor_id: string; status: string; amount: string; bank: string | null }>(
      sql`SELECT s.vendor_id, s.status, s.amount, e.bank_account_id AS bank
      FROM vendor_settlements s LEFT JOIN bank_entries e ON e.id = s.bank_entry_id`,
    ),
    q<{ id: string; vendor_id: string | null }>(sql`SELECT id, vendor_id FROM bank_accounts`),
    q<{ kind: string; id: string; code: string }>(
      sql`SELECT 'merchant' AS kind, id, code FROM merchants UNION ALL SELECT 'vendor', id, code FROM vendors`,
    ),
    q<{ key: string; balance: string; held: string; entries: string }>(
      sql`SELECT a.key, CASE WHEN a.caches_balance THEN a.balance ELSE coalesce(sum(e.amount), 0) END AS balance,
        a.held, coalesce(sum(e.amount), 0) AS entries
      FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id GROUP BY a.id`,
    ),
  ]);
  const money = {
    payins: payins.rows.map((r) => ({
      ...r,
      confirmedAmount: n(r.confirmed_amount),
      fee: n(r.fee),
      vendorCommission: n(r.commission),
    })),
    payouts: payouts.rows.map((r) => ({ ...r, amount: n(r.amount), fee: n(r.fee), vendorCommission: n(r.commission) })),
    settlements: settlements.rows.map((r) => ({ ...r, amount: n(r.amount) })),
    liens: liens.rows.map((r) => ({ ...r, amount: n(r.amount) })),
    transfers: transfers.rows.map((r) => ({ ...r, amount: n(r.amount) })),
  };
  return { ...money, banks: banks.rows, parties: parties.rows, accounts: accounts.rows };
};

/** Every figure the ledger has beside the one the rows give, as `key: ledger vs rows` where they differ. */
export const formulaProblems = async (s: TestServer) => {
  const rows = await read(s);
  const ledger = new Map(rows.accounts.map((a) => [a.key, a]));
  const balanceOf = (key: string) => n(ledger.get(key)?.balance ?? 0);
  const problems: string[] = [];
  const compare = (what: string, fromLedger: number, fromRows: number) => {
    if (fromLedger !== fromRows) problems.push(`${what}: ledger ${fromLedger} vs rows ${fromRows}`);
  };
  const ofMerchant = {
    payins: by(rows.payins, (r) => r.merchant_id),
    payouts: by(rows.payouts, (r) => r.merchant_id),
    settlements: by(rows.settlements, (r) => r.merchant_id),
    liens: by(rows.liens, (r) => r.merchant_id),
  };
  const intoBank = {
    payins: by(rows.payins, (r) => r.bank),
    payouts: by(rows.payouts, (r) => r.bank),
    transfers: by(rows.transfers, (r) => r.bank),
  };
  const vendorSettlements = by(rows.transfers, (r) => r.vendor_id);
  const banksOf = by(rows.banks, (b) => b.vendor_id);

  for (const m of rows.parties.filter((p) => p.kind === 'merchant')) {
    const own = { payins: [], payouts: [], settlements: [], liens: [] } as Parameters<typeof merchantBalance>[0];
    for (const k of ['payins', 'payouts', 'settlements', 'liens'] as const)
      Object.assign(own, { [k]: ofMerchant[k](m.id) });
    const key = merchantAccount(m.id);
    compare(`${m.code} balance`, -balanceOf(key), merchantBalance(own));
    compare(`${m.code} held`, n(ledger.get(key)?.held ?? 0), merchantHeld(own));
  }
  for (const v of rows.parties.filter((p) => p.kind === 'vendor')) {
    const accounts = banksOf(v.id).map((b) => b.id);
    const fromRows = vendorBalance({
      payinsIn: accounts.flatMap((b) => intoBank.payins(b)),
      payoutsPaid: accounts.flatMap((b) => intoBank.payouts(b)),
      transfersIn: accounts.flatMap((b) => intoBank.transfers(b)),
      settlements: vendorSettlements(v.id),
    });
    compare(`${v.code} balance`, sumOf([...accounts.map(bankAccount), vendorAccount(v.id)], balanceOf), fromRows);
  }
  // A bank account holds the money itself: the vendor's commission is its own account's.
  const uncommissioned = <T extends { vendorCommission: number }>(list: T[]) =>
    list.map((r) => ({ ...r, vendorCommission: 0 }));
  for (const b of rows.banks) {
    const fromRows = vendorBalance({
      payinsIn: uncommissioned(intoBank.payins(b.id)),
      payoutsPaid: uncommissioned(intoBank.payouts(b.id)),
      transfersIn: intoBank.transfers(b.id),
      settlements: [],
    });
    compare(`bank ${b.id}`, balanceOf(bankAccount(b.id)), fromRows);
  }
  const success = <T extends { status: string; test?: boolean }>(list: T[]) =>
    list.filter((r) => r.status === 'SUCCESS' && !r.test);
  const handedOver = success(rows.transfers).filter((t) => t.bank === null);
  compare(
    'treasury',
    balanceOf(TREASURY),
    sumOf(handedOver, (t) => t.amount) -
      sumOf(success(rows.settlements), (x) => x.amount) -
      sumOf(rows.liens, (l) => l.amount),
  );
  compare(
    'pay-in fees',
    -balanceOf(PAYIN_FEES),
    sumOf(success(rows.payins), (p) => p.fee),
  );
  compare(
    'pay-out fees',
    -balanceOf(PAYOUT_FEES),
    sumOf(success(rows.payouts), (p) => p.fee),
  );
  compare(
    'vendor commissions',
    balanceOf(VENDOR_COMMISSIONS),
    sumOf(success(rows.payins), (p) => p.vendorCommission) + sumOf(success(rows.payouts), (p) => p.vendorCommission),
  );
  compare(
    'ledger sum',
    sumOf(rows.accounts, (a) => n(a.entries)),
    0,
  );
  for (const a of rows.accounts) compare(`${a.key} cached`, n(a.balance), n(a.entries));
  return problems;
};

/** GET /v1/reconciliation as ADMIN answers 200 with no differences. */
export const reconciliationAgrees = async (s: TestServer, adminToken: string) => {
  const res = await s.call('GET', '/v1/reconciliation', { token: adminToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.differences).toEqual([]);
};
