import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankEntries, merchants, payins } from '../../db/schema';
import { badRequest } from '../../errors';
import { matchUtr, type MatchInput, type MatchOutcome } from '../../../domain/payin-matching';
import type { PayinAction } from '../../../domain/payin';
import { bankAccount, payinFee, payinSuccess, providerClearing } from '../../../domain/ledger';
import { providerOfSource } from '../../../domain/providers';
import { postJournal, type JournalInput } from '../ledger/ledger';
import { commissionFor, vendorsOfAccounts } from '../ledger/vendor-commissions';
import { claimUtr, utrUseOf } from '../common/utr-uses';
import { lockUtr, utrFrom } from '../common/utr';
import { applyStep, assertCan, expired, lockPayin, nicknameOf, type PayinActor, type PayinRow } from './payin-steps';

export type EntryRow = typeof bankEntries.$inferSelect;

/**
 * Moves a pay-in to SUCCESS with a confirmed amount and its fee, then posts its journal in the
 * same transaction: last, so the ledger's busy account rows stay locked only until the commit.
 * The money is where the bank entry shows it, else in the assigned account.
 */
export const succeed = async (
  tx: DbOrTx,
  row: PayinRow,
  action: PayinAction,
  confirmedAmount: number,
  entry: Pick<EntryRow, 'id' | 'utr' | 'bankAccountId'> | null,
  actor: PayinActor,
  patch: Partial<PayinRow> = {},
) => {
  // Paid through a provider (issue 14) and confirmed by staff: the provider holds the money, no vendor's account.
  const provider = entry ? null : providerOfSource(row.source);
  const bankAccountId = provider ? null : (entry?.bankAccountId ?? row.bankAccountId);
  if (!provider && !bankAccountId) throw badRequest('This pay-in has no bank account to credit.');
  const fee = payinFee(confirmedAmount, (await feesOf(tx, [row.merchantId])).get(row.merchantId)!);
  const vendor =
    row.test || !bankAccountId
      ? null
      : commissionFor(await vendorsOfAccounts(tx, [bankAccountId]), bankAccountId, confirmedAmount, 'payin');
  const collectedIn = provider ? providerClearing(provider) : bankAccount(bankAccountId!);
  // The bank transfer that paid it is used from now on: no other pay-in, pay-out or settlement may claim it.
  const utr = entry?.utr ?? (patch.utr as string | null | undefined) ?? row.utr ?? row.submittedUtr;
  if (!row.test && !provider && utr)
    await claimUtr(tx, { utr, entity: 'payins', entityId: row.id, createdBy: actor.kind === 'user' ? actor.id : null });
  const after = await applyStep(
    tx,
    row,
    action,
    'SUCCESS',
    {
      ...patch,
      confirmedAmount,
      fee,
      vendorCommission: vendor?.commission ?? 0,
      reason: null,
      ...(entry ? { utr: entry.utr, bankEntryId: entry.id } : {}),
      completedAt: sql`now()` as never,
    },
    actor,
  );
  if (!row.test)
    await postJournal(tx, successJournal(row, after, { collectedIn, confirmedAmount, fee, vendor }, actor));
  return after;
};

/** The merchants' pay-in fees (basis points), by merchant id. */
export const feesOf = async (tx: DbOrTx, merchantIds: string[]) => {
  if (merchantIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ id: merchants.id, bps: merchants.payinFeeBps })
    .from(merchants)
    .where(inArray(merchants.id, [...new Set(merchantIds)]));
  return new Map(rows.map((r) => [r.id, r.bps]));
};

/** The journal of a pay-in's success: the money is where the bank entry shows it, else in the assigned account; its vendor earns its commission. */
export const successJournal = (
  row: PayinRow,
  after: PayinRow,
  money: Omit<Parameters<typeof payinSuccess>[0], 'merchantId'>,
  actor: PayinActor,
): JournalInput => ({
  key: `payin:${row.id}:success:${after.version}`,
  kind: 'payin.success',
  entity: 'payins',
  entityId: row.id,
  lines: payinSuccess({ merchantId: row.merchantId, ...money }),
  createdBy: actor.kind === 'user' ? (actor.id ?? null) : null,
  startedAt: row.createdAt,
});

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
