import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { bankEntries, merchants, payins } from '../db/schema';
import { badRequest } from '../errors';
import { matchUtr, type MatchInput, type MatchOutcome } from '../../domain/payin-matching';
import { isUtr, normaliseUtr, UTR_FORMAT, type PayinAction } from '../../domain/payin';
import { payinFee, payinSuccess } from '../../domain/ledger';
import { postJournal, postJournals, type JournalInput } from './ledger';
import {
  applyStep,
  assertCan,
  expired,
  lockPayin,
  nicknameOf,
  recordStep,
  writeSteps,
  type PayinActor,
  type PayinRow,
  type Step,
  type StepToWrite,
} from './payin-steps';

type EntryRow = typeof bankEntries.$inferSelect;

/** A UTR as typed: spaces stripped, 12 digits; 400 naming the field otherwise. */
export const utrFrom = (value: string, field = 'utr') => {
  const utr = normaliseUtr(value);
  if (!isUtr(utr)) throw badRequest(`UTR must be ${UTR_FORMAT.description}`, field);
  return utr;
};

/**
 * Everything that decides about one UTR runs one at a time: the customer's submission, staff's
 * entry of it and the bank entry's arrival. Taken first, before any row lock, in every path.
 */
export const lockUtr = (tx: DbOrTx, utr: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`utr:${utr}`}, 0))`);

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
  const bankAccountId = entry?.bankAccountId ?? row.bankAccountId;
  if (!bankAccountId) throw badRequest('This pay-in has no bank account to credit.');
  const fee = payinFee(confirmedAmount, (await feesOf(tx, [row.merchantId])).get(row.merchantId)!);
  const after = await applyStep(
    tx,
    row,
    action,
    'SUCCESS',
    {
      ...patch,
      confirmedAmount,
      fee,
      reason: null,
      ...(entry ? { utr: entry.utr, bankEntryId: entry.id } : {}),
      completedAt: sql`now()` as never,
    },
    actor,
  );
  if (!row.test) await postJournal(tx, successJournal(row, after, bankAccountId, confirmedAmount, fee, actor));
  return after;
};

/** The merchants' pay-in fees (basis points), by merchant id. */
const feesOf = async (tx: DbOrTx, merchantIds: string[]) => {
  if (merchantIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ id: merchants.id, bps: merchants.payinFeeBps })
    .from(merchants)
    .where(inArray(merchants.id, [...new Set(merchantIds)]));
  return new Map(rows.map((r) => [r.id, r.bps]));
};

/** The journal of a pay-in's success: the money is where the bank entry shows it, else in the assigned account. */
const successJournal = (
  row: PayinRow,
  after: PayinRow,
  bankAccountId: string,
  confirmedAmount: number,
  fee: number,
  actor: PayinActor,
): JournalInput => ({
  key: `payin:${row.id}:success:${after.version}`,
  kind: 'payin.success',
  entity: 'payins',
  entityId: row.id,
  lines: payinSuccess({ merchantId: row.merchantId, bankAccountId, confirmedAmount, fee }),
  createdBy: actor.kind === 'user' ? (actor.id ?? null) : null,
});

/** The matching rules' decision; the accounts' names are read only for the reason of a payment into another one. */
const decide = async (tx: DbOrTx, input: MatchInput): Promise<MatchOutcome> => {
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
  if (outcome.status === 'SUCCESS') return succeed(tx, row, action, outcome.confirmedAmount!, entry, actor, patch);
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
    const outcome = await decide(tx, {
      payin: { id: row.id, bankAccountId: row.bankAccountId ?? '', amount: row.amount ?? 0 },
      entry: entry ? { bankAccountId: entry.bankAccountId, amount: entry.amount, usedByPayinId: entry.payinId } : null,
      claimedByOther: Boolean(claim),
    });
    const patch = { submittedUtr: utr, submittedAt: sql`now()` as never };
    return settle(tx, row, action, outcome, entry ?? null, patch, actor);
  });
};

/**
 * A bank entry just recorded (in this transaction, under its UTR's lock) pays the pay-in waiting
 * for it: the oldest PENDING one that submitted its UTR, else the open one whose short code is
 * the entry's amount code (when that pay-in named no other UTR). Answers the pay-in it moved.
 */
export const matchEntry = async (tx: DbOrTx, entry: EntryRow, actor: PayinActor): Promise<PayinRow | null> =>
  (await matchEntries(tx, [{ entry, actor }]))[0];

/** The pay-ins a batch of new entries pay (matchEntry's rules), locked: a statement for each way of finding them. */
const waitingFor = async (tx: DbOrTx, entries: EntryRow[]): Promise<(PayinRow | null)[]> => {
  const found: (PayinRow | null)[] = entries.map(() => null);
  const taken = new Set<string>();
  const byUtr = await tx
    .select()
    .from(payins)
    .where(
      and(
        inArray(
          payins.submittedUtr,
          entries.map((e) => e.utr),
        ),
        eq(payins.status, 'PENDING'),
      ),
    )
    .orderBy(asc(payins.id))
    .for('update');
  const oldest = new Map<string, PayinRow>();
  for (const p of byUtr.sort(
    (a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0) || a.id.localeCompare(b.id),
  ))
    if (!oldest.has(p.submittedUtr!)) oldest.set(p.submittedUtr!, p);
  entries.forEach((e, i) => {
    const row = oldest.get(e.utr);
    if (row && !taken.has(row.id)) {
      taken.add(row.id);
      found[i] = row;
    }
  });
  const coded = entries.flatMap((e, i) => (found[i] === null && e.amountCode ? [i] : []));
  if (coded.length > 0) {
    const byCode = await tx
      .select()
      .from(payins)
      .where(
        and(
          inArray(
            payins.shortCode,
            coded.map((i) => entries[i].amountCode!.toUpperCase()),
          ),
          inArray(payins.status, ['ASSIGNED', 'PENDING']),
        ),
      )
      .orderBy(asc(payins.id))
      .for('update');
    for (const i of coded) {
      const e = entries[i];
      const row = byCode.find(
        (p) =>
          p.shortCode === e.amountCode!.toUpperCase() &&
          !taken.has(p.id) &&
          (p.submittedUtr === null || p.submittedUtr === e.utr),
      );
      if (row) {
        taken.add(row.id);
        found[i] = row;
      }
    }
  }
  return found;
};

/**
 * matchEntry for a batch of entries recorded together: each finds its pay-in as matchEntry's rules
 * say, and the writes of all of them go together (the entries taken, the audit events, callbacks
 * and notices, then the journals, last). Answers, for each entry, the pay-in it moved.
 */
export const matchEntries = async (
  tx: DbOrTx,
  batch: { entry: EntryRow; actor: PayinActor }[],
): Promise<(PayinRow | null)[]> => {
  if (batch.length === 0) return [];
  const rows = await waitingFor(
    tx,
    batch.map((b) => b.entry),
  );
  const pairs = batch.flatMap(({ entry, actor }, i) => {
    const row = rows[i];
    return row && row.bankAccountId !== null && row.amount !== null ? [{ i, entry, actor, row }] : [];
  });
  const decided = [];
  for (const p of pairs)
    decided.push({
      ...p,
      outcome: await decide(tx, {
        payin: { id: p.row.id, bankAccountId: p.row.bankAccountId!, amount: p.row.amount! },
        entry: { bankAccountId: p.entry.bankAccountId, amount: p.entry.amount, usedByPayinId: null },
        claimedByOther: false,
      }),
    });
  const taking = decided.filter((d) => d.outcome.takesEntry);
  if (taking.length > 0)
    await tx.execute(sql`UPDATE bank_entries e SET payin_id = v.payin_id, used_at = now()
      FROM (VALUES ${sql.join(
        taking.map((d) => sql`(${d.entry.id}::uuid, ${d.row.id}::uuid)`),
        sql`, `,
      )}) AS v(id, payin_id) WHERE e.id = v.id`);
  const winners = decided.filter((d) => d.outcome.status === 'SUCCESS');
  const bps = await feesOf(
    tx,
    winners.map((d) => d.row.merchantId),
  );
  const moved: (PayinRow | null)[] = batch.map(() => null);
  const toWrite: StepToWrite[] = decided.map(({ entry, row, outcome }) => {
    const taken = outcome.takesEntry ? { utr: entry.utr, bankEntryId: entry.id } : {};
    if (outcome.status !== 'SUCCESS')
      return {
        row,
        action: 'match-entry',
        to: outcome.status,
        patch: {
          reason: outcome.reason,
          ...(outcome.takesEntry ? { ...taken, confirmedAmount: outcome.confirmedAmount } : {}),
        },
      };
    const confirmedAmount = outcome.confirmedAmount!;
    const fee = payinFee(confirmedAmount, bps.get(row.merchantId)!);
    return {
      row,
      action: 'match-entry',
      to: 'SUCCESS',
      patch: { confirmedAmount, fee, reason: null, ...taken, completedAt: sql`now()` as never },
    };
  });
  const written = await writeSteps(tx, toWrite);
  const steps: Step[] = [];
  const journals: JournalInput[] = [];
  decided.forEach(({ i, entry, actor, row }, k) => {
    const after = written[k];
    const { confirmedAmount, fee } = toWrite[k].patch;
    if (after.status === 'SUCCESS' && !row.test)
      journals.push(successJournal(row, after, entry.bankAccountId, confirmedAmount!, fee!, actor));
    steps.push({ before: row, after, action: 'match-entry', actor });
    moved[i] = after;
  });
  await recordStep(tx, steps);
  await postJournals(tx, journals);
  return moved;
};
