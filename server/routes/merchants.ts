import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as merchants from '../services/merchants/merchants';
import * as merchantStatus from '../services/merchants/merchant-status';
import * as merchantsList from '../services/merchants/merchants-list';
import { requireConfirmationFor } from '../services/identity/confirmations';
import type { RouteSettings } from '../plugins/route-settings';
import { Data, EnabledBody, IdParams, errorResponses, security } from '../schemas/common';
import {
  MERCHANT_SORTS,
  MerchantBody,
  MerchantDetail,
  MerchantFilters,
  MerchantRow,
  MerchantUpdate,
  MerchantView,
  MerchantWithKey,
  MoneyQuery,
} from '../schemas/merchants';
import { readRoutes } from './read-routes';

const tags = ['merchants'];
const ok = { 200: Data(MerchantView), ...errorResponses };

export const merchantRoutes: FastifyPluginAsyncTypebox<Pick<RouteSettings, 'db' | 'urls'>> = async (
  app,
  { db, urls },
) => {
  await app.register(
    readRoutes({
      resource: 'merchants',
      sorts: MERCHANT_SORTS,
      defaultSort: 'createdAt',
      filters: MerchantFilters,
      row: MerchantRow,
      detail: MerchantDetail,
      csvColumns: merchantsList.MERCHANT_CSV_COLUMNS,
      list: (user, f, paging) => merchantsList.listMerchants(db, user, f, paging),
      batches: (user, f, paging) => merchantsList.exportMerchants(db, user, f, paging),
      get: (user, id, query) => merchantsList.getMerchant(db, user, id, query as MoneyQuery),
      detailQuery: MoneyQuery,
    }),
  );

  app.post(
    '/merchants',
    {
      config: { access: { resource: 'merchants', action: 'create' } },
      schema: {
        tags,
        security,
        summary: 'Create a merchant; the API key is in this answer only',
        body: MerchantBody,
        response: { 201: Data(MerchantWithKey), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await merchants.createMerchant(db, request.session, request.body, urls, request.ip) }),
  );

  app.put(
    '/merchants/:id',
    {
      config: { access: { resource: 'merchants', action: 'update' } },
      schema: {
        tags,
        security,
        summary: 'Edit a merchant; changing its callback or return URLs needs password confirmation',
        params: IdParams,
        body: MerchantUpdate,
        response: ok,
      },
    },
    async (request) => ({
      data: await merchants.updateMerchant(
        db,
        request.session,
        request.params.id,
        request.body,
        requireConfirmationFor(app, request),
        urls,
        request.ip,
      ),
    }),
  );

  app.put(
    '/merchants/:id/enabled',
    {
      config: { access: { resource: 'merchants', action: 'toggle' }, confirm: 'merchant.toggle' },
      schema: {
        tags,
        security,
        summary: 'Enable or disable (password confirmation)',
        params: IdParams,
        body: EnabledBody,
        response: ok,
      },
    },
    async (request) => ({
      data: await merchantStatus.setMerchantEnabled(
        db,
        request.session,
        request.params.id,
        request.body.enabled,
        request.ip,
      ),
    }),
  );

  app.post(
    '/merchants/:id/rotate-key',
    {
      config: { access: { resource: 'merchants', action: 'rotate' }, confirm: 'merchant.rotate-keys' },
      schema: {
        tags,
        security,
        summary: 'New API key and signing secret, shown in this answer only (password confirmation)',
        params: IdParams,
        response: { 200: Data(MerchantWithKey), ...errorResponses },
      },
    },
    async (request) => ({
      data: await merchantStatus.rotateMerchantKey(db, request.session, request.params.id, request.ip),
    }),
  );

  app.delete(
    '/merchants/:id',
    {
      config: { access: { resource: 'merchants', action: 'delete' }, confirm: 'merchant.delete' },
      schema: {
        tags,
        security,
        summary: 'Delete a merchant without history (password confirmation)',
        params: IdParams,
        response: ok,
      },
    },
    async (request) => ({
      data: await merchantStatus.deleteMerchant(db, request.session, request.params.id, request.ip),
    }),
  );
};
