import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { paiseToRupees } from '../../../domain/money';
import { providerClearing } from '../../../domain/ledger';
import { PROVIDERS, SOURCE_OF } from '../../../domain/providers';
import { bankDifferences, type BankOptions } from './reconciliation-bank';

/**
 * The reconciliation check (issue 12): every party's money recomputed from the rows of its money
 * events (DESIGN §5 in SQL, each party on its own, no sub-merchant roll-up; the tests' oracle in
 * TypeScript is tests/support/balance-oracle.ts) beside what the ledger says, and the ledger
 * against itself. All read in one snapshot, so that a posting made meanwhile cannot show as a
 * difference. Issue 29: the rows against the bank entries too, in
 * the same snapshot (reconciliation-bank.ts); `clean` only when neither side differs.
 */
export type Party = 'merchant' | 'vendor' | 'provider' | 'account' | 'journal';

interface Figure {
  party: Party;
  code: string;
  what: 'balance' | 'held' | 'sum';
  /** Paise. */
  ledger: number;
  rows: number;
}

/** DESIGN §5: a merchant's balance and held from its pay-ins, pay-outs, settlements and chargebacks. */
const merchantFigures = async (db: DbOrTx): Promise<Figure[]> => {
  const { rows } = await db.execute<Record<'code' | 'ledger_balance' | 'ledger_held' | 'balance' | 'held', string>>(sql`
    WITH moves AS (
      SELECT merchant_id, coalesce(confirmed_amount, 0) - coalesce(fee, 0) AS balance, 0 AS held
        FROM payins WHERE status = 'SUCCESS' AND NOT test
      UNION ALL
      SELECT merchant_id,
          CASE WHEN status IN ('SUCCESS', 'REVERSED') THEN -(amount + fee) ELSE 0 END
          + CASE WHEN status = 'REVERSED' THEN amount + fee ELSE 0 END,
          CASE WHEN status = 'INITIATED' THEN amount + fee ELSE 0 END
        FROM payouts WHERE NOT test AND status IN ('SUCCESS', 'REVERSED', 'INITIATED')
      UNION ALL
      SELECT merchant_id, CASE WHEN status = 'SUCCESS' THEN -amount ELSE 0 END,
          CASE WHEN status = 'INITIATED' THEN amount ELSE 0 END
        FROM settlements WHERE status IN ('SUCCESS', 'INITIATED')
      UNION ALL
      SELECT merchant_id, -amount, 0 FROM liens),
    totals AS (SELECT merchant_id, sum(balance) AS balance, sum(held) AS held FROM moves GROUP BY merchant_id)
    SELECT m.code, coalesce(-a.balance, 0) AS ledger_balance, coalesce(a.held, 0) AS ledger_held,
      coalesce(t.balance, 0) AS balance, coalesce(t.held, 0) AS held
    FROM merchants m
    LEFT JOIN ledger_accounts a ON a.key = 'merchant:' || m.id
    LEFT JOIN totals t ON t.merchant_id = m.id
    ORDER BY m.code`);
  return rows.flatMap((r) => [
    { party: 'merchant', code: r.code, what: 'balance', ledger: Number(r.ledger_balance), rows: Number(r.balance) },
    { party: 'merchant', code: r.code, what: 'held', ledger: Number(r.ledger_held), rows: Number(r.held) },
  ]);
};

/**
 * DESIGN §5: what a vendor holds of the gateway's money, from the pay-ins paid into its accounts,
 * the pay-outs paid by hand from them (each less the commission it earned), the internal transfers
 * into them and its own settlements (a pay-in paid through a provider never reached a vendor's bank);
 * in the ledger, its bank accounts' balances and its own account's.
 */
const vendorFigures = async (db: DbOrTx): Promise<Figure[]> => {
  const { rows } = await db.execute<Record<'code' | 'ledger' | 'balance', string>>(sql`
    WITH moves AS (
      SELECT b.vendor_id, coalesce(p.confirmed_amount, 0) - p.vendor_commission AS amount
        FROM payins p LEFT JOIN bank_entries e ON e.id = p.bank_entry_id
        JOIN bank_accounts b ON b.id = coalesce(e.bank_account_id, p.bank_account_id)
        WHERE p.status = 'SUCCESS' AND NOT p.test AND p.source = 'Manual'
      UNION ALL
      SELECT b.vendor_id, -(o.amount + o.vendor_commission) FROM payouts o JOIN bank_accounts b ON b.id = o.bank_account_id
        WHERE o.status = 'SUCCESS' AND NOT o.test AND o.method = 'manual'
      UNION ALL
      SELECT b.vendor_id, s.amount FROM vendor_settlements s JOIN bank_entries e ON e.id = s.bank_entry_id
        JOIN bank_accounts b ON b.id = e.bank_account_id WHERE s.status = 'SUCCESS'
      UNION ALL
      SELECT vendor_id, -amount FROM vendor_settlements WHERE status = 'SUCCESS'),
    totals AS (SELECT vendor_id, sum(amount) AS balance FROM moves GROUP BY vendor_id),
    ledger AS (
      SELECT b.vendor_id, a.balance FROM bank_accounts b JOIN ledger_accounts a ON a.key = 'bank:' || b.id
      UNION ALL
      SELECT v.id, a.balance FROM vendors v JOIN ledger_accounts a ON a.key = 'vendor:' || v.id),
    ledger_totals AS (SELECT vendor_id, sum(balance) AS balance FROM ledger GROUP BY vendor_id)
    SELECT v.code, coalesce(l.balance, 0) AS ledger, coalesce(t.balance, 0) AS balance
    FROM vendors v
    LEFT JOIN ledger_totals l ON l.vendor_id = v.id
    LEFT JOIN totals t ON t.vendor_id = v.id
    ORDER BY v.code`);
  return rows.map((r) => ({
    party: 'vendor',
    code: r.code,
    what: 'balance',
    ledger: Number(r.ledger),
    rows: Number(r.balance),
  }));
};

/**
 * Issue 14: what each payment provider collected for the gateway, from its successful real
 * pay-ins (their confirmed amounts), beside its clearing account's entries.
 */
const providerFigures = async (db: DbOrTx): Promise<Figure[]> => {
  const figures: Figure[] = [];
  for (const provider of PROVIDERS) {
    const key = providerClearing(provider);
    const { rows } = await db.execute<{ ledger: string; rows: string }>(sql`
      SELECT
        (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.key = ${key}) AS ledger,
        (SELECT coalesce(sum(confirmed_amount), 0) FROM payins
          WHERE status = 'SUCCESS' AND NOT test AND source = ${SOURCE_OF[provider]}) AS rows`);
    figures.push({
      party: 'provider',
      code: key,
      what: 'balance',
      ledger: Number(rows[0].ledger),
      rows: Number(rows[0].rows),
    });
  }
  return figures;
};

/** Each cached balance against its entries (debits positive), each account's held against its PENDING holds. */
const accountFigures = async (db: DbOrTx): Promise<Figure[]> => {
  const { rows } = await db.execute<
    Record<'key' | 'balance' | 'held' | 'entries' | 'pending', string> & { caches: boolean }
  >(sql`
    WITH entries AS (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id),
    pending AS (SELECT account_id, sum(amount) AS total FROM ledger_holds WHERE state = 'PENDING' GROUP BY account_id)
    SELECT a.key, a.caches_balance AS caches, a.balance, a.held,
      coalesce(e.total, 0) AS entries, coalesce(p.total, 0) AS pending
    FROM ledger_accounts a
    LEFT JOIN entries e ON e.account_id = a.id
    LEFT JOIN pending p ON p.account_id = a.id
    ORDER BY a.key`);
  return rows.flatMap((r): Figure[] => [
    ...(r.caches
      ? [
          {
            party: 'account',
            code: r.key,
            what: 'balance',
            ledger: Number(r.balance),
            rows: Number(r.entries),
          } as const,
        ]
      : []),
    { party: 'account', code: r.key, what: 'held', ledger: Number(r.held), rows: Number(r.pending) },
  ]);
};

/** Journals whose entries do not sum to zero, and how many there are. */
const journalFigures = async (db: DbOrTx) => {
  const { rows: unbalanced } = await db.execute<{ key: string; total: string }>(sql`
    SELECT j.key, sum(e.amount) AS total FROM ledger_journals j JOIN ledger_entries e ON e.journal_id = j.id
    GROUP BY j.id, j.key HAVING sum(e.amount) <> 0 ORDER BY j.id`);
  const { rows: counted } = await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ledger_journals`);
  const figures = unbalanced.map(
    (r): Figure => ({ party: 'journal', code: r.key, what: 'sum', ledger: Number(r.total), rows: 0 }),
  );
  return { figures, count: Number(counted[0].n) };
};

const rupees = (f: Figure) => ({
  party: f.party,
  code: f.code,
  what: f.what,
  ledger: paiseToRupees(f.ledger),
  rows: paiseToRupees(f.rows),
  difference: paiseToRupees(f.ledger - f.rows),
});

export type Difference = ReturnType<typeof rupees>;

export const reconcile = (db: Db, opts: BankOptions = {}) =>
  db.transaction(
    async (tx) => {
      // One after the other: a transaction has one connection.
      const merchants = await merchantFigures(tx);
      const vendors = await vendorFigures(tx);
      const providers = await providerFigures(tx);
      const accounts = await accountFigures(tx);
      const journals = await journalFigures(tx);
      const { entries, ...bank } = await bankDifferences(tx, opts);
      const all = [...merchants, ...vendors, ...providers, ...accounts, ...journals.figures];
      const count = (list: Figure[]) => new Set(list.map((f) => f.code)).size;
      const differences = all.filter((f) => f.ledger !== f.rows).map(rupees);
      return {
        differences,
        bank,
        clean: differences.length === 0 && Object.values(bank.counts).every((n) => n === 0),
        checked: {
          merchants: count(merchants),
          vendors: vendors.length,
          accounts: count(accounts),
          journals: journals.count,
          bankEntries: entries,
        },
        checkedAt: new Date().toISOString(),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
