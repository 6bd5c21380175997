import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import * as vendors from '../services/vendors/vendors';
import { Data, EnabledBody, IdParams, errorResponses, security } from '../schemas/common';
import { VENDOR_SORTS, VendorBody, VendorFilters, VendorUpdate, VendorView, VendorWithMoney } from '../schemas/vendors';
import { readRoutes } from './read-routes';

const tags = ['vendors'];
const ok = { 200: Data(VendorView), ...errorResponses };

export const vendorRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      resource: 'vendors',
      sorts: VENDOR_SORTS,
      defaultSort: 'createdAt',
      filters: VendorFilters,
      row: VendorWithMoney,
      detail: VendorWithMoney,
      csvColumns: vendors.VENDOR_CSV_COLUMNS,
      list: (user, f, paging) => vendors.listVendors(db, user, f, paging),
      batches: (user, f, paging) => vendors.exportVendors(db, user, f, paging),
      get: (user, id) => vendors.getVendor(db, user, id),
    }),
  );

  app.post(
    '/vendors',
    {
      config: { access: { resource: 'vendors', action: 'create' } },
      schema: {
        tags,
        security,
        summary: 'Create a vendor',
        body: VendorBody,
        response: { 201: Data(VendorView), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await vendors.createVendor(db, request.session, request.body, request.ip) }),
  );

  app.put(
    '/vendors/:id',
    {
      config: { access: { resource: 'vendors', action: 'update' } },
      schema: { tags, security, summary: 'Edit a vendor', params: IdParams, body: VendorUpdate, response: ok },
    },
    async (request) => ({
      data: await vendors.updateVendor(db, request.session, request.params.id, request.body, request.ip),
    }),
  );

  app.put(
    '/vendors/:id/enabled',
    {
      config: { access: { resource: 'vendors', action: 'toggle' }, confirm: 'vendor.toggle' },
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
      data: await vendors.setVendorEnabled(db, request.session, request.params.id, request.body.enabled, request.ip),
    }),
  );
};
