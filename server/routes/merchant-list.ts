import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { Data, errorResponses, security } from '../schemas/common';
import { MerchantList, MerchantListQuery } from '../schemas/merchant-list';
import { listMerchantSummaries } from '../services/merchants/merchant-list';

export const merchantListRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/getall-merchant',
    {
      config: { access: { resource: 'merchant-list', action: 'read' } },
      schema: {
        tags: ['merchants'],
        summary: 'The merchant list every shell loads (SPEC §7); merchant roles get their own codes only',
        security,
        querystring: MerchantListQuery,
        response: { 200: Data(MerchantList), ...errorResponses },
      },
    },
    async (request) => ({ data: await listMerchantSummaries(db, request.session, request.query) }),
  );
};
