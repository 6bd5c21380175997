import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ATTENTION_CAP, ATTENTION_KEYS } from '../../domain/attention';
import type { RouteSettings } from '../plugins/route-settings';
import { enumOf, errorResponses, security } from '../schemas/common';
import { attentionCounts } from '../services/reports/attention';
import { search } from '../services/reports/search';

/** Issue 31, items 4 and 8: global search, and what needs the user's attention (the Dashboard's panel, the header's count). */
export const attentionRoutes: FastifyPluginAsyncTypebox<Pick<RouteSettings, 'db'>> = async (app, { db }) => {
  app.get(
    '/search',
    {
      config: { access: { resource: 'search', action: 'read' } },
      schema: {
        tags: ['dashboard'],
        security,
        summary:
          "Global search: a UTR, merchant order id, short code, customer id, beneficiary account or a pay-in, pay-out, settlement or chargeback id, matched exactly across deposits, withdrawals, bank entries, settlements and chargebacks within the caller's scope",
        querystring: Type.Object({ q: Type.String({ minLength: 3, maxLength: 64 }) }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({
                kind: enumOf(['payins', 'payouts', 'bank-entries', 'settlements', 'liens'] as const),
                id: Type.String(),
                title: Type.String(),
                subtitle: Type.String(),
                status: Type.Union([Type.String(), Type.Null()]),
                amount: Type.Number({ description: 'rupees' }),
                matched: Type.String(),
                path: Type.String({ description: "the dashboard's page of the record" }),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ data: await search(db, request.session, request.query.q) }),
  );

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
