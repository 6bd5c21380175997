import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { bankAccounts, bankEntries } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import {
  AMOUNT_CODE_FORMAT,
  BANK_ENTRY_MAX_PAISE,
  BANK_ENTRY_MIN_PAISE,
  type PaymentSource,
} from '../../../domain/payin';
import { paiseToRupees } from '../../../domain/money';
import { auditAll } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { rollUpEntries } from '../ledger/rollups';
import { notifyAll } from '../events/live-events';
import { paiseFrom } from '../common/money-input';
import { matchEntries } from './entry-matching';
import { utrFrom } from '../common/utr';
import { staffActor } from '../payins/payin-staff';

export interface EntryInput {
  bankAccountId: string;
  utr: string;
  amount: number;
  amountCode?: string | null;
}

/** A checked entry: paise, UTR without spaces, the amount code in capitals (short codes are). */
export interface CheckedEntry {
  bankAccountId: string;
  utr: string;
  amount: number;
  amountCode: string | null;
}

export const checkEntry = (input: EntryInput): CheckedEntry => {
  const utr = utrFrom(input.utr);
  const amount = paiseFrom(input.amount, 'amount');
  if (amount < BANK_ENTRY_MIN_PAISE || amount > BANK_ENTRY_MAX_PAISE)
    throw badRequest('amount must be between ₹1.00 and ₹5,00,000.00', 'amount');
  const code = input.amountCode?.trim() || null;
  if (code !== null && !AMOUNT_CODE_FORMAT.pattern.test(code))
    throw badRequest(`amountCode must be ${AMOUNT_CODE_FORMAT.description}`, 'amountCode');
  return { bankAccountId: input.bankAccountId, utr, amount, amountCode: code?.toUpperCase() ?? null };
};

/**
 * Entries are recorded for pay-in accounts only, enabled or not (a credit seen at the bank is
 * recorded whatever the account's state since): for each id, its 400 or null. One rule for the
 * single Add data and the statement import.
 */
export const accountProblems = async (db: DbOrTx, bankAccountIds: string[]) => {
  const found = await db
    .select({ id: bankAccounts.id, usedFor: bankAccounts.usedFor })
    .from(bankAccounts)
    .where(inArray(bankAccounts.id, [...new Set(bankAccountIds)]));
  const usedFor = new Map(found.map((b) => [b.id, b.usedFor]));
  return bankAccountIds.map((id) => {
    const kind = usedFor.get(id);
    if (kind === undefined) return badRequest('bankAccountId names no bank account', 'bankAccountId');
    if (kind !== 'PAYIN') return badRequest('bankAccountId must be a pay-in bank account', 'bankAccountId');
    return null;
  });
};

export const repeated = () => new AppError(409, 'REPEATED', 'Repeated');

/**
 * Records one bank credit inside a transaction, under its UTR's lock, and matches the pay-in
 * waiting for it. Throws 409 Repeated when the UTR is already recorded.
 */
export const recordEntry = async (
  tx: DbOrTx,
  entry: CheckedEntry,
  user: SessionUser,
  source: PaymentSource,
  ip?: string,
) => {
  const [result] = await recordEntries(tx, [{ entry, user, ip }], source);
  if (!result) throw repeated();
  return result;
};

export interface EntryToRecord {
  entry: CheckedEntry;
  user: SessionUser;
  ip?: string;
}

/**
 * Records bank credits inside a transaction and matches the pay-ins waiting for them, a statement
 * for each step whatever their number: their UTRs locked in sorted order (no two batches wait on
 * each other crosswise), the entries inserted, audited, matched (matchEntries) and announced.
 * Answers, for each, the entry and the pay-in it moved, or null when its UTR was already recorded
 * (before, or earlier in the same batch).
 */
export const recordEntries = async (tx: DbOrTx, items: EntryToRecord[], source: PaymentSource) => {
  if (items.length === 0) return [];
  const utrs = [...new Set(items.map((i) => i.entry.utr))].sort();
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended('utr:' || u, 0)) FROM (SELECT unnest(${sql.param(utrs)}::text[]) AS u ORDER BY 1) sorted`,
  );
  const inserted = await tx
    .insert(bankEntries)
    .values(items.map(({ entry, user }) => ({ ...entry, source, createdBy: user.id })))
    .onConflictDoNothing({ target: bankEntries.utr })
    .returning();
  await rollUpEntries(tx, inserted);
  const byUtr = new Map(inserted.map((row) => [row.utr, row]));
  const recorded = items.map((item) => {
    const row = byUtr.get(item.entry.utr);
    // The first of a UTR named twice in one batch is recorded; the others are repeats.
    if (row) byUtr.delete(item.entry.utr);
    return row ? { ...item, row, actor: staffActor(item.user, item.ip) } : null;
  });
  const kept = recorded.filter((r) => r !== null);
  await auditAll(
    tx,
    kept.map(({ row, actor }) => ({
      actor,
      event: {
        action: 'create' as const,
        entity: 'bank-entries' as const,
        entityId: row.id,
        after: {
          bankAccountId: row.bankAccountId,
          utr: row.utr,
          amount: paiseToRupees(row.amount),
          amountCode: row.amountCode,
        },
      },
    })),
  );
  const matched = await matchEntries(
    tx,
    kept.map(({ row, actor, user }) => ({
      entry: row,
      actor: { ...actor, kind: 'system' as const, userName: `match (added by ${user.userName})` },
    })),
  );
  await notifyAll(
    tx,
    'bank-entries',
    kept.map((k) => k.row.id),
  );
  let next = 0;
  return recorded.map((r) => (r === null ? null : { entry: r.row, matched: matched[next++] }));
};
