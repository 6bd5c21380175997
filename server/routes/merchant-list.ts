import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { Data, errorResponses } from '../schemas';
import { MERCHANT_LIST_MAX_PAGE_SIZE, listMerchantSummaries } from '../services/merchants';
import { MerchantSummary } from './merchant-schemas';

export const merchantRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/getall-merchant',
    {
      config: { access: { screen: 'merchant-list', action: 'read' } },
      schema: {
        tags: ['merchants'],
        summary: 'The merchant list every shell loads (SPEC §7); merchant roles get their own codes only',
        security: [{ bearer: [] }],
        querystring: Type.Object({
          merchantCode: Type.Optional(Type.String({ maxLength: 2000 })),
          page: Type.Integer({ minimum: 1, default: 1 }),
          pageSize: Type.Integer({
            minimum: 1,
            default: MERCHANT_LIST_MAX_PAGE_SIZE,
            description: `capped at ${MERCHANT_LIST_MAX_PAGE_SIZE}`,
          }),
        }),
        response: {
          200: Data(Type.Object({ merchants: Type.Array(MerchantSummary), total: Type.Integer() })),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: await listMerchantSummaries(db, request.session, {
        ...request.query,
        pageSize: Math.min(request.query.pageSize, MERCHANT_LIST_MAX_PAGE_SIZE),
      }),
    }),
  );
};
