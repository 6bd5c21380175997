import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { BooleanFilter } from '../services/lists';
import { EnabledBody } from '../schemas';
import { IdParams, readRoutes } from './read-routes';
import { MerchantView } from './merchant-schemas';
import * as merchants from '../services/merchant-admin';
import { Data, RequiredText, errorResponses } from '../schemas';

const Url = () =>
  Type.String({
    format: 'uri',
    pattern: '^https?://',
    maxLength: 500,
    description: 'a web address starting with http:// or https://',
  });
const OptionalUrl = () => Type.Optional(Type.Union([Type.Null(), Type.Literal(''), Url()]));
const Amount = () => Type.Number({ minimum: 0 });

const MerchantBody = Type.Object(
  {
    code: Type.String({
      pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9_-]{1,29}\\s*$',
      description: '2–30 letters, digits, - or _',
    }),
    name: RequiredText(200),
    siteUrl: Url(),
    returnUrl: OptionalUrl(),
    payinCallbackUrl: OptionalUrl(),
    payoutCallbackUrl: OptionalUrl(),
    minPayin: Amount(),
    maxPayin: Amount(),
    payinFeePercent: Type.Number({ minimum: 0, maximum: 100 }),
    minPayout: Amount(),
    maxPayout: Amount(),
    payoutFeePercent: Type.Number({ minimum: 0, maximum: 100 }),
    testMode: Type.Optional(Type.Boolean()),
    disputesAllowed: Type.Optional(Type.Boolean()),
    parentCode: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 30 })])),
  },
  { additionalProperties: false },
);
const MerchantUpdate = Type.Omit(MerchantBody, ['code', 'parentCode'], { additionalProperties: false });

const filters = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  code: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  enabled: BooleanFilter,
  testMode: BooleanFilter,
  parentId: Type.Optional(Type.String({ format: 'uuid' })),
  topLevel: BooleanFilter,
};

const MerchantRow = Type.Object({ ...MerchantView.properties, subMerchantCount: Type.Integer() });
const MerchantDetail = Type.Object({
  ...MerchantView.properties,
  subMerchants: Type.Array(MerchantView),
  bankAccounts: Type.Array(
    Type.Object({
      id: Type.String(),
      nickname: Type.String(),
      bankName: Type.String(),
      usedFor: Type.String(),
      enabled: Type.Boolean(),
    }),
  ),
});
const MerchantWithKey = Type.Object({
  ...MerchantView.properties,
  apiKey: Type.String({ description: 'shown in this answer only' }),
  signingSecret: Type.String({ description: 'signs callbacks (HMAC-SHA256); shown in this answer only' }),
});

const access = (action: 'read' | 'export' | 'create' | 'update' | 'toggle' | 'rotate' | 'delete') =>
  ({ screen: 'merchant', action }) as const;
const tags = ['merchants'];
const security = [{ bearer: [] }];

export const merchantResourceRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      path: 'merchants',
      screen: 'merchant',
      tags,
      sorts: merchants.MERCHANT_SORTS,
      defaultSort: 'createdAt',
      filters,
      row: MerchantRow,
      detail: MerchantDetail,
      csvColumns: merchants.MERCHANT_CSV_COLUMNS,
      list: (user, f, paging) => merchants.listMerchants(db, user, f as merchants.MerchantFilters, paging),
      batches: (user, f, paging) => merchants.exportMerchants(db, user, f as merchants.MerchantFilters, paging),
      get: (user, id) => merchants.getMerchant(db, user, id),
    }),
  );

  app.post(
    '/merchants',
    {
      config: { access: access('create') },
      schema: {
        tags,
        security,
        summary: 'Create a merchant; the API key is in this answer only',
        body: MerchantBody,
        response: { 201: Data(MerchantWithKey), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await merchants.createMerchant(db, request.session, request.body, request.ip) }),
  );

  app.put(
    '/merchants/:id',
    {
      config: { access: access('update') },
      schema: {
        tags,
        security,
        summary: 'Edit a merchant',
        params: IdParams,
        body: MerchantUpdate,
        response: { 200: Data(MerchantView), ...errorResponses },
      },
    },
    async (request) => ({
      data: await merchants.updateMerchant(db, request.session, request.params.id, request.body, request.ip),
    }),
  );

  app.put(
    '/merchants/:id/enabled',
    {
      config: { access: access('toggle'), confirm: true },
      schema: {
        tags,
        security,
        summary: 'Enable or disable (password confirmation)',
        params: IdParams,
        body: EnabledBody,
        response: { 200: Data(MerchantView), ...errorResponses },
      },
    },
    async (request) => ({
      data: await merchants.setMerchantEnabled(
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
      config: { access: access('rotate'), confirm: true },
      schema: {
        tags,
        security,
        summary: 'New API key and signing secret, shown in this answer only (password confirmation)',
        params: IdParams,
        response: { 200: Data(MerchantWithKey), ...errorResponses },
      },
    },
    async (request) => ({
      data: await merchants.rotateMerchantKey(db, request.session, request.params.id, request.ip),
    }),
  );

  app.delete(
    '/merchants/:id',
    {
      config: { access: access('delete'), confirm: true },
      schema: {
        tags,
        security,
        summary: 'Delete a merchant without history (password confirmation)',
        params: IdParams,
        response: { 200: Data(MerchantView), ...errorResponses },
      },
    },
    async (request) => ({ data: await merchants.deleteMerchant(db, request.session, request.params.id, request.ip) }),
  );
};
