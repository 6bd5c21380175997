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
export const answeredMoves = <V>(view: (tx: DbOrTx, user: SessionUser, id: string) => Promise<V>, moves: Moves) => ({
  approve: (db: Db, user: SessionUser, id: string, body: { reference?: string }, opts: SettlementCheck) =>
    db.transaction(async (tx) => {
      const { row, awaitingChecker } = await moves.approve(tx, user, id, body, opts);
      return { row: await view(tx, user, row.id), awaitingChecker };
    }),
  reject: (db: Db, user: SessionUser, id: string, body: { reason: string }, ip?: string) =>
    db.transaction(async (tx) => view(tx, user, (await moves.reject(tx, user, id, body, ip)).id)),
  reset: (db: Db, user: SessionUser, id: string, ip?: string) =>
    db.transaction(async (tx) => view(tx, user, (await moves.reset(tx, user, id, ip)).id)),
});
