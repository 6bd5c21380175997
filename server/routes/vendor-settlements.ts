import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { Data, errorResponses, security } from '../schemas/common';
import {
  SETTLEMENT_SORTS,
  VendorSettlementBody,
  VendorSettlementDetail,
  VendorSettlementFilters,
  VendorSettlementView,
} from '../schemas/settlements';
import { readRoutes } from './read-routes';
import { withoutHistory } from './settlement-transitions';
import { createVendorSettlementAnswered } from '../services/settlements/vendor-settlements-list';
import {
  exportVendorSettlements,
  getVendorSettlement,
  listVendorSettlements,
  VENDOR_SETTLEMENT_CSV_COLUMNS,
} from '../services/settlements/vendor-settlements-list';

/**
 * Vendor settlements (issue 12): list, export, show and create; the names here are contracts.
 * Their approve, reject and reset are in settlement-transitions.ts, their balances in
 * settlement-balances.ts.
 */
export const vendorSettlementRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      resource: 'vendor-settlements',
      sorts: SETTLEMENT_SORTS,
      defaultSort: 'createdAt',
      filters: VendorSettlementFilters,
      row: VendorSettlementView,
      detail: VendorSettlementDetail,
      csvColumns: VENDOR_SETTLEMENT_CSV_COLUMNS,
      list: (user, f, paging) => listVendorSettlements(db, user, f, paging),
      batches: (user, f, paging) => exportVendorSettlements(db, user, f, paging),
      get: (user, id) => getVendorSettlement(db, user, id),
    }),
  );

  app.post(
    '/vendor-settlements',
    {
      config: { access: { resource: 'vendor-settlements', action: 'create' } },
      schema: {
        tags: ['vendor-settlements'],
        security,
        summary:
          "Record a vendor's settlement: INITIATED; an internal transfer (INTERNAL_BANK_TRANSFER, INTERNAL_QR_TRANSFER) names the UTR of an un-used bank entry of the same amount on another account, consumes it and is SUCCESS at once",
        body: VendorSettlementBody,
        response: { 201: Data(VendorSettlementView), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createVendorSettlementAnswered(db, request.session, request.body, request.ip);
      return reply.status(201).send({ data: withoutHistory(created) });
    },
  );
};
