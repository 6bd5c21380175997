import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import * as applications from '../services/applications';
import * as auditLog from '../services/audit-log';
import { Data, RequiredText, errorResponses } from '../schemas';
import { IdParams, readRoutes } from './read-routes';

const ApplicationView = Type.Object({
  id: Type.String(),
  businessName: Type.String(),
  contactName: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  website: Type.String(),
  expectedMonthlyVolume: Type.Number(),
  status: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  merchantId: Type.Union([Type.String(), Type.Null()]),
  reviewedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
const Status = Type.Unsafe<'PENDING' | 'APPROVED' | 'REJECTED'>(
  Type.String({ enum: ['PENDING', 'APPROVED', 'REJECTED'] }),
);
const Amount = () => Type.Number({ minimum: 0 });
const Percent = () => Type.Number({ minimum: 0, maximum: 100 });
const ApproveBody = Type.Object(
  {
    code: Type.String({ pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9_-]{1,29}\\s*$' }),
    userName: Type.String({ pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9._@-]{2,49}\\s*$' }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    minPayin: Amount(),
    maxPayin: Amount(),
    payinFeePercent: Percent(),
    minPayout: Amount(),
    maxPayout: Amount(),
    payoutFeePercent: Percent(),
    testMode: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const EventView = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actorId: Type.Union([Type.String(), Type.Null()]),
  actorName: Type.Union([Type.String(), Type.Null()]),
  actorRole: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  entity: Type.String(),
  entityId: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Type.Union([Type.String(), Type.Null()]),
});

const security = [{ bearer: [] }];

/** ADMIN's review work: on-boarding applications and the audit log. */
export const reviewRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const tags = ['merchant-applications'];
  await app.register(
    readRoutes({
      path: 'merchant-applications',
      screen: 'merchant-applications',
      tags,
      sorts: applications.APPLICATION_SORTS,
      defaultSort: 'createdAt',
      filters: { q: Type.Optional(Type.String({ maxLength: 100 })), status: Type.Optional(Status) },
      row: ApplicationView,
      detail: ApplicationView,
      csvColumns: applications.APPLICATION_CSV_COLUMNS,
      list: (_user, f, paging) => applications.listApplications(db, f as applications.ApplicationFilters, paging),
      batches: (_user, f, paging) => applications.applicationBatches(db, f as applications.ApplicationFilters, paging),
      get: (_user, id) => applications.getApplication(db, id),
    }),
  );

  app.post(
    '/merchant-applications/:id/approve',
    {
      config: { access: { screen: 'merchant-applications', action: 'review' } },
      schema: {
        tags,
        security,
        summary: 'Approve: creates the merchant and its first MERCHANT user; the API key is in this answer only',
        params: IdParams,
        body: ApproveBody,
        response: {
          200: Data(
            Type.Object({
              application: ApplicationView,
              merchant: Type.Object({
                id: Type.String(),
                code: Type.String(),
                apiKey: Type.String(),
                signingSecret: Type.String(),
              }),
              userName: Type.String(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: await applications.approveApplication(db, request.session, request.params.id, request.body, request.ip),
    }),
  );

  app.post(
    '/merchant-applications/:id/reject',
    {
      config: { access: { screen: 'merchant-applications', action: 'review' } },
      schema: {
        tags,
        security,
        summary: 'Reject with a reason',
        params: IdParams,
        body: Type.Object({ reason: RequiredText(500) }, { additionalProperties: false }),
        response: { 200: Data(ApplicationView), ...errorResponses },
      },
    },
    async (request) => ({
      data: await applications.rejectApplication(
        db,
        request.session,
        request.params.id,
        request.body.reason,
        request.ip,
      ),
    }),
  );

  await app.register(
    readRoutes({
      path: 'audit-events',
      screen: 'audit-events',
      tags: ['audit-events'],
      sorts: auditLog.AUDIT_SORTS,
      defaultSort: 'at',
      filters: {
        entity: Type.Optional(Type.String({ maxLength: 50 })),
        entityId: Type.Optional(Type.String({ maxLength: 100 })),
        action: Type.Optional(Type.String({ maxLength: 50 })),
        actorName: Type.Optional(Type.String({ maxLength: 100 })),
        from: Type.Optional(Type.String({ format: 'date-time' })),
        to: Type.Optional(Type.String({ format: 'date-time' })),
      },
      row: EventView,
      detail: EventView,
      csvColumns: auditLog.AUDIT_CSV_COLUMNS,
      list: (_user, f, paging) => auditLog.listAuditEvents(db, f as auditLog.AuditFilters, paging),
      batches: (_user, f, paging) => auditLog.auditBatches(db, f as auditLog.AuditFilters, paging),
      get: (_user, id) => auditLog.getAuditEvent(db, id),
      id: Type.String({ pattern: '^\\d{1,18}$' }),
    }),
  );
};
