import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { rupeesOrNull } from '../../../domain/money';
import {
  BANK_DIFFERENCE_KINDS,
  BANK_DIFFERENCES_LISTED,
  PAYIN_CHECKER_DECISION,
  PAYIN_MAKER_DECISION,
  UNUSED_ENTRY_HOURS,
  UTR_PROVING,
  entryAmountDifference,
  entryUnusedDifference,
  payinWithoutEntryDifference,
  utrReusedDifference,
  type BankDifference,
  type BankDifferenceKind,
  type BankRecord,
  type BankRecordEntity,
} from '../../../domain/reconciliation';

/**
 * The reconciliation's bank side (issue 29, item 8): the rows against the bank entries, read from
 * the rows themselves in the caller's snapshot. Each kind lists its oldest `limit` and counts all.
 */
export interface BankOptions {
  unusedHours?: number;
  limit?: number;
}

type Row = Record<string, string | number | Date | null>;
type Listed = { found: BankDifference[]; total: number };

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const text = (v: Row[string]) => (v === null ? null : String(v));
const paise = (v: Row[string]) => (v === null ? null : Number(v));
const iso = (v: Row[string]) => (v === null ? null : new Date(v as string | Date).toISOString());
const record = (
  entity: BankRecordEntity,
  id: Row[string],
  label: Row[string],
  code: Row[string],
  amount: Row[string],
) => ({ entity, id: String(id), label: String(label), code: text(code), amount: paise(amount) }) satisfies BankRecord;
const listed = (rows: Row[], make: (r: Row) => BankDifference): Listed => ({
  found: rows.map(make),
  total: rows.length ? Number(rows[0].total) : 0,
});

/** The latest audit event of one kind on a pay-in, as a lateral join named `as`. */
const latest = (mark: typeof PAYIN_MAKER_DECISION, payinId: SQL, as: string) => sql`
  LEFT JOIN LATERAL (SELECT a.actor_name, a.at FROM audit_events a
    WHERE a.entity = ${mark.entity} AND a.action = ${mark.action} AND a.entity_id = ${payinId}::text
    ORDER BY a.at DESC, a.id DESC LIMIT 1) ${sql.raw(as)} ON true`;

const decisionOf = (r: Row) => ({
  confirmedBy: text(r.confirmed_by),
  confirmedAt: iso(r.confirmed_at),
  checkedBy: text(r.checked_by),
});

const entryAmounts = async (db: DbOrTx, limit: number): Promise<Listed> => {
  const checker = PAYIN_CHECKER_DECISION;
  const { rows } = await db.execute<Row>(sql`
    WITH differing AS (
      SELECT p.id, p.merchant_code, p.merchant_order_id, p.confirmed_amount, p.created_at,
        e.id AS entry_id, e.utr, e.amount AS entry_amount, b.nickname
      FROM payins p JOIN bank_entries e ON e.id = p.bank_entry_id JOIN bank_accounts b ON b.id = e.bank_account_id
      WHERE p.status = 'SUCCESS' AND NOT p.test AND e.amount <> p.confirmed_amount
        -- A checker's word covers only what the checker saw: one given before the credit was recorded
        -- (a late credit of a pay-in confirmed without one) does not cover the credit's amount.
        AND NOT EXISTS (SELECT 1 FROM audit_events a
          WHERE a.entity = ${checker.entity} AND a.action = ${checker.action} AND a.entity_id = p.id::text
            AND a.at >= e.created_at)),
    found AS (SELECT *, count(*) OVER () AS total FROM differing ORDER BY created_at, id LIMIT ${limit})
    SELECT f.*, c.actor_name AS confirmed_by, c.at AS confirmed_at, NULL AS checked_by FROM found f
    ${latest(PAYIN_MAKER_DECISION, sql`f.id`, 'c')}
    ORDER BY f.created_at, f.id`);
  return listed(rows, (r) =>
    entryAmountDifference(
      record('payins', r.id, r.merchant_order_id, r.merchant_code, r.confirmed_amount),
      record('bank-entries', r.entry_id, r.utr, r.nickname, r.entry_amount),
      decisionOf(r),
    ),
  );
};

const reusedUtrs = async (db: DbOrTx, limit: number): Promise<Listed> => {
  const { payins, payouts, settlements } = UTR_PROVING;
  const vendor = UTR_PROVING['vendor-settlements'];
  const { rows } = await db.execute<Row>(sql`
    WITH uses AS (
      SELECT coalesce(utr, submitted_utr) AS utr, 'payins' AS entity, id, merchant_order_id AS label,
          merchant_code AS code, confirmed_amount AS amount, created_at
        FROM payins WHERE status IN (${inList(payins.statuses)}) AND NOT test AND coalesce(utr, submitted_utr) IS NOT NULL
      UNION ALL
      SELECT utr, 'payouts', id, merchant_order_id, merchant_code, amount, created_at
        FROM payouts WHERE status IN (${inList(payouts.statuses)}) AND NOT test AND utr IS NOT NULL
      UNION ALL
      SELECT reference, 'settlements', id, merchant_code, merchant_code, amount, created_at FROM settlements
        WHERE status IN (${inList(settlements.statuses)}) AND method IN (${inList(settlements.methods)}) AND reference IS NOT NULL
      UNION ALL
      SELECT reference, 'vendor-settlements', id, vendor_code, vendor_code, amount, created_at FROM vendor_settlements
        WHERE status IN (${inList(vendor.statuses)}) AND method IN (${inList(vendor.methods)}) AND reference IS NOT NULL),
    reused AS (SELECT utr, min(created_at) AS first, count(*) OVER () AS total FROM uses
      GROUP BY utr HAVING count(*) > 1 ORDER BY first, utr LIMIT ${limit})
    SELECT r.utr, r.total, u.entity, u.id, u.label, u.code, u.amount FROM reused r JOIN uses u ON u.utr = r.utr
    ORDER BY r.first, r.utr, u.created_at, u.entity, u.id`);
  const byUtr = new Map<string, Row[]>();
  for (const r of rows) byUtr.set(String(r.utr), [...(byUtr.get(String(r.utr)) ?? []), r]);
  return {
    found: [...byUtr].map(([utr, uses]) =>
      utrReusedDifference(
        utr,
        uses.map((u) => record(u.entity as BankRecordEntity, u.id, u.label, u.code, u.amount)),
      ),
    ),
    total: rows.length ? Number(rows[0].total) : 0,
  };
};

/** Paid into a vendor's account (source Manual): a provider's pay-in has its money at the provider. */
const payinsWithoutEntry = async (db: DbOrTx, limit: number): Promise<Listed> => {
  const { rows } = await db.execute<Row>(sql`
    WITH found AS (
      SELECT id, merchant_code, merchant_order_id, confirmed_amount, coalesce(utr, submitted_utr) AS utr, created_at,
          count(*) OVER () AS total
        FROM payins WHERE status = 'SUCCESS' AND NOT test AND source = 'Manual' AND bank_entry_id IS NULL
        ORDER BY created_at, id LIMIT ${limit})
    SELECT f.*, c.actor_name AS confirmed_by, c.at AS confirmed_at, k.actor_name AS checked_by,
      e.id AS entry_id, e.amount AS entry_amount, b.nickname,
      up.id AS used_payin, up.merchant_order_id AS used_label, up.merchant_code AS used_code,
      up.confirmed_amount AS used_amount,
      vs.id AS used_transfer, vs.vendor_code AS used_vendor, vs.amount AS used_transfer_amount
    FROM found f
    ${latest(PAYIN_MAKER_DECISION, sql`f.id`, 'c')}
    ${latest(PAYIN_CHECKER_DECISION, sql`f.id`, 'k')}
    LEFT JOIN bank_entries e ON e.utr = f.utr
    LEFT JOIN bank_accounts b ON b.id = e.bank_account_id
    LEFT JOIN payins up ON up.id = e.payin_id
    LEFT JOIN vendor_settlements vs ON vs.id = e.vendor_settlement_id
    ORDER BY f.created_at, f.id`);
  return listed(rows, (r) => {
    const entry = r.entry_id === null ? null : record('bank-entries', r.entry_id, r.utr, r.nickname, r.entry_amount);
    const usedBy =
      r.used_payin !== null
        ? record('payins', r.used_payin, r.used_label, r.used_code, r.used_amount)
        : r.used_transfer !== null
          ? record('vendor-settlements', r.used_transfer, r.used_vendor, r.used_vendor, r.used_transfer_amount)
          : null;
    const state = !entry ? 'none' : usedBy ? 'used' : 'free';
    return payinWithoutEntryDifference(
      record('payins', r.id, r.merchant_order_id, r.merchant_code, r.confirmed_amount),
      text(r.utr),
      decisionOf(r),
      { state, entry, usedBy },
    );
  });
};

/** Neither a pay-in's nor a transfer's, and older than the hours allowed. */
const unusedEntries = async (db: DbOrTx, limit: number, hours: number): Promise<Listed> => {
  const { rows } = await db.execute<Row>(sql`
    SELECT e.id, e.utr, e.amount, e.created_at, b.nickname, count(*) OVER () AS total
    FROM bank_entries e JOIN bank_accounts b ON b.id = e.bank_account_id
    WHERE e.payin_id IS NULL AND e.vendor_settlement_id IS NULL AND e.created_at < now() - make_interval(hours => ${hours})
    ORDER BY e.created_at, e.id LIMIT ${limit}`);
  return listed(rows, (r) =>
    entryUnusedDifference(record('bank-entries', r.id, r.utr, r.nickname, r.amount), iso(r.created_at)!, hours),
  );
};

const recordInRupees = (r: BankRecord) => ({ ...r, amount: rupeesOrNull(r.amount) });
const inRupees = (d: BankDifference) => ({
  ...d,
  records: d.records.map(recordInRupees),
  amount: rupeesOrNull(d.amount),
  bankAmount: rupeesOrNull(d.bankAmount),
  difference: rupeesOrNull(d.difference),
  credit: d.credit && {
    ...d.credit,
    entry: d.credit.entry && recordInRupees(d.credit.entry),
    usedBy: d.credit.usedBy && recordInRupees(d.credit.usedBy),
  },
});

/** Every bank difference, in rupees: run inside the reconciliation's snapshot. */
export const bankDifferences = async (db: DbOrTx, opts: BankOptions = {}) => {
  const unusedHours = opts.unusedHours ?? UNUSED_ENTRY_HOURS;
  const limit = opts.limit ?? BANK_DIFFERENCES_LISTED;
  // One after the other: a transaction has one connection.
  const kinds: Record<BankDifferenceKind, Listed> = {
    'entry-amount': await entryAmounts(db, limit),
    'utr-reused': await reusedUtrs(db, limit),
    'payin-without-entry': await payinsWithoutEntry(db, limit),
    'entry-unused': await unusedEntries(db, limit, unusedHours),
  };
  const { rows } = await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM bank_entries`);
  return {
    differences: BANK_DIFFERENCE_KINDS.flatMap((k) => kinds[k].found.map(inRupees)),
    counts: Object.fromEntries(BANK_DIFFERENCE_KINDS.map((k) => [k, kinds[k].total])) as Record<
      BankDifferenceKind,
      number
    >,
    limit,
    unusedHours,
    entries: Number(rows[0].n),
  };
};

export type BankDifferences = Awaited<ReturnType<typeof bankDifferences>>;
