import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { bankAccounts, bankEntries } from '../db/schema';
import { AppError, badRequest, conflict } from '../errors';
import { AMOUNT_CODE_FORMAT, BANK_ENTRY_MAX_PAISE, BANK_ENTRY_MIN_PAISE, type PaymentSource } from '../../domain/payin';
import { paiseToRupees } from '../../domain/money';
import { audit } from './audit';
import type { SessionUser } from './auth';
import { reverseLatest } from './ledger';
import { notify } from './live-events';
import { paiseFrom } from './money-input';
import { lockUtr, matchEntry, utrFrom } from './payin-matching';
import { applyOpeningStep, assertCan, lockPayin } from './payin-steps';
import { staffActor } from './payin-staff';
import { findVisibleEntry, viewEntry } from './bank-entries-list';

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

export const repeated = () => new AppError(409, 'REPEATED', 'Repeated');

/** Entries are recorded for pay-in accounts the caller may see. */
const assertPayinAccount = async (db: DbOrTx, bankAccountId: string) => {
  const [bank] = await db
    .select({ usedFor: bankAccounts.usedFor })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, bankAccountId));
  if (!bank) throw badRequest('bankAccountId names no bank account', 'bankAccountId');
  if (bank.usedFor !== 'PAYIN') throw badRequest('bankAccountId must be a pay-in bank account', 'bankAccountId');
};

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
  await lockUtr(tx, entry.utr);
  const [row] = await tx
    .insert(bankEntries)
    .values({ ...entry, source, createdBy: user.id })
    .onConflictDoNothing({ target: bankEntries.utr })
    .returning();
  if (!row) throw repeated();
  const actor = staffActor(user, ip);
  await audit(tx, actor, {
    action: 'create',
    entity: 'bank-entries',
    entityId: row.id,
    after: {
      bankAccountId: row.bankAccountId,
      utr: row.utr,
      amount: paiseToRupees(row.amount),
      amountCode: row.amountCode,
    },
  });
  const matched = await matchEntry(tx, row, {
    ...actor,
    kind: 'system',
    userName: `match (added by ${user.userName})`,
  });
  await notify(tx, 'bank-entries', row.id);
  return { entry: row, matched };
};

export const addEntry = async (db: Db, user: SessionUser, input: EntryInput, ip?: string) => {
  const entry = checkEntry(input);
  await assertPayinAccount(db, entry.bankAccountId);
  const { entry: row, matched } = await db.transaction((tx) => recordEntry(tx, entry, user, 'Manual', ip));
  return {
    entry: await viewEntry(db, user, row.id),
    matched: matched ? { payinId: matched.id, status: matched.status } : null,
  };
};

/**
 * ADMIN frees a used entry: its pay-in goes back to PENDING and, if it had succeeded, a reversing
 * journal takes the money back out of the merchant's balance.
 */
export const resetEntry = async (db: Db, user: SessionUser, id: string, ip?: string) => {
  const seen = await findVisibleEntry(db, user, id);
  await db.transaction(async (tx) => {
    await lockUtr(tx, seen.utr);
    const [entry] = await tx.select().from(bankEntries).where(eq(bankEntries.id, id)).for('update');
    if (!entry.payinId) throw conflict('This entry is not used by any pay-in.', 'NOT_USED');
    const row = await lockPayin(tx, entry.payinId);
    assertCan('reset-entry', row, 'PENDING');
    const actor = staffActor(user, ip);
    if (row.status === 'SUCCESS' && !row.test)
      await reverseLatest(
        tx,
        { entity: 'payins', entityId: row.id, kind: 'payin.success' },
        { key: `payin:${row.id}:reversal:${row.version + 1}`, kind: 'payin.reversal', createdBy: user.id },
      );
    await applyOpeningStep(
      tx,
      row,
      'reset-entry',
      'PENDING',
      {
        confirmedAmount: null,
        fee: null,
        utr: null,
        bankEntryId: null,
        completedAt: null,
        reason: 'Bank entry reset by staff',
      },
      actor,
      { freshCode: false },
    );
    await tx
      .update(bankEntries)
      .set({ payinId: null, usedAt: null })
      .where(and(eq(bankEntries.id, id), eq(bankEntries.payinId, row.id)));
    await audit(tx, actor, {
      action: 'reset',
      entity: 'bank-entries',
      entityId: id,
      before: { used: true, payinId: row.id },
      after: { used: false, payinId: null },
    });
    await notify(tx, 'bank-entries', id);
  });
  return viewEntry(db, user, id);
};
