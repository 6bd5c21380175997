import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import * as events from '../services/audit/audit-events';
import { AUDIT_SORTS, AuditEventFilters, AuditEventId, AuditEventView } from '../schemas/audit-events';
import { readRoutes } from './read-routes';

/** The audit log: read and export only; the services write it. */
export const auditEventRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      resource: 'audit-events',
      sorts: AUDIT_SORTS,
      defaultSort: 'at',
      filters: AuditEventFilters,
      row: AuditEventView,
      detail: AuditEventView,
      csvColumns: events.AUDIT_CSV_COLUMNS,
      list: (user, f, paging) => events.listAuditEvents(db, user, f, paging),
      batches: (user, f, paging) => events.exportAuditEvents(db, user, f, paging),
      get: (user, id) => events.getAuditEvent(db, user, id),
      id: AuditEventId,
    }),
  );
};
