import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { Data, enumOf, errorResponses, security } from '../schemas/common';
import { reconcile } from '../services/reconciliation';

const PARTIES = ['merchant', 'vendor', 'provider', 'account', 'journal'] as const;
const WHAT = ['balance', 'held', 'sum'] as const;

const Difference = Type.Object({
  party: enumOf(PARTIES),
  code: Type.String({ description: "the merchant's or vendor's code, the ledger account's key or the journal's key" }),
  what: enumOf(WHAT, 'sum: a journal whose entries do not sum to zero'),
  ledger: Type.Number({ description: 'rupees, as the ledger has it' }),
  rows: Type.Number({
    description: "rupees, from the rows: the money events (DESIGN §5), an account's entries or PENDING holds",
  }),
  difference: Type.Number({ description: 'ledger − rows, rupees' }),
});

const Reconciliation = Type.Object({
  differences: Type.Array(Difference, { description: 'empty when every figure agrees' }),
  checked: Type.Object({
    merchants: Type.Integer(),
    vendors: Type.Integer(),
    accounts: Type.Integer(),
    journals: Type.Integer(),
  }),
  checkedAt: Type.String(),
});

export const reconciliationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/reconciliation',
    {
      config: { access: { resource: 'reconciliation', action: 'read' } },
      schema: {
        tags: ['reconciliation'],
        security,
        summary: 'Every balance recomputed from the rows and compared with the ledger',
        description:
          "Each merchant's balance and held and each vendor's balance (own figures, no sub-merchant roll-up) from their money events, beside the ledger's; every journal sums to zero; every cached balance equals its entries' sum and every held its PENDING holds'. Read in one snapshot.",
        response: { 200: Data(Reconciliation), ...errorResponses },
      },
    },
    async () => ({ data: await reconcile(db) }),
  );
};
