import { and, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { auditEvents } from '../../db/schema';
import { notFound } from '../../errors';
import type { ListFilters } from '../../routes/read-routes';
import type { AuditEventFilters, AuditEventView, AuditSort } from '../../schemas/audit-events';
import type { SessionUser } from '../common/session-user';
import { conditions, cursorFields, istDayRange, likePattern, type Paging } from '../common/lists';
import { keysetList } from '../common/keyset-list';
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

const eventList = keysetList({
  table: auditEvents,
  sorts: SORT_COLUMNS,
  id: auditEvents.id,
  select: (db, key, extra = {}) =>
    db
      .select({ e: auditEvents, ...cursorFields(key), ...extra })
      .from(auditEvents)
      .$dynamic(),
  present: (r) => presentEvent(r.e),
});

const whereOf = async (db: DbOrTx, user: SessionUser, f: Filters) => and(await visible(db, user), ...filterWhere(f));

export const listAuditEvents = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<AuditSort>) =>
  eventList.page(db, await whereOf(db, user, filters), paging);

export const exportAuditEvents = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<AuditSort>) =>
  eventList.batches(db, await whereOf(db, user, filters), paging);

export const AUDIT_CSV_COLUMNS = [
  { key: 'at', header: 'At (IST)', kind: 'time' as const },
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
