import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { bankEntries, payouts } from '../../db/schema';
import { istDayOf } from '../../../domain/format';
import { availableOf } from '../../../domain/payout';
import { istDayRange } from '../common/lists';
import { subMerchantsWithin } from '../common/scope';

/**
 * Money as the ledger has it (DESIGN §5), read for a whole page of parties in one statement, in
 * integer paise: the callers turn it into rupees at the edge.
 */
export interface MerchantMoney {
  /** What the gateway owes the merchant (its account's balance, shown sign). */
  balance: number;
  held: number;
  available: number;
}

export interface VendorMoney {
  /** Positive: the vendor holds the gateway's money (owes it); negative: the gateway owes the vendor. */
  balance: number;
  /** Bank entries on its accounts that no pay-in and no internal transfer used. */
  unmatched: number;
}

export const NO_MERCHANT_MONEY: MerchantMoney = { balance: 0, held: 0, available: 0 };
export const NO_VENDOR_MONEY: VendorMoney = { balance: 0, unmatched: 0 };

const idArray = (ids: string[]) => sql`${sql.param([...new Set(ids)])}::uuid[]`;
const paise = (value: string | number | null) => Number(value ?? 0);

/**
 * Each merchant's balance, held and available money. A parent's figures include those of its
 * sub-merchants that the caller may see (`within`: the merchant codes of its scope, null for all)
 * unless `includeSubMerchants` is false (DESIGN §5).
 */
export const merchantMoney = async (
  db: DbOrTx,
  merchantIds: string[],
  { includeSubMerchants = true, within }: { includeSubMerchants?: boolean; within: string[] | null },
): Promise<Map<string, MerchantMoney>> => {
  if (merchantIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; balance: string; held: string }>(sql`
    SELECT m.id, coalesce(-sum(a.balance), 0) AS balance, coalesce(sum(a.held), 0) AS held
    FROM unnest(${idArray(merchantIds)}) AS m(id)
    CROSS JOIN LATERAL (
      SELECT m.id AS id
      UNION ALL SELECT s.id FROM merchants s WHERE ${includeSubMerchants}::boolean AND s.parent_id = m.id
        AND ${subMerchantsWithin(within, sql`s.code`)}) AS c
    LEFT JOIN ledger_accounts a ON a.key = 'merchant:' || c.id
    GROUP BY m.id`);
  return new Map(
    rows.map((r) => {
      const money = { balance: paise(r.balance), held: paise(r.held) };
      return [r.id, { ...money, available: availableOf(money) }];
    }),
  );
};

/** A parent's sub-merchants' money added up, apart from its own; null when it has none. */
export const subMerchantMoney = async (db: DbOrTx, parentId: string): Promise<MerchantMoney | null> => {
  const { rows } = await db.execute<{ n: string; balance: string; held: string }>(sql`
    SELECT count(*) AS n, coalesce(-sum(a.balance), 0) AS balance, coalesce(sum(a.held), 0) AS held
    FROM merchants s LEFT JOIN ledger_accounts a ON a.key = 'merchant:' || s.id
    WHERE s.parent_id = ${parentId}::uuid`);
  if (Number(rows[0].n) === 0) return null;
  const money = { balance: paise(rows[0].balance), held: paise(rows[0].held) };
  return { ...money, available: availableOf(money) };
};

/**
 * Each vendor's balance (its bank accounts' and its own account's, DESIGN §5) and its unmatched
 * bank entries.
 */
export const vendorMoney = async (db: DbOrTx, vendorIds: string[]): Promise<Map<string, VendorMoney>> => {
  if (vendorIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; balance: string; unmatched: string }>(sql`
    SELECT v.id,
      (SELECT coalesce(sum(a.balance), 0) FROM bank_accounts b JOIN ledger_accounts a ON a.key = 'bank:' || b.id
        WHERE b.vendor_id = v.id)
      + coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.key = 'vendor:' || v.id), 0) AS balance,
      (SELECT coalesce(sum(e.amount), 0) FROM bank_accounts b JOIN bank_entries e ON e.bank_account_id = b.id
        WHERE b.vendor_id = v.id AND e.payin_id IS NULL AND e.vendor_settlement_id IS NULL) AS unmatched
    FROM unnest(${idArray(vendorIds)}) AS v(id)`);
  return new Map(rows.map((r) => [r.id, { balance: paise(r.balance), unmatched: paise(r.unmatched) }]));
};

/** Whole IST days, today when a bound is not given. */
export const istDaysOrToday = (from?: string, to?: string, now = new Date()) => ({
  from: from ?? istDayOf(now),
  to: to ?? istDayOf(now),
});

/**
 * What moved through each bank account over whole IST days: a pay-in account's bank entries
 * (used or not), a pay-out account's pay-outs paid from it (SUCCESS, by completion time; test
 * pay-outs move no money). One statement for the page.
 */
export const bankRangeMoney = async (
  db: DbOrTx,
  accounts: { id: string; usedFor: string }[],
  days: { from: string; to: string },
): Promise<Map<string, number>> => {
  if (accounts.length === 0) return new Map();
  const idsOf = (usedFor: string) => accounts.filter((a) => a.usedFor === usedFor).map((a) => a.id);
  const entries = db
    .select({ id: bankEntries.bankAccountId, amount: sql<string>`sum(${bankEntries.amount})` })
    .from(bankEntries)
    .where(
      and(
        inArray(bankEntries.bankAccountId, idsOf('PAYIN')),
        ...istDayRange(bankEntries.createdAt, days.from, days.to),
      ),
    )
    .groupBy(bankEntries.bankAccountId);
  const paid = db
    .select({ id: sql<string>`${payouts.bankAccountId}`, amount: sql<string>`sum(${payouts.amount})` })
    .from(payouts)
    .where(
      and(
        inArray(payouts.bankAccountId, idsOf('PAYOUT')),
        eq(payouts.status, 'SUCCESS'),
        eq(payouts.test, false),
        ...istDayRange(payouts.completedAt, days.from, days.to),
      ),
    )
    .groupBy(payouts.bankAccountId);
  const rows = await entries.unionAll(paid);
  return new Map(rows.map((r) => [r.id, paise(r.amount)]));
};
