import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../db/schema';
import { cachesBalance, checkBalanced, reversal, type AccountKey, type Line } from '../../domain/ledger';

export interface JournalInput {
  /** Unique per money event (`payin:<id>:success:<version>`): a replay posts nothing. */
  key: string;
  kind: string;
  entity: string;
  entityId: string;
  lines: Line[];
  reversesId?: number;
  createdBy?: string | null;
}

/**
 * The accounts named, created when first used; those that cache a balance are locked in id order
 * (no two postings deadlock), and their balances read under the lock.
 */
const lockAccounts = async (tx: DbOrTx, keys: AccountKey[]) => {
  const unique = [...new Set(keys)];
  const columns = { id: ledgerAccounts.id, key: ledgerAccounts.key, balance: ledgerAccounts.balance };
  const read = () => tx.select(columns).from(ledgerAccounts).where(inArray(ledgerAccounts.key, unique));
  let known = await read();
  if (known.length < unique.length) {
    await tx
      .insert(ledgerAccounts)
      .values(unique.map((key) => ({ key, cachesBalance: cachesBalance(key) })))
      .onConflictDoNothing();
    known = await read();
  }
  const cached = unique.filter(cachesBalance);
  const locked =
    cached.length === 0
      ? []
      : await tx
          .select(columns)
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.key, cached))
          .orderBy(asc(ledgerAccounts.id))
          .for('update');
  const plain = known.filter((a) => !cachesBalance(a.key as AccountKey));
  return new Map([...plain, ...locked].map((a) => [a.key as AccountKey, a]));
};

/**
 * Posts one balanced journal inside the caller's transaction (the state change's, with its audit
 * event). Answers the journal's id, or null when a journal of this key was already posted.
 */
export const postJournal = async (tx: DbOrTx, input: JournalInput): Promise<number | null> => {
  checkBalanced(input.lines);
  const accounts = await lockAccounts(
    tx,
    input.lines.map((l) => l.account),
  );
  const [journal] = await tx
    .insert(ledgerJournals)
    .values({
      key: input.key,
      kind: input.kind,
      entity: input.entity,
      entityId: input.entityId,
      reversesId: input.reversesId ?? null,
      createdBy: input.createdBy ?? null,
    })
    .onConflictDoNothing({ target: ledgerJournals.key })
    .returning({ id: ledgerJournals.id });
  if (!journal) return null;
  const running = new Map<AccountKey, number>();
  const entries = input.lines.map((line) => {
    const account = accounts.get(line.account)!;
    if (!cachesBalance(line.account)) return { journalId: journal.id, accountId: account.id, amount: line.amount };
    const after = (running.get(line.account) ?? account.balance) + line.amount;
    running.set(line.account, after);
    return { journalId: journal.id, accountId: account.id, amount: line.amount, balanceAfter: after };
  });
  await tx.insert(ledgerEntries).values(entries);
  if (running.size > 0) {
    const rows = [...running].map(([key, balance]) => sql`(${accounts.get(key)!.id}::bigint, ${balance}::bigint)`);
    await tx.execute(sql`UPDATE ledger_accounts a SET balance = v.balance, version = a.version + 1
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, balance) WHERE a.id = v.id`);
  }
  return journal.id;
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
  input: { key: string; kind: string; createdBy?: string | null },
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
