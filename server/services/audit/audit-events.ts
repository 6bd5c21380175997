import { and, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { auditEvents } from '../../db/schema';
import { notFound } from '../../errors';
import type { ListFilters } from '../../routes/read-routes';
import type { AuditEventFilters, AuditEventView, AuditSort } from '../../schemas/audit-events';
import type { SessionUser } from '../common/session-user';
import type { Batches } from '../common/csv';
import {
  afterCursor,
  conditions,
  cursorFields,
  cursorOf,
  istDayRange,
  likePattern,
  offsetOf,
  orderOf,
  sortKey,
  type Paging,
} from '../common/lists';
import { dataScope, scopeWhere } from '../common/scope';

type Row = typeof auditEvents.$inferSelect;
type Filters = ListFilters<typeof AuditEventFilters>;

const SORT_COLUMNS = { at: auditEvents.at };

export const presentEvent = (row: Row): AuditEventView => ({
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

/** The log belongs to no merchant or vendor: only callers who see everything see it. */
const visible = async (db: DbOrTx, user: SessionUser): Promise<SQL | undefined> =>
  scopeWhere(await dataScope(db, user), {});

const numericIds = (ids: string[]) => ids.map(Number).filter(Number.isSafeInteger);

const filterWhere = (f: Filters): SQL[] =>
  conditions(
    f.entity && inArray(auditEvents.entity, f.entity),
    f.entityId && eq(auditEvents.entityId, f.entityId),
    f.action && inArray(auditEvents.action, f.action),
    f.actorName && ilike(auditEvents.actorName, likePattern(f.actorName)),
    ...istDayRange(auditEvents.at, f.from, f.to),
    f.ids && inArray(auditEvents.id, numericIds(f.ids)),
  );

export const listAuditEvents = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<AuditSort>) => {
  const where = and(await visible(db, user), ...filterWhere(filters));
  const key = sortKey(paging, SORT_COLUMNS, auditEvents.id);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(...orderOf(key))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { data: rows.map(presentEvent), total };
};

export const exportAuditEvents = async (
  db: Db,
  user: SessionUser,
  filters: Filters,
  paging: Paging<AuditSort>,
): Promise<Batches> => {
  const where = and(await visible(db, user), ...filterWhere(filters));
  const key = sortKey(paging, SORT_COLUMNS, auditEvents.id);
  return async (after, limit) => {
    const rows = await db
      .select({ e: auditEvents, ...cursorFields(key) })
      .from(auditEvents)
      .where(and(where, afterCursor(key, after)))
      .orderBy(...orderOf(key))
      .limit(limit);
    return { rows: rows.map((r) => presentEvent(r.e)), next: cursorOf(rows.at(-1)) };
  };
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

export const getAuditEvent = async (db: Db, user: SessionUser, id: string) => {
  const [row] = Number.isSafeInteger(Number(id))
    ? await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.id, Number(id)), await visible(db, user)))
    : [];
  if (!row) throw notFound('Audit event');
  return presentEvent(row);
};
