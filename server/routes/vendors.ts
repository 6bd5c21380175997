import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { BooleanFilter } from '../services/lists';
import * as vendors from '../services/vendor-admin';
import { Data, EnabledBody, RequiredText, errorResponses } from '../schemas';
import { IdParams, readRoutes } from './read-routes';

const Percent = () => Type.Number({ minimum: 0, maximum: 100 });
const VendorUpdate = Type.Object(
  { name: RequiredText(200), payinCommissionPercent: Percent(), payoutCommissionPercent: Percent() },
  { additionalProperties: false },
);
const VendorBody = Type.Object(
  {
    code: Type.String({
      pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9_-]{1,29}\\s*$',
      description: '2–30 letters, digits, - or _',
    }),
    ...VendorUpdate.properties,
  },
  { additionalProperties: false },
);
const VendorView = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  payinCommissionPercent: Type.Number(),
  payoutCommissionPercent: Type.Number(),
  enabled: Type.Boolean(),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const tags = ['vendors'];
const security = [{ bearer: [] }];

export const vendorRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      path: 'vendors',
      screen: 'vendor',
      tags,
      sorts: vendors.VENDOR_SORTS,
      defaultSort: 'createdAt',
      filters: {
        q: Type.Optional(Type.String({ maxLength: 100 })),
        code: Type.Optional(Type.String({ maxLength: 100 })),
        name: Type.Optional(Type.String({ maxLength: 100 })),
        enabled: BooleanFilter,
      },
      row: VendorView,
      detail: VendorView,
      csvColumns: vendors.VENDOR_CSV_COLUMNS,
      list: (user, f, paging) => vendors.listVendors(db, user, f, paging),
      batches: (user, f, paging) => vendors.vendorBatches(db, user, f, paging),
      get: (user, id) => vendors.getVendor(db, user, id),
    }),
  );

  app.post(
    '/vendors',
    {
      config: { access: { screen: 'vendor', action: 'create' } },
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
      config: { access: { screen: 'vendor', action: 'update' } },
      schema: {
        tags,
        security,
        summary: 'Edit a vendor',
        params: IdParams,
        body: VendorUpdate,
        response: { 200: Data(VendorView), ...errorResponses },
      },
    },
    async (request) => ({
      data: await vendors.updateVendor(db, request.session, request.params.id, request.body, request.ip),
    }),
  );

  app.put(
    '/vendors/:id/enabled',
    {
      config: { access: { screen: 'vendor', action: 'toggle' }, confirm: true },
      schema: {
        tags,
        security,
        summary: 'Enable or disable (password confirmation)',
        params: IdParams,
        body: EnabledBody,
        response: { 200: Data(VendorView), ...errorResponses },
      },
    },
    async (request) => ({
      data: await vendors.setVendorEnabled(db, request.session, request.params.id, request.body.enabled, request.ip),
    }),
  );
};
