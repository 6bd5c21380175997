import { Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { vendors } from '../db/schema';
import type { SessionUser } from '../services/common/session-user';
import { Data, Rupees, errorResponses, patternOf, Reference, security } from '../schemas/common';
import { Utr } from '../schemas/payins';
import { PayoutView } from '../schemas/payouts';
import { correctPayoutUtr, createStaffPayout, resendPayoutCallback } from '../services/payouts/payout-admin';
import { getPayout } from '../services/payouts/payouts-list';
import { ACCOUNT_NUMBER_FORMAT, CODE_FORMAT, IFSC_FORMAT } from '../../domain/formats';
import { ACCOUNT_HOLDER_FORMAT } from '../../domain/payout';
import { recordRoutes } from './record-routes';

const tags = ['payouts'];
const resource = 'payouts';

const StaffPayoutBody = Type.Object(
  {
    merchantCode: patternOf(CODE_FORMAT, 30),
    customerId: Reference("the merchant's id of its customer"),
    amount: Rupees(),
    bankName: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    accountNumber: patternOf(ACCOUNT_NUMBER_FORMAT, 18),
    accountHolder: patternOf(ACCOUNT_HOLDER_FORMAT, 100),
    ifsc: patternOf(IFSC_FORMAT, 11),
    merchantOrderId: Type.Optional(Reference('left out: one is made up')),
  },
  {
    additionalProperties: false,
    examples: [
      {
        merchantCode: 'ACME',
        customerId: 'cust-42',
        amount: 1500,
        bankName: 'HDFC Bank',
        accountNumber: '001234567890',
        accountHolder: 'Asha Rao',
        ifsc: 'HDFC0001234',
      },
    ],
  },
);

const ok = { 200: Data(PayoutView), ...errorResponses };

/** Staff's own pay-out actions (issue 11, items 7 and 8): the names here are contracts of the dashboard. */
export const payoutAdminRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const view = async (user: SessionUser, id: string) => {
    const { timeline: _t, journal: _j, callbacks: _c, providerCalls: _p, ...row } = await getPayout(db, user, id);
    return row;
  };

  app.get(
    '/payouts/vendors',
    {
      config: { access: { resource, action: 'assign' } },
      schema: {
        tags,
        security,
        summary:
          'The enabled vendors a pay-out may be given to (Add Vendor): for everyone who assigns, also those who may not read the Vendor screen',
        response: {
          200: Data(Type.Array(Type.Object({ code: Type.String(), name: Type.String() }))),
          ...errorResponses,
        },
      },
    },
    async () => ({
      data: await db
        .select({ code: vendors.code, name: vendors.name })
        .from(vendors)
        .where(eq(vendors.enabled, true))
        .orderBy(asc(vendors.code)),
    }),
  );

  app.post(
    '/payouts',
    {
      config: { access: { resource, action: 'create' } },
      schema: {
        tags,
        security,
        summary:
          "Create a pay-out for a merchant (New Payout) as its API would: the merchant's key never reaches the browser",
        description:
          "Amount in rupees (at most two decimals) within the merchant's pay-out limits; its amount and fee are held at once, or 409 INSUFFICIENT_BALANCE and nothing is created. Without merchantOrderId one is made up; the same merchantOrderId with the same body answers 200 with the same pay-out, with another body 409 ORDER_ID_TAKEN.",
        body: StaffPayoutBody,
        response: { 201: Data(PayoutView), ...ok },
      },
    },
    async (request, reply) => {
      const { row, created } = await createStaffPayout(db, request.session, request.body, request.ip);
      return reply.status(created ? 201 : 200).send({ data: await view(request.session, row.id) });
    },
  );

  const records = recordRoutes(app, resource, PayoutView);
  records.post({
    path: '/utr',
    action: 'correct',
    confirm: 'payout.utr',
    summary:
      'Correct the UTR of a paid (SUCCESS) pay-out (password confirmation): its status and money stay, the merchant is told the new UTR',
    body: Type.Object({ utr: Utr() }, { additionalProperties: false }),
    run: async (c) => view(c.user, (await correctPayoutUtr(db, c.user, c.id, c.body.utr, c.ip)).id),
  });
  records.post({
    path: '/callbacks',
    action: 'resend',
    summary: "Send the pay-out's latest callback to its merchant again",
    run: async (c) => view(c.user, (await resendPayoutCallback(db, c.user, c.id, c.ip)).id),
  });
};
