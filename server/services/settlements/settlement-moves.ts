import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { settlements, vendorSettlements } from '../../db/schema';
import { notFound } from '../../errors';
import {
  needsUtr,
  transitionOf,
  type Destination,
  type SettlementAction,
  type SettlementTransition,
  type VendorSettlementMethod,
} from '../../../domain/settlement';
import type { AuditAction } from '../../../domain/audit-event';
import type { SessionUser } from '../common/session-user';
import { audit } from '../audit/audit';
import { dataScope, type DataScope } from '../common/scope';
import { clearRequests } from '../audit/four-eyes';
import { claimUtr, freeUtrsOf } from '../common/utr';
import { reverseLatest, type JournalInput } from '../ledger/ledger';
import {
  approvalEyes,
  assertMove,
  auditedSettlement,
  changedMeanwhile,
  referenceOf,
  type SettlementCheck,
} from './settlement-steps';

type SettlementTable = typeof settlements | typeof vendorSettlements;
/** The columns a move may set, of either kind. */
type Patch = Partial<typeof settlements.$inferSelect & typeof vendorSettlements.$inferSelect>;

const AUDIT_OF: Record<SettlementAction, AuditAction> = { approve: 'approve', reject: 'reject', reset: 'reset' };

/** What a settlement's success journal is, before the kind's lines: its key, kind and entity. */
type SuccessJournal = Omit<JournalInput, 'lines'>;

/**
 * The one shape of a merchant's and a vendor's settlement moving: `moving` locks the row in the
 * caller's scope and checks the move against the kind's transitions; `step` writes the new status
 * only if nobody moved the row meanwhile, and audits it; creating, paying, rejecting and resetting
 * are each written once here. What money moves with them (a hold, a journal's lines) is the kind's
 * own, passed in.
 */
export const settlementMoves = <T extends SettlementTable>(kind: {
  table: T;
  entity: 'settlements' | 'vendor-settlements';
  /** Names its journals (`settlement:<id>:success:<version>`) and its approval's confirmation kind. */
  name: 'settlement' | 'vendor-settlement';
  /** The name in a 404: "Settlement", "Vendor settlement". */
  what: string;
  /** The columns naming whose settlement it is. */
  owner: { id: 'merchantId'; code: 'merchantCode' } | { id: 'vendorId'; code: 'vendorCode' };
  transitions: readonly SettlementTransition[];
  visible: (scope: DataScope) => SQL | undefined;
}) => {
  type Row = T['$inferSelect'];
  // Both tables have the columns used here; drizzle's builders take one table type at a time.
  const table = kind.table as typeof settlements;

  /** A vendor's internal transfer is created paid: its step is 'create', audited with the creation. */
  const step = async (
    tx: DbOrTx,
    user: SessionUser,
    row: Row,
    action: SettlementAction | 'create',
    patch: Patch,
    ip?: string,
  ): Promise<Row> => {
    const to = action === 'create' ? 'SUCCESS' : transitionOf(kind.transitions, action).to;
    const [after] = await tx
      .update(table)
      .set({ ...patch, status: to, version: row.version + 1, updatedAt: sql`now()` })
      .where(and(eq(table.id, row.id), eq(table.status, row.status), eq(table.version, row.version)))
      .returning();
    if (!after) throw changedMeanwhile();
    if (action !== 'create')
      await audit(
        tx,
        { ...user, ip },
        {
          action: AUDIT_OF[action],
          entity: kind.entity,
          entityId: row.id,
          before: auditedSettlement(row),
          after: auditedSettlement(after),
        },
      );
    return after as Row;
  };

  const moving = (
    db: DbOrTx,
    user: SessionUser,
    id: string,
    action: SettlementAction,
    then: (tx: DbOrTx, row: Row) => Promise<Row>,
  ) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(table)
        .where(and(eq(table.id, id), kind.visible(await dataScope(tx, user))))
        .for('update');
      if (!row) throw notFound(kind.what);
      assertMove(kind.transitions, user, action, row.status);
      return then(tx, row as Row);
    });

  /**
   * An approval: never by its creator, and above the checker threshold the first approver's call
   * waits for another person's (approvalEyes); `pay` runs once the approval is complete.
   */
  const approving = async (
    db: DbOrTx,
    user: SessionUser,
    id: string,
    body: { reference?: string },
    opts: SettlementCheck,
    pay: (tx: DbOrTx, row: Row, reference: string | null) => Promise<Row>,
  ) => {
    let awaitingChecker: string | null = null;
    const row = await moving(db, user, id, 'approve', async (tx, row) => {
      const reference = referenceOf(row.method, body.reference);
      const eyes = await approvalEyes(tx, user, row, `${kind.name}.approve`, reference, opts);
      if (!eyes.waiting) return pay(tx, row, reference);
      awaitingChecker = eyes.maker;
      return row;
    });
    return { row, awaitingChecker: awaitingChecker as string | null };
  };

  /** A new settlement, INITIATED; `then` moves what money comes with it, before it is audited. */
  const creating = (
    db: DbOrTx,
    user: SessionUser,
    owner: { id: string; code: string },
    input: { amount: number; method: VendorSettlementMethod; destination: Required<Destination> },
    ip: string | undefined,
    then: (tx: DbOrTx, row: Row) => Promise<Row>,
  ) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(table)
        .values({
          [kind.owner.id]: owner.id,
          [kind.owner.code]: owner.code,
          amount: input.amount,
          method: input.method,
          ...input.destination,
          createdBy: user.id,
          createdByName: user.userName,
        } as typeof settlements.$inferInsert)
        .returning();
      const done = await then(tx, row as Row);
      await audit(
        tx,
        { ...user, ip },
        {
          action: 'create',
          entity: kind.entity,
          entityId: row.id,
          after: { [kind.owner.code]: owner.code, ...auditedSettlement(done), ...input.destination },
        },
      );
      return done;
    });

  /**
   * SUCCESS with its reference, whose UTR is claimed first; `post` posts the journal the kind's
   * money makes, under the key of this success.
   */
  const paying = async (
    tx: DbOrTx,
    user: SessionUser,
    row: Row,
    reference: string | null,
    how: { action: 'approve' | 'create'; patch?: Patch; ip?: string },
    post: (journal: SuccessJournal) => Promise<unknown>,
  ) => {
    if (reference && needsUtr(row.method))
      await claimUtr(tx, { utr: reference, entity: kind.entity, entityId: row.id, createdBy: user.id });
    const patch = { reference, reason: null, ...how.patch, completedAt: sql`now()` as never };
    const after = await step(tx, user, row, how.action, patch, how.ip);
    await post({
      key: `${kind.name}:${row.id}:success:${after.version}`,
      kind: `${kind.name}.success`,
      entity: kind.entity,
      entityId: row.id,
      createdBy: user.id,
    });
    return after;
  };

  /** REJECTED with the reason; `then` releases what the kind held, if anything. */
  const rejecting = (
    db: DbOrTx,
    user: SessionUser,
    id: string,
    reason: string,
    ip: string | undefined,
    then?: (tx: DbOrTx, row: Row) => Promise<void>,
  ) =>
    moving(db, user, id, 'reject', async (tx, row) => {
      await clearRequests(tx, kind.entity, [row.id]);
      const after = await step(tx, user, row, 'reject', { reason: reason.trim(), reference: null }, ip);
      await then?.(tx, row);
      return after;
    });

  /** Back to INITIATED: a paid one's UTRs freed and journal reversed; `then` undoes the rest of the kind's money. */
  const resetting = (
    db: DbOrTx,
    user: SessionUser,
    id: string,
    how: { patch?: Patch; ip?: string },
    then: (tx: DbOrTx, row: Row, after: Row) => Promise<void>,
  ) =>
    moving(db, user, id, 'reset', async (tx, row) => {
      await clearRequests(tx, kind.entity, [row.id]);
      const patch = { reference: null, reason: null, completedAt: null, ...how.patch };
      const after = await step(tx, user, row, 'reset', patch, how.ip);
      if (row.status === 'SUCCESS') {
        await freeUtrsOf(tx, kind.entity, [row.id]);
        await reverseLatest(
          tx,
          { entity: kind.entity, entityId: row.id, kind: `${kind.name}.success` },
          {
            key: `${kind.name}:${row.id}:reversal:${after.version}`,
            kind: `${kind.name}.reversal`,
            createdBy: user.id,
          },
        );
      }
      await then(tx, row, after);
      return after;
    });

  return { moving, approving, creating, paying, rejecting, resetting };
};
