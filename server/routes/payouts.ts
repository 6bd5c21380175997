import { Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, IdParams, enumOf, errorResponses, patternOf, security } from '../schemas/common';
import { PAYOUT_REJECTION_REASONS } from '../../domain/payout';
import { Utr } from '../schemas/payins';
import { MerchantPayoutStatus, PAYOUT_SORTS, PayoutDetail, PayoutFilters, PayoutView } from '../schemas/payouts';
import { exportPayouts, getPayout, listPayouts, PAYOUT_CSV_COLUMNS } from '../services/payouts/payouts-list';
import { readRoutes } from './read-routes';
import { payoutData } from '../services/payouts/payout-create';
import { approvePayout, dropPayout, rejectPayout } from '../services/payouts/payout-staff';
import { assignPayouts, resetPayout, reversePayout } from '../services/payouts/payout-corrections';
import { CODE_FORMAT } from '../../domain/formats';
import type { RouteSettings } from '../plugins/route-settings';

const tags = ['payouts'];
const resource = 'payouts';

const ApproveBody = Type.Union(
  [
    Type.Object(
      { method: Type.Literal('manual'), utr: Utr(), bankAccountId: Type.String({ format: 'uuid' }) },
      { additionalProperties: false },
    ),
    Type.Object({ method: Type.Literal('eko') }, { additionalProperties: false }),
  ],
  { description: 'paid by hand (the UTR and the pay-out account that paid), or through Eko' },
);
const RejectBody = Type.Object(
  { reason: enumOf(PAYOUT_REJECTION_REASONS), text: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
const PayoutAnswer = Type.Object({
  ...MerchantPayoutStatus.properties,
  awaitingChecker: Type.Optional(Type.String({ description: 'the maker, when a checker is awaited' })),
  awaitingProvider: Type.Optional(Type.String({ description: 'eko, while Eko has not answered for certain' })),
});

/** Staff and vendors process pay-outs (issue 11, items 2–6): the names here are kept exactly. */
export const payoutRoutes: FastifyPluginAsyncTypebox<
  Pick<RouteSettings, 'db' | 'checkerThresholdPaise' | 'eko'>
> = async (app, { db, checkerThresholdPaise, eko }) => {
  await app.register(
    readRoutes({
      resource,
      sorts: PAYOUT_SORTS,
      defaultSort: 'createdAt',
      filters: PayoutFilters,
      row: PayoutView,
      detail: PayoutDetail,
      csvColumns: PAYOUT_CSV_COLUMNS,
      list: (user, f, paging) => listPayouts(db, user, f, paging),
      batches: (user, f, paging) => exportPayouts(db, user, f, paging),
      get: (user, id) => getPayout(db, user, id),
    }),
  );

  app.post(
    '/payouts/:id/approve',
    {
      config: { access: { resource, action: 'approve' } },
      schema: {
        tags,
        security,
        summary:
          'Approve a pay-out: by hand, SUCCESS with its UTR and paying account, its hold posted; or through Eko (ADMIN, OPERATIONS), whose answer makes it SUCCESS or REJECTED, or 202 with awaitingProvider while Eko has not answered for certain. Above the checker threshold the first call answers 202 and a second staff user completes it.',
        params: IdParams,
        body: ApproveBody,
        response: { 200: Data(PayoutAnswer), 202: Data(PayoutAnswer), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { row, awaitingChecker } = await approvePayout(db, request.session, request.params.id, request.body, {
        checkerThresholdPaise,
        ip: request.ip,
        eko,
      });
      // Sent to Eko without a certain answer yet (a time-out, tx_status 2): accepted, not done.
      const awaitingProvider = row.providerState ? 'eko' : undefined;
      return reply.status(awaitingChecker !== null || awaitingProvider ? 202 : 200).send({
        data: {
          ...payoutData(row),
          ...(awaitingChecker !== null ? { awaitingChecker } : {}),
          ...(awaitingProvider ? { awaitingProvider } : {}),
        },
      });
    },
  );

  app.post(
    '/payouts/:id/reject',
    {
      config: { access: { resource, action: 'reject' } },
      schema: {
        tags,
        security,
        summary: 'Reject a pay-out with its reason (Other needs a text): REJECTED, its hold released',
        params: IdParams,
        body: RejectBody,
        response: { 200: Data(PayoutAnswer), ...errorResponses },
      },
    },
    async (request) => ({
      data: payoutData(await rejectPayout(db, request.session, request.params.id, request.body, request.ip)),
    }),
  );

  app.post(
    '/payouts/:id/drop',
    {
      config: { access: { resource, action: 'drop' } },
      schema: {
        tags,
        security,
        summary: 'Drop a pay-out that will not be sent: DROPPED, its hold released',
        params: IdParams,
        response: { 200: Data(PayoutAnswer), ...errorResponses },
      },
    },
    async (request) => ({ data: payoutData(await dropPayout(db, request.session, request.params.id, request.ip)) }),
  );

  app.post(
    '/payouts/:id/reverse',
    {
      config: { access: { resource, action: 'reverse' } },
      schema: {
        tags,
        security,
        summary:
          'Reverse a paid pay-out the bank returned: REVERSED, its money and fee back to the merchant. Always maker-checker: the first call answers 202, a second staff user completes it.',
        params: IdParams,
        response: { 200: Data(PayoutAnswer), 202: Data(PayoutAnswer), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { row, awaitingChecker } = await reversePayout(db, request.session, request.params.id, request.ip);
      return reply
        .status(awaitingChecker !== null ? 202 : 200)
        .send({ data: { ...payoutData(row), ...(awaitingChecker !== null ? { awaitingChecker } : {}) } });
    },
  );

  app.post(
    '/payouts/:id/reset',
    {
      config: { access: { resource, action: 'reset' } },
      schema: {
        tags,
        security,
        summary:
          'Set a rejected pay-out back to INITIATED: its amount and fee are held again (409 INSUFFICIENT_BALANCE)',
        params: IdParams,
        response: { 200: Data(PayoutAnswer), ...errorResponses },
      },
    },
    async (request) => ({ data: payoutData(await resetPayout(db, request.session, request.params.id, request.ip)) }),
  );

  app.post(
    '/payouts/assign',
    {
      config: { access: { resource, action: 'assign' } },
      schema: {
        tags,
        security,
        summary: 'Give waiting pay-outs to a vendor whose users then process them (all or none: INITIATED only)',
        body: Type.Object(
          {
            ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 500 }),
            vendorCode: patternOf(CODE_FORMAT, 30),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Data(Type.Object({ assigned: Type.Integer(), vendorCode: Type.String() })),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: await assignPayouts(db, request.session, request.body.ids, request.body.vendorCode.trim(), request.ip),
    }),
  );
};
