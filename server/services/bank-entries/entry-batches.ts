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

/**
 * Bank entries added one by one (POST /v1/bank-entries) are written in batches: those that arrive
 * while a batch is being written go together in the next one, in one transaction with a statement
 * per step (recordEntries) instead of some twenty per entry. A lone entry is written at once, so
 * nobody waits for company. Each entry still gets its own answer: Repeated, a bad bank account or
 * its match. When a whole batch fails (a deadlock with another writer, a lost connection), its
 * entries are written again one by one, so one entry's failure is only its own.
 */
export const MAX_BATCH = 200;
/** Batches written at the same time, each on a connection of its own. */
export const MAX_IN_FLIGHT = 2;

type Added = Awaited<ReturnType<typeof answersOf>>[number];

interface Waiting {
  item: EntryToRecord;
  resolve: (added: Exclude<Added, Error>) => void;
  reject: (error: unknown) => void;
}

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

type Written = Awaited<ReturnType<typeof writeBatch>>[number];

/** The answers of a committed batch: each entry as its caller sees it, in one query. */
const answersOf = async (db: Db, written: Written[]) => {
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
  const queue: Waiting[] = [];
  let inFlight = 0;
  const settle = (waiting: Waiting, added: Added) =>
    added instanceof Error ? waiting.reject(added) : waiting.resolve(added);
  /** Answers once committed; a failure to read the answers is not a reason to write again. */
  const answer = async (batch: Waiting[], written: Written[]) => {
    try {
      const added = await answersOf(db, written);
      batch.forEach((w, i) => settle(w, added[i]));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  };
  const run = async (batch: Waiting[]) => {
    let written: Written[];
    try {
      written = await writeBatch(
        db,
        batch.map((w) => w.item),
      );
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      for (const w of batch) {
        let own: Written[];
        try {
          own = await writeBatch(db, [w.item]);
        } catch (failure) {
          w.reject(failure);
          continue;
        }
        await answer([w], own);
      }
      return;
    }
    await answer(batch, written);
  };
  const pump = () => {
    while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
      inFlight += 1;
      void run(queue.splice(0, MAX_BATCH)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };
  const add = (item: EntryToRecord) =>
    new Promise<Exclude<Added, Error>>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
  batchers.set(db, add);
  return add;
};

/** Records a bank credit as staff typed it and matches the pay-in waiting for it (batched, see above). */
export const addEntry = async (db: Db, user: SessionUser, input: EntryInput, ip?: string) =>
  batcherOf(db)({ entry: checkEntry(input), user, ip });
