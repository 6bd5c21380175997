import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { ledgerAccounts, ledgerHolds } from '../../db/schema';
import { AppError } from '../../errors';
import { shownBalance, type AccountKey } from '../../../domain/ledger';
import { availableOf, mayHold } from '../../../domain/payout';
import { formatRupees } from '../../../domain/format';
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

export const insufficientBalance = (available: number, wanted: number, what = 'this pay-out and its fee') =>
  new AppError(
    409,
    'INSUFFICIENT_BALANCE',
    `The available balance (${formatRupees(available / 100)}) does not cover ${what} (${formatRupees(wanted / 100)}).`,
  );

/** Locks accounts for holds in the caller's transaction (in id order, as every posting): each one's id and money as shown. */
export const lockForHolds = async (tx: DbOrTx, keys: AccountKey[]) => {
  const locked = keys.length === 0 ? new Map() : await lockAccounts(tx, keys);
  return new Map(
    [...locked].map(([key, a]) => [
      key as AccountKey,
      { id: a.id, balance: shownBalance(key, a.balance), held: a.held },
    ]),
  );
};

/**
 * Places holds on accounts the caller locked (lockForHolds) and checked they fit (mayHold), and
 * adds them to each account's `held`, in one statement; a key already placed holds nothing more.
 */
export const placeHolds = async (tx: DbOrTx, holds: (Omit<HoldInput, 'account'> & { accountId: number })[]) => {
  if (holds.length === 0) return;
  const column = <K extends keyof (typeof holds)[number]>(k: K) => sql.param(holds.map((h) => h[k]));
  await tx.execute(sql`WITH placed AS (
      INSERT INTO ${ledgerHolds} (key, account_id, amount, entity, entity_id)
      SELECT * FROM unnest(${column('key')}::text[], ${column('accountId')}::bigint[], ${column('amount')}::bigint[],
        ${column('entity')}::text[], ${column('entityId')}::uuid[])
      ON CONFLICT (key) DO NOTHING RETURNING account_id, amount)
    UPDATE ${ledgerAccounts} a SET held = a.held + p.amount
    FROM (SELECT account_id, sum(amount) AS amount FROM placed GROUP BY account_id) p WHERE a.id = p.account_id`);
};

/** Reserves money on an account in the caller's transaction; 409 INSUFFICIENT_BALANCE when it would go below zero. */
export const placeHold = async (tx: DbOrTx, hold: HoldInput, what?: string): Promise<void> => {
  const account = (await lockForHolds(tx, [hold.account])).get(hold.account)!;
  if (!mayHold(account, hold.amount)) throw insufficientBalance(availableOf(account), hold.amount, what);
  await placeHolds(tx, [{ ...hold, accountId: account.id }]);
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
