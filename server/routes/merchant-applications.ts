import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as applications from '../services/merchants/merchant-applications';
import type { RouteSettings } from '../plugins/route-settings';
import { Data, IdParams, errorResponses, security } from '../schemas/common';
import {
  APPLICATION_SORTS,
  ApplicationFilters,
  ApplicationView,
  Approval,
  ApproveBody,
  RejectBody,
} from '../schemas/merchant-applications';
import { readRoutes } from './read-routes';

const tags = ['merchant-applications'];
const review = { access: { resource: 'merchant-applications', action: 'review' } } as const;

/** Applications from the public on-boarding form, and their review by an ADMIN. */
export const merchantApplicationRoutes: FastifyPluginAsyncTypebox<Pick<RouteSettings, 'db' | 'urls'>> = async (
  app,
  { db, urls },
) => {
  await app.register(
    readRoutes({
      resource: 'merchant-applications',
      sorts: APPLICATION_SORTS,
      defaultSort: 'createdAt',
      filters: ApplicationFilters,
      row: ApplicationView,
      detail: ApplicationView,
      csvColumns: applications.APPLICATION_CSV_COLUMNS,
      list: (user, f, paging) => applications.listApplications(db, user, f, paging),
      batches: (user, f, paging) => applications.exportApplications(db, user, f, paging),
      get: (user, id) => applications.getApplication(db, user, id),
    }),
  );

  app.post(
    '/merchant-applications/:id/approve',
    {
      config: { ...review, confirm: 'merchant-application.approve' },
      schema: {
        tags,
        security,
        summary:
          'Approve: creates the merchant and its first MERCHANT user; the API key is in this answer only (password confirmation)',
        params: IdParams,
        body: ApproveBody,
        response: { 200: Data(Approval), ...errorResponses },
      },
    },
    async (request) => ({
      data: await applications.approveApplication(
        db,
        request.session,
        request.params.id,
        request.body,
        urls,
        request.ip,
      ),
    }),
  );

  app.post(
    '/merchant-applications/:id/reject',
    {
      config: review,
      schema: {
        tags,
        security,
        summary: 'Reject with a reason',
        params: IdParams,
        body: RejectBody,
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
};
