import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { providerEvents } from '../../db/schema';
import { notFound } from '../../errors';
import type { ListFilters } from '../../routes/read-routes';
import type {
  ProviderEventDetail,
  ProviderEventFilters,
  ProviderEventRow,
  ProviderEventSort,
} from '../../schemas/provider-events';
import { conditions, cursorFields, type Paging } from '../common/lists';
import { keysetList } from '../common/keyset-list';

// The event log as ADMIN reads it (issue 14, item 5): its list, newest first, and one event whole.

type Row = typeof providerEvents.$inferSelect;

export const presentRow = (row: Row): ProviderEventRow => ({
  id: row.id,
  provider: row.provider,
  eventId: row.eventId,
  eventType: row.eventType,
  verified: row.verified,
  outcome: row.outcome,
  detail: row.detail,
  payinId: row.payinId,
  paymentId: row.paymentId,
  attempts: row.attempts,
  appliedAt: row.appliedAt?.toISOString() ?? null,
  receivedAt: row.receivedAt.toISOString(),
});

export const presentDetail = (row: Row): ProviderEventDetail => ({
  ...presentRow(row),
  headers: row.headers,
  body: row.body,
});

type Filters = ListFilters<typeof ProviderEventFilters>;

const filterWhere = (f: Filters): SQL[] =>
  conditions(
    f.provider && inArray(providerEvents.provider, f.provider),
    f.outcome && inArray(providerEvents.outcome, f.outcome),
    f.verified !== undefined && eq(providerEvents.verified, f.verified),
    f.payinId && eq(providerEvents.payinId, f.payinId),
    f.ids && inArray(providerEvents.id, f.ids),
  );

const eventList = keysetList({
  table: providerEvents,
  sorts: { receivedAt: providerEvents.receivedAt },
  id: providerEvents.id,
  select: (db, key, extra = {}) =>
    db
      .select({ e: providerEvents, ...cursorFields(key), ...extra })
      .from(providerEvents)
      .$dynamic(),
  present: (r) => presentRow(r.e),
});

/** Newest first by default; the log belongs to no merchant or vendor (ADMIN's alone, by the guard). */
export const listProviderEvents = async (db: Db, filters: Filters, paging: Paging<ProviderEventSort>) =>
  eventList.page(db, and(...filterWhere(filters)), paging);

export const getProviderEvent = async (db: Db, id: string) => {
  const [row] = await db.select().from(providerEvents).where(eq(providerEvents.id, id));
  if (!row) throw notFound('Provider event');
  return presentDetail(row);
};
