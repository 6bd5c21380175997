import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { Data, errorResponses, security } from '../schemas/common';
import { LIEN_SORTS, LienBody, LienDetail, LienFilters, LienView } from '../schemas/liens';
import { readRoutes } from './read-routes';
import { createLienAnswered } from '../services/liens/liens-list';
import { exportLiens, getLien, LIEN_CSV_COLUMNS, listLiens } from '../services/liens/liens-list';

/** Chargebacks (issue 12): list, export, show and create; the names here are contracts. */
export const lienRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      resource: 'liens',
      sorts: LIEN_SORTS,
      defaultSort: 'createdAt',
      filters: LienFilters,
      row: LienView,
      detail: LienDetail,
      csvColumns: LIEN_CSV_COLUMNS,
      list: (user, f, paging) => listLiens(db, user, f, paging),
      batches: (user, f, paging) => exportLiens(db, user, f, paging),
      get: (user, id) => getLien(db, user, id),
    }),
  );

  app.post(
    '/liens',
    {
      config: { access: { resource: 'liens', action: 'create' } },
      schema: {
        tags: ['liens'],
        security,
        summary:
          "Record a chargeback: the pay-in (merchant order id) must be the merchant's, SUCCESS and the same customer's; one per pay-in (409); at most its confirmed amount. The merchant's balance pays it at once",
        body: LienBody,
        response: { 201: Data(LienView), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { journal: _j, ...view } = await createLienAnswered(db, request.session, request.body, request.ip);
      return reply.status(201).send({ data: view });
    },
  );
};
