import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankEntries, payins } from '../../db/schema';
import { matchUtr, type MatchInput, type MatchOutcome } from '../../../domain/payin-matching';
import type { PayinAction } from '../../../domain/payin';
import { lockUtr, utrFrom, utrUseOf } from '../common/utr';
import { applyStep, assertCan, expired, lockPayin, nicknameOf, type PayinActor, type PayinRow } from './payin-steps';
import { succeed } from './payin-success';

export type EntryRow = typeof bankEntries.$inferSelect;

/** The matching rules' decision; the accounts' names are read only for the reason of a payment into another one. */
export const decide = async (tx: DbOrTx, input: MatchInput): Promise<MatchOutcome> => {
  const outcome = matchUtr(input);
  if (outcome.status !== 'DISPUTE' || !input.entry || input.entry.bankAccountId === input.payin.bankAccountId)
    return outcome;
  return matchUtr({
    ...input,
    payin: { ...input.payin, bankNickname: await nicknameOf(tx, input.payin.bankAccountId) },
    entry: { ...input.entry, bankNickname: await nicknameOf(tx, input.entry.bankAccountId) },
  });
};

/** Applies a matching outcome: takes the entry when the rules say so, posts money on SUCCESS. */
const settle = async (
  tx: DbOrTx,
  row: PayinRow,
  action: PayinAction,
  outcome: MatchOutcome,
  entry: EntryRow | null,
  patch: Partial<PayinRow>,
  actor: PayinActor,
) => {
  if (outcome.takesEntry && entry) {
    await tx
      .update(bankEntries)
      .set({ payinId: row.id, usedAt: sql`now()` as never })
      .where(eq(bankEntries.id, entry.id));
  }
  if (outcome.status === 'SUCCESS')
    return succeed(tx, row, action, outcome.confirmedAmount!, outcome.takesEntry ? entry : null, actor, patch);
  return applyStep(
    tx,
    row,
    action,
    outcome.status,
    {
      ...patch,
      reason: outcome.reason,
      ...(outcome.takesEntry && entry
        ? { utr: entry.utr, bankEntryId: entry.id, confirmedAmount: outcome.confirmedAmount }
        : {}),
    },
    actor,
  );
};

/**
 * A UTR for a pay-in: the customer's on the pay page, or staff's after reading a screenshot.
 * Matched at once against the bank entries (domain/payin-matching's table).
 */
export const submitUtr = async (
  db: Db,
  id: string,
  typed: string,
  action: Extract<PayinAction, 'submit-utr' | 'enter-utr'>,
  actor: PayinActor,
  visible?: SQL,
) => {
  const utr = utrFrom(typed);
  return db.transaction(async (tx) => {
    await lockUtr(tx, utr);
    const row = await lockPayin(tx, id, visible);
    assertCan(action, row);
    if (action === 'submit-utr' && row.expiresAt.getTime() <= Date.now()) throw expired();
    const [entry] = await tx.select().from(bankEntries).where(eq(bankEntries.utr, utr)).for('update');
    const [claim] = await tx
      .select({ id: payins.id })
      .from(payins)
      .where(and(eq(payins.submittedUtr, utr), ne(payins.id, row.id), eq(payins.status, 'PENDING')))
      .limit(1);
    const used = await utrUseOf(tx, utr);
    const outcome = await decide(tx, {
      payin: {
        id: row.id,
        bankAccountId: row.bankAccountId ?? '',
        amount: row.amount ?? 0,
        test: row.test,
        assignedAt: row.assignedAt,
      },
      // An entry an internal transfer consumed is used as surely as one a pay-in took.
      entry: entry
        ? {
            bankAccountId: entry.bankAccountId,
            amount: entry.amount,
            usedByPayinId: entry.payinId ?? entry.vendorSettlementId,
            recordedAt: entry.createdAt,
          }
        : null,
      claimedByOther: Boolean(claim),
      utrUsedBy: used?.entityId ?? null,
    });
    const patch = { submittedUtr: utr, submittedAt: sql`now()` as never };
    return settle(tx, row, action, outcome, entry ?? null, patch, actor);
  });
};
