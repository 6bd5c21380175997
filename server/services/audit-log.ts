import { and, count, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { auditEvents } from '../db/schema';
import { notFound } from '../errors';
import { likePattern, offsetOf, orderOf, type Paging } from './lists';

type Row = typeof auditEvents.$inferSelect;
export const AUDIT_SORTS = ['at'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

export interface AuditFilters {
  entity?: string;
  entityId?: string;
  action?: string;
  actorName?: string;
  from?: string;
  to?: string;
  ids?: string[];
}

export const presentEvent = (row: Row) => ({
  id: String(row.id),
  at: row.at.toISOString(),
  actorId: row.actorId,
  actorName: row.actorName,
  actorRole: row.actorRole,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  before: row.before,
  after: row.after,
  ip: row.ip,
});

const filterWhere = (f: AuditFilters): SQL[] =>
  [
    f.entity ? eq(auditEvents.entity, f.entity) : undefined,
    f.entityId ? eq(auditEvents.entityId, f.entityId) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.actorName ? ilike(auditEvents.actorName, likePattern(f.actorName)) : undefined,
    f.from ? gte(auditEvents.at, new Date(f.from)) : undefined,
    f.to ? lt(auditEvents.at, new Date(f.to)) : undefined,
    f.ids ? inArray(auditEvents.id, f.ids.map(Number).filter(Number.isSafeInteger)) : undefined,
  ].filter((c): c is SQL => c !== undefined);

export const auditBatches =
  (db: Db, filters: AuditFilters, paging: Paging<AuditSort>) => async (offset: number, limit: number) =>
    (
      await db
        .select()
        .from(auditEvents)
        .where(and(...filterWhere(filters)))
        .orderBy(...orderOf(paging, { at: auditEvents.at }, auditEvents.id))
        .limit(limit)
        .offset(offset)
    ).map(presentEvent);

export const listAuditEvents = async (db: Db, filters: AuditFilters, paging: Paging<AuditSort>) => {
  const [data, [{ total }]] = await Promise.all([
    auditBatches(db, filters, paging)(offsetOf(paging), paging.pageSize),
    db
      .select({ total: count() })
      .from(auditEvents)
      .where(and(...filterWhere(filters))),
  ]);
  return { data, total };
};

export const AUDIT_CSV_COLUMNS = [
  { key: 'at', header: 'At' },
  { key: 'actorName', header: 'User' },
  { key: 'actorRole', header: 'Role' },
  { key: 'action', header: 'Action' },
  { key: 'entity', header: 'Entity' },
  { key: 'entityId', header: 'Entity Id' },
  { key: 'ip', header: 'IP' },
];

export const getAuditEvent = async (db: Db, id: string) => {
  const [row] = Number.isSafeInteger(Number(id))
    ? await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.id, Number(id)))
    : [];
  if (!row) throw notFound('Audit event');
  return presentEvent(row);
};
