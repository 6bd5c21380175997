import type { AuditAction, AuditEntity } from '../../../domain/audit-event';

/** One recorded change: who did what to which record, with the record before and after (secrets redacted). */
export interface AuditEvent {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}
