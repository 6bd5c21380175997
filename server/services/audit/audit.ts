import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { auditEvents } from '../../db/schema';
import type { AuditAction, AuditEntity } from '../../../domain/audit-event';
import type { Role } from '../../../domain/roles';

export interface Actor {
  id?: string | null;
  role?: Role | null;
  userName?: string | null;
  ip?: string | null;
}

const SECRET_KEYS = /password|secret|token|apiKey|api_key|hash/i;

/** Secrets never reach the audit log: their values are replaced, their presence kept. */
export const redact = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
};

/** Only the fields that changed, before and after. */
export const diff = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
};

export interface AuditEvent {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

const rowOf = (actor: Actor, event: AuditEvent) => ({
  actorId: actor.id ?? null,
  actorRole: actor.role ?? null,
  actorName: actor.userName ?? null,
  action: event.action,
  entity: event.entity,
  entityId: event.entityId ?? null,
  before: event.before === undefined ? null : redact(event.before),
  after: event.after === undefined ? null : redact(event.after),
  ip: actor.ip ?? null,
});

export const audit = async (tx: DbOrTx, actor: Actor, event: AuditEvent) => {
  await tx.insert(auditEvents).values(rowOf(actor, event));
};

/** Several events, each with its own actor, in one statement (a batch of bank entries, a job's steps). */
export const auditAll = async (tx: DbOrTx, events: { actor: Actor; event: AuditEvent }[]) => {
  if (events.length > 0) await tx.insert(auditEvents).values(events.map((e) => rowOf(e.actor, e.event)));
};

type AuditColumn = keyof ReturnType<typeof rowOf>;
const COLUMNS = getTableColumns(auditEvents);

/**
 * The audit row of an event on a row written in the same statement, as `INSERT … SELECT` from
 * `source` (a common table expression of what was written; none written, no audit row): its
 * `entityId` is `id` read from there, the rest placeholders named `audit_<field>` (auditValues).
 */
export const auditFrom = (source: SQL, id: SQL, event: Pick<AuditEvent, 'action' | 'entity'>) => {
  const keys = Object.keys(rowOf({}, event)) as AuditColumn[];
  const value = (k: AuditColumn) =>
    k === 'entityId' ? sql`${id}::text` : sql`${sql.placeholder(`audit_${k}`)}::${sql.raw(COLUMNS[k].getSQLType())}`;
  return sql`INSERT INTO audit_events (${sql.join(
    keys.map((k) => sql.identifier(COLUMNS[k].name)),
    sql`, `,
  )}) SELECT ${sql.join(keys.map(value), sql`, `)} FROM ${source}`;
};

/** The values of auditFrom's placeholders for one event (the JSON columns' as text). */
export const auditValues = (actor: Actor, event: AuditEvent): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(rowOf(actor, event)).map(([k, v]) => [
      `audit_${k}`,
      COLUMNS[k as AuditColumn].getSQLType() === 'jsonb' && v !== null ? JSON.stringify(v) : v,
    ]),
  );
