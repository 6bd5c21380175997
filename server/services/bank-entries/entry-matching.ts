import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { payins, utrUses } from '../../db/schema';
import { decide, type EntryRow } from '../payins/payin-matching';
import { succeedAll } from '../payins/payin-success';
import { recordStep, type PayinActor, type PayinRow } from '../payins/payin-steps';
import { writeSteps } from '../payins/payin-step-batches';

/**
 * Bank entries just recorded (in their transaction, under their UTRs' locks) pay the pay-ins waiting
 * for them: the oldest PENDING one that submitted the entry's UTR, else the open one whose short
 * code is the entry's amount code (when that pay-in named no other UTR). The rules' decision is
 * domain/payin-matching's, as for a UTR the customer submits (payin-matching.ts).
 */

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
        eq(payins.test, false),
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
          eq(payins.test, false),
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
 * Credits whose UTR was used before they were recorded: a pay-in staff confirmed on the customer's
 * UTR gets its credit as its entry (used, linked), so no other pay-in or transfer can take it; a UTR
 * a pay-out or settlement used stays with it, the credit free for staff to look at. Answers the
 * UTRs already used.
 */
const lateCredits = async (tx: DbOrTx, entries: EntryRow[]): Promise<Set<string>> => {
  const uses = await tx
    .select()
    .from(utrUses)
    .where(
      inArray(
        utrUses.utr,
        entries.map((e) => e.utr),
      ),
    );
  const byUtr = new Map(uses.map((u) => [u.utr, u]));
  const links = entries.flatMap((e) => {
    const use = byUtr.get(e.utr);
    return use?.entity === 'payins' ? [{ entry: e, payinId: use.entityId }] : [];
  });
  if (links.length > 0) {
    const values = sql.join(
      links.map((l) => sql`(${l.entry.id}::uuid, ${l.payinId}::uuid)`),
      sql`, `,
    );
    // Linked where the ledger put the pay-in's money; a credit that arrived in another account stays
    // unlinked (its UTR used all the same) for the reconciliation to show and staff to decide.
    await tx.execute(sql`WITH linked AS (
        UPDATE bank_entries e SET payin_id = v.payin_id, used_at = now()
        FROM (VALUES ${values}) AS v(id, payin_id) JOIN payins p ON p.id = v.payin_id
        WHERE e.id = v.id AND e.payin_id IS NULL AND e.vendor_settlement_id IS NULL
          AND p.bank_entry_id IS NULL AND p.bank_account_id = e.bank_account_id
        RETURNING e.id, e.payin_id)
      UPDATE payins p SET bank_entry_id = linked.id, updated_at = now() FROM linked WHERE p.id = linked.payin_id`);
  }
  return new Set(byUtr.keys());
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
  const used = await lateCredits(
    tx,
    batch.map((b) => b.entry),
  );
  // A credit whose UTR already paid or proved something pays nothing more.
  const rows = await waitingFor(
    tx,
    batch.map((b) => b.entry).filter((e) => !used.has(e.utr)),
  );
  const rowOf = new Map(
    batch
      .map((b) => b.entry)
      .filter((e) => !used.has(e.utr))
      .map((e, i) => [e.id, rows[i]]),
  );
  const pairs = batch.flatMap(({ entry, actor }, i) => {
    const row = rowOf.get(entry.id);
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
  const moved: (PayinRow | null)[] = batch.map(() => null);
  // The others first (DISPUTE, DUPLICATE, PENDING), then the successes, whose journals come last.
  const others = decided.filter((d) => d.outcome.status !== 'SUCCESS');
  const written = await writeSteps(
    tx,
    others.map(({ entry, row, outcome }) => ({
      row,
      action: 'match-entry',
      to: outcome.status,
      patch: {
        reason: outcome.reason,
        ...(outcome.takesEntry
          ? { utr: entry.utr, bankEntryId: entry.id, confirmedAmount: outcome.confirmedAmount }
          : {}),
      },
    })),
  );
  await recordStep(
    tx,
    others.map(({ row, actor }, k) => ({ before: row, after: written[k], action: 'match-entry', actor })),
  );
  others.forEach(({ i }, k) => (moved[i] = written[k]));
  const winners = decided.filter((d) => d.outcome.status === 'SUCCESS');
  const succeeded = await succeedAll(
    tx,
    winners.map(({ entry, row, actor, outcome }) => ({
      row,
      action: 'match-entry',
      confirmedAmount: outcome.confirmedAmount!,
      into: { bankAccountId: entry.bankAccountId },
      entry: outcome.takesEntry ? entry : null,
      actor,
    })),
  );
  winners.forEach(({ i }, k) => (moved[i] = succeeded[k]));
  return moved;
};
