import type { Db, DbOrTx } from '../../db';
import type { SessionUser } from '../common/session-user';
import type { SettlementCheck } from './settlement-steps';

/** A kind's three moves (settlements.ts, vendor-settlements.ts), each on a transaction it is given. */
interface Moves {
  approve: (
    tx: DbOrTx,
    user: SessionUser,
    id: string,
    body: { reference?: string },
    opts: SettlementCheck,
  ) => Promise<{ row: { id: string }; awaitingChecker: string | null }>;
  reject: (tx: DbOrTx, user: SessionUser, id: string, body: { reason: string }, ip?: string) => Promise<{ id: string }>;
  reset: (tx: DbOrTx, user: SessionUser, id: string, ip?: string) => Promise<{ id: string }>;
}

/**
 * A kind's approve, reject and reset, each answered with the row's view read in the move's own
 * transaction (the move's becomes a savepoint inside it). Once a settlement is paid its approver
 * must hear so: a view read after the commit could fail (the database lost in between) and answer
 * 503 for money that moved, and a retry would meet a settlement already paid.
 */
export const answeredMoves = <V>(view: (tx: DbOrTx, user: SessionUser, id: string) => Promise<V>, moves: Moves) => {
  const inOne = <T>(db: Db, user: SessionUser, move: (tx: DbOrTx) => Promise<T>, idOf: (done: T) => string) =>
    db.transaction(async (tx) => {
      const done = await move(tx);
      return { done, view: await view(tx, user, idOf(done)) };
    });
  return {
    approve: async (db: Db, user: SessionUser, id: string, body: { reference?: string }, opts: SettlementCheck) => {
      const move = (tx: DbOrTx) => moves.approve(tx, user, id, body, opts);
      const { done, view: row } = await inOne(db, user, move, (d) => d.row.id);
      return { row, awaitingChecker: done.awaitingChecker };
    },
    reject: async (db: Db, user: SessionUser, id: string, body: { reason: string }, ip?: string) =>
      (
        await inOne(
          db,
          user,
          (tx) => moves.reject(tx, user, id, body, ip),
          (d) => d.id,
        )
      ).view,
    reset: async (db: Db, user: SessionUser, id: string, ip?: string) =>
      (
        await inOne(
          db,
          user,
          (tx) => moves.reset(tx, user, id, ip),
          (d) => d.id,
        )
      ).view,
  };
};
