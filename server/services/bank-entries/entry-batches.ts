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
 * match, read after the commit.
 */
export const MAX_BATCH = 200;

type Added = Awaited<ReturnType<typeof answersOf>>[number];

/**
 * One batch in one transaction: for each entry its record and match, or the error that is its own
 * (a bad bank account, Repeated). Throws only when the transaction did not commit.
 */
const writeBatch = async (db: Db, items: EntryToRecord[]) => {
  const problems = await accountProblems(
    db,
    items.map((i) => i.entry.bankAccountId),
  );
  const good = items.filter((_, i) => problems[i] === null);
  const results = await db.transaction((tx) => recordEntries(tx, good, 'Manual'));
  let g = 0;
  return items.map((item, i) => {
    if (problems[i]) return problems[i];
    const r = results[g++];
    return r ? { item, ...r } : repeated();
  });
};

type Written = Exclude<Awaited<ReturnType<typeof writeBatch>>[number], Error>;

/** The answers of a committed batch: each entry as its caller sees it, in one query. */
const answersOf = async (db: Db, written: (Written | Error)[]) => {
  const recorded = written.flatMap((w) => (w instanceof Error ? [] : [{ id: w.entry.id, user: w.item.user }]));
  const views = await viewEntries(db, recorded);
  let v = 0;
  return written.map((w) =>
    w instanceof Error
      ? w
      : { entry: views[v++], matched: w.matched ? { payinId: w.matched.id, status: w.matched.status } : null },
  );
};

const batchers = new WeakMap<Db, (item: EntryToRecord) => Promise<Exclude<Added, Error>>>();

const batcherOf = (db: Db) => {
  const known = batchers.get(db);
  if (known) return known;
  const add = accountBatches<EntryToRecord, Written, Exclude<Added, Error>>((items) => writeBatch(db, items), {
    maxBatch: MAX_BATCH,
    answer: (written) => answersOf(db, written),
  });
  batchers.set(db, add);
  return add;
};

/** Records a bank credit as staff typed it and matches the pay-in waiting for it (batched, see above). */
export const addEntry = async (db: Db, user: SessionUser, input: EntryInput, ip?: string) =>
  batcherOf(db)({ entry: checkEntry(input), user, ip });
