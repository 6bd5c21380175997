import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { ledgerAccounts, ledgerHolds } from '../db/schema';
import { AppError } from '../errors';
import { shownBalance, type AccountKey } from '../../domain/ledger';
import { availableOf, mayHold } from '../../domain/payout';
import { formatRupees } from '../../domain/format';
import { lockAccounts, postJournal, type JournalInput } from './ledger';

/**
 * Holds (issue 11; reference §2, two-phase transfers): money reserved on an account while a
 * pay-out waits, then posted (its journal written) or voided. The account row keeps the sum of its
 * PENDING holds in `held`, changed only under the account's row lock, so available = balance −
 * held is exact and nothing takes it below zero, however many requests race.
 */
export interface HoldInput {
  /** Unique per reservation (`payout:<id>:hold:<version>`): a replay holds nothing more. */
  key: string;
  account: AccountKey;
  amount: number;
  entity: string;
  entityId: string;
}

export const insufficientBalance = (available: number, wanted: number) =>
  new AppError(
    409,
    'INSUFFICIENT_BALANCE',
    `The available balance (${formatRupees(available / 100)}) does not cover this pay-out and its fee (${formatRupees(wanted / 100)}).`,
  );

/** Reserves money on an account in the caller's transaction; 409 INSUFFICIENT_BALANCE when it would go below zero. */
export const placeHold = async (tx: DbOrTx, hold: HoldInput): Promise<void> => {
  const account = (await lockAccounts(tx, [hold.account])).get(hold.account)!;
  const shown = { balance: shownBalance(hold.account, account.balance), held: account.held };
  if (!mayHold(shown, hold.amount)) throw insufficientBalance(availableOf(shown), hold.amount);
  const [placed] = await tx
    .insert(ledgerHolds)
    .values({ key: hold.key, accountId: account.id, amount: hold.amount, entity: hold.entity, entityId: hold.entityId })
    .onConflictDoNothing({ target: ledgerHolds.key })
    .returning({ id: ledgerHolds.id });
  if (!placed) return;
  await tx
    .update(ledgerAccounts)
    .set({ held: sql`${ledgerAccounts.held} + ${hold.amount}` })
    .where(eq(ledgerAccounts.id, account.id));
};

/** Ends a PENDING hold; answers whether it was pending (a replay finds it resolved and does nothing). */
const resolve = async (tx: DbOrTx, key: string, state: 'POSTED' | 'VOIDED', journalId: number | null = null) => {
  const [hold] = await tx
    .update(ledgerHolds)
    .set({ state, journalId, resolvedAt: sql`now()` })
    .where(and(eq(ledgerHolds.key, key), eq(ledgerHolds.state, 'PENDING')))
    .returning({ accountId: ledgerHolds.accountId, amount: ledgerHolds.amount });
  if (!hold) return false;
  await tx
    .update(ledgerAccounts)
    .set({ held: sql`${ledgerAccounts.held} - ${hold.amount}` })
    .where(eq(ledgerAccounts.id, hold.accountId));
  return true;
};

/** Releases a hold: the pay-out will not be paid (rejected, dropped). */
export const voidHold = async (tx: DbOrTx, key: string): Promise<boolean> => {
  const [held] = await tx
    .select({ account: ledgerAccounts.key })
    .from(ledgerHolds)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerHolds.accountId))
    .where(eq(ledgerHolds.key, key));
  if (!held) return false;
  // The account's row lock first, as every posting takes it: no two writers wait on each other crosswise.
  await lockAccounts(tx, [held.account as AccountKey]);
  return resolve(tx, key, 'VOIDED');
};

/**
 * Posts a hold: its journal is written (locking every account it names in id order) and the hold
 * is released in the same transaction. Answers the journal's id, or null on a replay.
 */
export const postHold = async (tx: DbOrTx, key: string, journal: JournalInput): Promise<number | null> => {
  const journalId = await postJournal(tx, journal);
  if (journalId === null) return null;
  if (!(await resolve(tx, key, 'POSTED', journalId))) throw new Error(`hold ${key} is not pending`);
  return journalId;
};

/** An account's balance, held and available money as shown (paise). */
export const moneyOf = async (db: DbOrTx, key: AccountKey) => {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance, held: ledgerAccounts.held })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, key));
  const shown = { balance: row ? shownBalance(key, row.balance) : 0, held: row?.held ?? 0 };
  return { ...shown, available: availableOf(shown) };
};

/** The key of a record's PENDING hold, if it has one (a test pay-out holds nothing). */
export const pendingHoldOf = async (tx: DbOrTx, entity: string, entityId: string): Promise<string | null> => {
  const [hold] = await tx
    .select({ key: ledgerHolds.key })
    .from(ledgerHolds)
    .where(and(eq(ledgerHolds.entity, entity), eq(ledgerHolds.entityId, entityId), eq(ledgerHolds.state, 'PENDING')));
  return hold?.key ?? null;
};
