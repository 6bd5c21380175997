import { Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { commaList } from '../services/common/lists';
import { merchants, vendors } from '../db/schema';
import { paiseToRupees } from '../../domain/money';
import { Data, errorResponses, security } from '../schemas/common';
import { merchantMoney, NO_MERCHANT_MONEY, NO_VENDOR_MONEY, vendorMoney } from '../services/ledger/balances';
import { dataScope, narrowCodes, scopeMerchantCodes } from '../services/common/scope';
import { vendorPosition } from '../../domain/settlement';

const MerchantBalanceRow = Type.Object({
  merchantCode: Type.String(),
  balance: Type.Number({ description: 'rupees the gateway owes the merchant' }),
  held: Type.Number({ description: 'rupees reserved for its waiting pay-outs and settlements' }),
  available: Type.Number({ description: 'balance − held: what a new settlement may take' }),
});

const VendorBalanceRow = Type.Object({
  vendorCode: Type.String(),
  balance: Type.Number({ description: 'rupees; positive: the vendor owes the gateway, negative: the gateway owes it' }),
  position: Type.String({ description: 'who owes whom, in words' }),
  unmatched: Type.Number({ description: 'rupees of credits on its accounts that no pay-in or transfer used' }),
});

/**
 * What a settlement may take (issue 12): the balance, held and available money of the merchants
 * the caller asks for and may see, on the Settlements screen (merchant users see their own without
 * asking; staff name the merchants); and for the Vendor Settlements screen, who owes whom.
 */
export const settlementBalanceRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/settlements/balances',
    {
      config: { access: { resource: 'settlements', action: 'read' } },
      schema: {
        tags: ['settlements'],
        security,
        summary:
          "Balances of the merchants asked for (merchantCode, comma-joined; a merchant user's own when left out), a parent's including those of its sub-merchants the caller may see unless includeSubMerchants is false",
        querystring: Type.Object(
          {
            merchantCode: Type.Optional(Type.String({ maxLength: 2000, description: 'comma-joined merchant codes' })),
            includeSubMerchants: Type.Optional(Type.Boolean({ default: true })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Data(Type.Array(MerchantBalanceRow)), ...errorResponses },
      },
    },
    async (request) => {
      const asked = commaList(request.query.merchantCode);
      const allowed = scopeMerchantCodes(await dataScope(db, request.session));
      const codes = narrowCodes(asked, allowed) ?? [];
      if (codes.length === 0) return { data: [] };
      const rows = await db
        .select({ id: merchants.id, code: merchants.code })
        .from(merchants)
        .where(inArray(merchants.code, codes.slice(0, 200)))
        .orderBy(asc(merchants.code));
      const money = await merchantMoney(
        db,
        rows.map((r) => r.id),
        { includeSubMerchants: request.query.includeSubMerchants ?? true, within: allowed },
      );
      return {
        data: rows.map((r) => {
          const m = money.get(r.id) ?? NO_MERCHANT_MONEY;
          return {
            merchantCode: r.code,
            balance: paiseToRupees(m.balance),
            held: paiseToRupees(m.held),
            available: paiseToRupees(m.available),
          };
        }),
      };
    },
  );

  app.get(
    '/vendor-settlements/balances',
    {
      config: { access: { resource: 'vendor-settlements', action: 'read' } },
      schema: {
        tags: ['vendor-settlements'],
        security,
        summary:
          "Who owes whom: the balances of the vendors asked for (vendorCode, comma-joined; a vendor user's own vendor whatever it asks)",
        querystring: Type.Object(
          { vendorCode: Type.Optional(Type.String({ maxLength: 2000, description: 'comma-joined vendor codes' })) },
          { additionalProperties: false },
        ),
        response: { 200: Data(Type.Array(VendorBalanceRow)), ...errorResponses },
      },
    },
    async (request) => {
      const scope = await dataScope(db, request.session);
      const asked = commaList(request.query.vendorCode);
      const codes =
        scope.kind === 'vendor' ? [scope.vendorCode] : (narrowCodes(asked, scope.kind === 'all' ? null : []) ?? []);
      if (codes.length === 0) return { data: [] };
      const rows = await db
        .select({ id: vendors.id, code: vendors.code })
        .from(vendors)
        .where(inArray(vendors.code, codes.slice(0, 200)))
        .orderBy(asc(vendors.code));
      const money = await vendorMoney(
        db,
        rows.map((r) => r.id),
      );
      return {
        data: rows.map((r) => {
          const m = money.get(r.id) ?? NO_VENDOR_MONEY;
          return {
            vendorCode: r.code,
            balance: paiseToRupees(m.balance),
            position: vendorPosition(m.balance),
            unmatched: paiseToRupees(m.unmatched),
          };
        }),
      };
    },
  );
};
