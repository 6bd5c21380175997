import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { auditEvents, ledgerAccounts, ledgerEntries, ledgerJournals } from '../../db/schema';
import { paiseToRupees } from '../../../domain/money';
import type { AuditEntity } from '../../../domain/audit-event';
import { actorShownTo } from '../../../domain/actors';
import type { Role } from '../../../domain/roles';

/**
 * A money record's history for its show view (pay-ins, pay-outs): the timeline from the audit log
 * (each step's status and reason, who, when) and the journal lines posted for it. Who acted is
 * named to staff, and told by kind to merchant and vendor users (domain/actors).
 */
export const timelineOf = async <S extends string>(db: DbOrTx, entity: AuditEntity, id: string, viewer: Role) => {
  const events = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, id)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  return events.map((e) => {
    const after = (e.after ?? {}) as { status?: S; reason?: string | null };
    return {
      action: e.action,
      status: after.status ?? (e.action === 'create' ? ('INITIATED' as S) : null),
      reason: after.reason ?? null,
      actor: actorShownTo(viewer, { role: e.actorRole, name: e.actorName }),
      at: e.at.toISOString(),
    };
  });
};

export const journalOf = async (db: DbOrTx, entity: AuditEntity, id: string) => {
  const lines = await db
    .select({
      journalId: ledgerJournals.id,
      kind: ledgerJournals.kind,
      account: ledgerAccounts.key,
      amount: ledgerEntries.amount,
      at: ledgerJournals.createdAt,
    })
    .from(ledgerJournals)
    .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerJournals.entity, entity), eq(ledgerJournals.entityId, id)))
    .orderBy(asc(ledgerJournals.id), asc(ledgerEntries.id));
  return lines.map((j) => ({ ...j, amount: paiseToRupees(j.amount), at: j.at.toISOString() }));
};
