import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteSettings } from '../plugins/route-settings';
import { Data, errorResponses, security } from '../schemas/common';
import {
  LIEN_SORTS,
  LienBody,
  LienDetail,
  LienFilters,
  LienView,
  SETTLEMENT_SORTS,
  SettlementBody,
  SettlementDetail,
  SettlementFilters,
  SettlementView,
  VendorSettlementBody,
  VendorSettlementDetail,
  VendorSettlementFilters,
  VendorSettlementView,
} from '../schemas/settlements';
import { readRoutes } from './read-routes';
import { transitionRoutes, withoutHistory } from './settlement-transitions';
import {
  approveSettlement,
  createSettlement,
  rejectSettlement,
  resetSettlement,
} from '../services/settlements/settlements';
import {
  approveVendorSettlement,
  createVendorSettlement,
  rejectVendorSettlement,
  resetVendorSettlement,
} from '../services/settlements/vendor-settlements';
import {
  exportSettlements,
  getSettlement,
  listSettlements,
  SETTLEMENT_CSV_COLUMNS,
} from '../services/settlements/settlements-list';
import {
  exportVendorSettlements,
  getVendorSettlement,
  listVendorSettlements,
  VENDOR_SETTLEMENT_CSV_COLUMNS,
} from '../services/settlements/vendor-settlements-list';
import { createLien } from '../services/liens/liens';
import { exportLiens, getLien, LIEN_CSV_COLUMNS, listLiens } from '../services/liens/liens-list';

/** Settlements, vendor settlements and chargebacks (issue 12): the names here are contracts. */
export const settlementRoutes: FastifyPluginAsyncTypebox<Pick<RouteSettings, 'db' | 'checkerThresholdPaise'>> = async (
  app,
  { db, checkerThresholdPaise },
) => {
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
      const row = await createSettlement(db, request.session, request.body, request.ip);
      return reply.status(201).send({ data: withoutHistory(await getSettlement(db, request.session, row.id)) });
    },
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
      const row = await createVendorSettlement(db, request.session, request.body, request.ip);
      return reply.status(201).send({ data: withoutHistory(await getVendorSettlement(db, request.session, row.id)) });
    },
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
      const row = await createLien(db, request.session, request.body, request.ip);
      const { journal: _j, ...view } = await getLien(db, request.session, row.id);
      return reply.status(201).send({ data: view });
    },
  );

  await app.register(
    transitionRoutes(
      'settlements',
      SettlementView,
      { approve: 'settlement.approve', reset: 'settlement.reset' },
      {
        approve: (user, id, body, ip) => approveSettlement(db, user, id, body, { checkerThresholdPaise, ip }),
        reject: (user, id, body, ip) => rejectSettlement(db, user, id, body, ip),
        reset: (user, id, ip) => resetSettlement(db, user, id, ip),
        view: async (user, id) => withoutHistory(await getSettlement(db, user, id)),
      },
    ),
  );
  await app.register(
    transitionRoutes(
      'vendor-settlements',
      VendorSettlementView,
      { approve: 'vendor-settlement.approve', reset: 'vendor-settlement.reset' },
      {
        approve: (user, id, body, ip) => approveVendorSettlement(db, user, id, body, { checkerThresholdPaise, ip }),
        reject: (user, id, body, ip) => rejectVendorSettlement(db, user, id, body, ip),
        reset: (user, id, ip) => resetVendorSettlement(db, user, id, ip),
        view: async (user, id) => withoutHistory(await getVendorSettlement(db, user, id)),
      },
    ),
  );
};
