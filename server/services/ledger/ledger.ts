import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../db/schema';
import { rollUpJournals } from './rollups';
import { cachesBalance, checkBalanced, reversal, type AccountKey, type Line } from '../../../domain/ledger';

export interface JournalInput {
  /** Unique per money event (`payin:<id>:success:<version>`): a replay posts nothing. */
  key: string;
  kind: string;
  entity: string;
  entityId: string;
  lines: Line[];
  reversesId?: number;
  createdBy?: string | null;
  /** When the pay-in a pay-in journal is about was created: its success counts on that hour (rollups). */
  startedAt?: Date | null;
}

/**
 * The accounts named, created when first used; those that cache a balance are locked in id order
 * (no two postings deadlock), and their balances read under the lock. One statement when they all
 * exist: the locked ones and the others (hot accounts that cache nothing, never locked) together.
 */
export const lockAccounts = async (tx: DbOrTx, keys: AccountKey[]) => {
  const unique = [...new Set(keys)].sort();
  const cached = unique.filter(cachesBalance);
  const plain = unique.filter((k) => !cachesBalance(k));
  const keyList = (list: string[]) =>
    list.length === 0
      ? sql`NULL`
      : sql.join(
          list.map((k) => sql`${k}`),
          sql`, `,
        );
  const read = async () => {
    const { rows } = await tx.execute<{ id: string; key: string; balance: string; held: string }>(sql`
      WITH locked AS (SELECT id, key, balance, held FROM ledger_accounts WHERE key IN (${keyList(cached)}) ORDER BY id FOR UPDATE)
      SELECT id, key, balance, held FROM locked
      UNION ALL SELECT id, key, balance, held FROM ledger_accounts WHERE key IN (${keyList(plain)})`);
    return rows.map((r) => ({
      id: Number(r.id),
      key: r.key as AccountKey,
      balance: Number(r.balance),
      held: Number(r.held),
    }));
  };
  let found = await read();
  if (found.length < unique.length) {
    await tx
      .insert(ledgerAccounts)
      .values(unique.map((key) => ({ key, cachesBalance: cachesBalance(key) })))
      .onConflictDoNothing();
    found = await read();
  }
  return new Map(found.map((a) => [a.key, a]));
};

/**
 * Posts one balanced journal inside the caller's transaction (the state change's, with its audit
 * event). Answers the journal's id, or null when a journal of this key was already posted.
 */
export const postJournal = async (tx: DbOrTx, input: JournalInput): Promise<number | null> =>
  (await postJournals(tx, [input]))[0];

/**
 * Posts several journals (a batch of matched bank entries) with one lock of all their accounts and
 * a statement each for the journals, their entries and the balances, whatever their number. The
 * running balances follow the order of the inputs. Answers each journal's id, or null for a key
 * already posted.
 */
export const postJournals = async (tx: DbOrTx, inputs: JournalInput[]): Promise<(number | null)[]> => {
  if (inputs.length === 0) return [];
  for (const input of inputs) checkBalanced(input.lines);
  const accounts = await lockAccounts(
    tx,
    inputs.flatMap((input) => input.lines.map((l) => l.account)),
  );
  const posted = await tx
    .insert(ledgerJournals)
    .values(
      inputs.map((input) => ({
        key: input.key,
        kind: input.kind,
        entity: input.entity,
        entityId: input.entityId,
        reversesId: input.reversesId ?? null,
        createdBy: input.createdBy ?? null,
      })),
    )
    .onConflictDoNothing({ target: ledgerJournals.key })
    .returning({ id: ledgerJournals.id, key: ledgerJournals.key });
  const idOf = new Map(posted.map((j) => [j.key, j.id]));
  const running = new Map<AccountKey, number>();
  /** Journals that moved each cached balance: its version counts them. */
  const postings = new Map<AccountKey, number>();
  const entries = inputs.flatMap((input) => {
    const journalId = idOf.get(input.key);
    // Posted already (a replay), or twice in this batch: the second is the replay.
    if (journalId === undefined) return [];
    idOf.delete(input.key);
    for (const key of new Set(input.lines.map((l) => l.account)))
      if (cachesBalance(key)) postings.set(key, (postings.get(key) ?? 0) + 1);
    return input.lines.map((line) => {
      const account = accounts.get(line.account)!;
      if (!cachesBalance(line.account)) return { journalId, accountId: account.id, amount: line.amount };
      const after = (running.get(line.account) ?? account.balance) + line.amount;
      running.set(line.account, after);
      return { journalId, accountId: account.id, amount: line.amount, balanceAfter: after };
    });
  });
  if (entries.length > 0) await tx.insert(ledgerEntries).values(entries);
  if (running.size > 0) {
    const rows = [...running].map(
      ([key, balance]) => sql`(${accounts.get(key)!.id}::bigint, ${balance}::bigint, ${postings.get(key)}::int)`,
    );
    await tx.execute(sql`UPDATE ledger_accounts a SET balance = v.balance, version = a.version + v.n
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, balance, n) WHERE a.id = v.id`);
  }
  const ids = new Map(posted.map((j) => [j.key, j.id]));
  const rolled = new Set<string>();
  await rollUpJournals(
    tx,
    inputs.filter((input) => ids.has(input.key) && !rolled.has(input.key) && rolled.add(input.key)),
  );
  const seen = new Set<string>();
  return inputs.map((input) => {
    if (seen.has(input.key)) return null;
    seen.add(input.key);
    return ids.get(input.key) ?? null;
  });
};

/** The lines of a posted journal, as domain lines. */
export const journalLines = async (tx: DbOrTx, journalId: number): Promise<Line[]> => {
  const rows = await tx
    .select({ account: ledgerAccounts.key, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.journalId, journalId))
    .orderBy(asc(ledgerEntries.id));
  return rows.map((r) => ({ account: r.account as AccountKey, amount: r.amount }));
};

/**
 * Reverses the newest journal of a kind for a record that is not reversed yet, with a new journal
 * of opposite entries linked to it. Answers the new journal's id, or null when none is open.
 */
export const reverseLatest = async (
  tx: DbOrTx,
  target: { entity: string; entityId: string; kind: string },
  input: Pick<JournalInput, 'key' | 'kind' | 'createdBy' | 'startedAt'>,
): Promise<number | null> => {
  const [open] = await tx
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(
      and(
        eq(ledgerJournals.entity, target.entity),
        eq(ledgerJournals.entityId, target.entityId),
        eq(ledgerJournals.kind, target.kind),
        sql`NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.reverses_id = ${ledgerJournals.id})`,
      ),
    )
    .orderBy(sql`${ledgerJournals.id} DESC`)
    .limit(1);
  if (!open) return null;
  const lines = reversal(await journalLines(tx, open.id));
  return postJournal(tx, { ...input, entity: target.entity, entityId: target.entityId, lines, reversesId: open.id });
};

/** An account's balance: the cached one, or the sum of its entries for accounts that cache none. */
export const balanceOf = async (db: DbOrTx, key: AccountKey): Promise<number> => {
  const [row] = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, caches: ledgerAccounts.cachesBalance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, key));
  if (!row) return 0;
  if (row.caches) return row.balance;
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, row.id));
  return Number(sum.total);
};
