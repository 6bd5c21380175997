import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { settlements, vendorSettlements } from '../../db/schema';
import { notFound } from '../../errors';
import { transitionOf, type SettlementAction, type SettlementTransition } from '../../../domain/settlement';
import type { AuditAction } from '../../../domain/audit-event';
import type { SessionUser } from '../common/session-user';
import { audit } from '../audit/audit';
import { dataScope, type DataScope } from '../common/scope';
import {
  approvalEyes,
  assertMove,
  auditedSettlement,
  changedMeanwhile,
  referenceOf,
  type SettlementCheck,
} from './settlement-steps';

type SettlementTable = typeof settlements | typeof vendorSettlements;

const AUDIT_OF: Record<SettlementAction, AuditAction> = { approve: 'approve', reject: 'reject', reset: 'reset' };

/**
 * The one shape of a merchant's and a vendor's settlement moving: `moving` locks the row in the
 * caller's scope and checks the move against the kind's transitions; `step` writes the new status
 * only if nobody moved the row meanwhile, and audits it. What money moves with it is the kind's own.
 */
export const settlementMoves = <T extends SettlementTable>(kind: {
  table: T;
  entity: 'settlements' | 'vendor-settlements';
  /** The name in a 404: "Settlement", "Vendor settlement". */
  what: string;
  transitions: readonly SettlementTransition[];
  visible: (scope: DataScope) => SQL | undefined;
  /** The confirmation kind and four-eyes row of its approval. */
  approval: 'settlement.approve' | 'vendor-settlement.approve';
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
    patch: Partial<Row>,
    ip?: string,
  ): Promise<Row> => {
    const to = action === 'create' ? 'SUCCESS' : transitionOf(kind.transitions, action).to;
    const [after] = await tx
      .update(table)
      .set({ ...(patch as object), status: to, version: row.version + 1, updatedAt: sql`now()` })
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
    db: Db,
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
    db: Db,
    user: SessionUser,
    id: string,
    body: { reference?: string },
    opts: SettlementCheck,
    pay: (tx: DbOrTx, row: Row, reference: string | null) => Promise<Row>,
  ) => {
    let awaitingChecker: string | null = null;
    const row = await moving(db, user, id, 'approve', async (tx, row) => {
      const reference = referenceOf(row.method, body.reference);
      const eyes = await approvalEyes(tx, user, row, kind.approval, reference, opts);
      if (!eyes.waiting) return pay(tx, row, reference);
      awaitingChecker = eyes.maker;
      return row;
    });
    return { row, awaitingChecker: awaitingChecker as string | null };
  };

  return { step, moving, approving };
};
