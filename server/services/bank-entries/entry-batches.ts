import type { Db } from '../../db';
import type { SessionUser } from '../common/session-user';
import {
  accountProblems,
  checkEntry,
  recordEntries,
  repeated,
  type EntryInput,
  type EntryToRecord,
} from './bank-entries';
import { viewEntries } from './bank-entries-list';
import { accountBatches } from '../common/account-batches';

/**
 * Bank entries added one by one (POST /v1/bank-entries) are written in batches by the group commit
 * (common/account-batches.ts): one transaction with a statement per step (recordEntries) instead of
 * some twenty per entry. Each entry still gets its own answer: Repeated, a bad bank account or its
 * match, read in the same transaction: an answer read after the commit could fail (PostgreSQL
 * restarted in between) and tell staff the entry was refused when it had paid its pay-in.
 */
export const MAX_BATCH = 200;

/**
 * One batch in one transaction: for each entry its view and match, or the error that is its own
 * (a bad bank account, Repeated). Throws only when the transaction did not commit.
 */
const writeBatch = async (db: Db, items: EntryToRecord[]) => {
  const problems = await accountProblems(
    db,
    items.map((i) => i.entry.bankAccountId),
  );
  const good = items.filter((_, i) => problems[i] === null);
  return db.transaction(async (tx) => {
    const results = await recordEntries(tx, good, 'Manual');
    const recorded = results.flatMap((r, i) => (r ? [{ id: r.entry.id, user: good[i].user }] : []));
    const views = await viewEntries(tx, recorded);
    let g = 0;
    let v = 0;
    return items.map((_, i) => {
      if (problems[i]) return problems[i];
      const r = results[g++];
      if (!r) return repeated();
      return { entry: views[v++], matched: r.matched ? { payinId: r.matched.id, status: r.matched.status } : null };
    });
  });
};

type Added = Exclude<Awaited<ReturnType<typeof writeBatch>>[number], Error>;

const batchers = new WeakMap<Db, (item: EntryToRecord) => Promise<Added>>();

const batcherOf = (db: Db) => {
  const known = batchers.get(db);
  if (known) return known;
  const add = accountBatches<EntryToRecord, Added>((items) => writeBatch(db, items), { maxBatch: MAX_BATCH });
  batchers.set(db, add);
  return add;
};

/** Records a bank credit as staff typed it and matches the pay-in waiting for it (batched, see above). */
export const addEntry = async (db: Db, user: SessionUser, input: EntryInput, ip?: string) =>
  batcherOf(db)({ entry: checkEntry(input), user, ip });
