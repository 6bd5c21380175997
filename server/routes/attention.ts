import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ATTENTION_CAP, ATTENTION_KEYS } from '../../domain/attention';
import type { RouteSettings } from '../plugins/route-settings';
import { enumOf, errorResponses, security } from '../schemas/common';
import { attentionCounts } from '../services/reports/attention';

/** Issue 31, item 4: what needs the user's attention, for the Dashboard's panel and the header's count. */
export const attentionRoutes: FastifyPluginAsyncTypebox<Pick<RouteSettings, 'db'>> = async (app, { db }) => {
  app.get(
    '/attention',
    {
      config: { access: { resource: 'attention', action: 'read' } },
      schema: {
        tags: ['dashboard'],
        security,
        summary: `What needs the caller's attention, by item, for its role and within its scope; each count stops at ${ATTENTION_CAP}. total is the header's count`,
        response: {
          200: Type.Object({
            data: Type.Array(Type.Object({ key: enumOf(ATTENTION_KEYS), count: Type.Integer() })),
            total: Type.Integer(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const data = await attentionCounts(db, request.session);
      return { data, total: data.reduce((sum, item) => sum + item.count, 0) };
    },
  );
};
