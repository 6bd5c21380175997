import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { Data, errorResponses, security } from '../schemas/common';
import {
  SETTLEMENT_SORTS,
  SettlementBody,
  SettlementDetail,
  SettlementFilters,
  SettlementView,
} from '../schemas/settlements';
import { readRoutes } from './read-routes';
import { withoutHistory } from './settlement-transitions';
import { createSettlementAnswered } from '../services/settlements/settlements-list';
import {
  exportSettlements,
  getSettlement,
  listSettlements,
  SETTLEMENT_CSV_COLUMNS,
} from '../services/settlements/settlements-list';

/**
 * Merchant settlements (issue 12): list, export, show and create; the names here are contracts.
 * Their approve, reject and reset are in settlement-transitions.ts, their balances in
 * settlement-balances.ts.
 */
export const settlementRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      resource: 'settlements',
      sorts: SETTLEMENT_SORTS,
      defaultSort: 'createdAt',
      filters: SettlementFilters,
      row: SettlementView,
      detail: SettlementDetail,
      csvColumns: SETTLEMENT_CSV_COLUMNS,
      list: (user, f, paging) => listSettlements(db, user, f, paging),
      batches: (user, f, paging) => exportSettlements(db, user, f, paging),
      get: (user, id) => getSettlement(db, user, id),
    }),
  );

  app.post(
    '/settlements',
    {
      config: { access: { resource: 'settlements', action: 'create' } },
      schema: {
        tags: ['settlements'],
        security,
        summary:
          'Settle a merchant (staff), or ask for a settlement of your own balance to a bank account (merchant users): INITIATED, its amount held at once, or 409 INSUFFICIENT_BALANCE and nothing is created',
        body: SettlementBody,
        response: { 201: Data(SettlementView), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createSettlementAnswered(db, request.session, request.body, request.ip);
      return reply.status(201).send({ data: withoutHistory(created) });
    },
  );
};
