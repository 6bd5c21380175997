import { Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { payouts } from '../db/schema';
import { AppError } from '../errors';
import { Data, Nullable, enumOf, errorResponses, security } from '../schemas/common';
import { EKO_ABSENT, ekoFor, type EkoAnswer } from '../../domain/eko';
import { PAYOUT_STATUSES } from '../../domain/payout';
import { approvePayout } from '../services/payouts/payout-staff';
import { inquireEko } from '../services/payouts/payout-eko';
import type { RouteSettings } from '../plugins/route-settings';

const tags = ['payouts'];

/**
 * Pay-outs through Eko (issue 11, item 5): whether Eko is there, "Batch Withdrawal", Eko's
 * callback (never believed by itself: the inquiry decides). The worker that inquires about every
 * transfer left waiting is one of the server's jobs (server/jobs.ts).
 */
export const payoutEkoRoutes: FastifyPluginAsyncTypebox<
  Pick<RouteSettings, 'db' | 'eko' | 'checkerThresholdPaise' | 'rateLimits'>
> = async (app, { db, eko, checkerThresholdPaise, rateLimits }) => {
  app.get(
    '/payouts/providers',
    {
      config: { access: { resource: 'payouts', action: 'read' } },
      schema: {
        tags,
        security,
        summary: 'Which pay-out providers this server can use, and why one is absent',
        response: {
          200: Data(Type.Object({ eko: Type.Object({ available: Type.Boolean(), why: Nullable(Type.String()) }) })),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ data: { eko: ekoFor(eko !== undefined, request.session.role) } }),
  );

  app.post(
    '/payouts/batch-withdrawal',
    {
      config: { access: { resource: 'payouts', action: 'send' } },
      schema: {
        tags,
        security,
        summary: 'Batch Withdrawal: send the selected pay-outs through Eko, one after another; each answers for itself',
        body: Type.Object(
          { ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 100, uniqueItems: true }) },
          { additionalProperties: false },
        ),
        response: {
          200: Data(
            Type.Object({
              results: Type.Array(
                Type.Object({
                  id: Type.String(),
                  ok: Type.Boolean(),
                  status: Nullable(enumOf(PAYOUT_STATUSES)),
                  awaitingChecker: Nullable(Type.String()),
                  awaitingProvider: Nullable(Type.String()),
                  error: Nullable(Type.String()),
                }),
              ),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (!eko) throw new AppError(400, 'EKO_NOT_CONFIGURED', EKO_ABSENT);
      const results = [];
      // One after another: Eko answers -2 while another transfer of the same initiator is in progress.
      for (const id of request.body.ids) {
        try {
          const { row, awaitingChecker } = await approvePayout(
            db,
            request.session,
            id,
            { method: 'eko' },
            { checkerThresholdPaise, ip: request.ip, eko },
          );
          results.push({
            id,
            ok: true,
            status: row.status,
            awaitingChecker,
            awaitingProvider: row.providerState ? 'eko' : null,
            error: null,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({
            id,
            ok: false,
            status: null,
            awaitingChecker: null,
            awaitingProvider: null,
            error: error.message,
          });
        }
      }
      return { data: { results } };
    },
  );

  app.post(
    '/webhooks/eko',
    {
      config: { access: { public: true }, rateLimit: { max: rateLimits.webhook, timeWindow: '1 minute' } },
      schema: {
        tags: ['webhooks'],
        summary:
          "Eko's transaction status callback: unsigned, so it only prompts an inquiry, whose answer settles the pay-out",
        body: Type.Object(
          {
            client_ref_id: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Integer()])),
            tid: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Integer()])),
          },
          { additionalProperties: true },
        ),
        response: { 200: Type.Object({ received: Type.Boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      if (!eko) return { received: false };
      const ref = request.body.client_ref_id;
      const tid = request.body.tid;
      const [row] =
        ref !== undefined
          ? await db
              .select()
              .from(payouts)
              .where(eq(payouts.providerRef, String(ref)))
          : tid !== undefined
            ? await db
                .select()
                .from(payouts)
                .where(eq(payouts.providerTid, String(tid)))
            : [];
      // Not ours (Eko shares one callback URL for every service) or settled already: acknowledged.
      if (!row?.providerState) return { received: true };
      const told = request.body as EkoAnswer['data'];
      await inquireEko(db, eko, row, {
        outcome: 'awaited',
        httpStatus: null,
        answer: { data: told ?? null, message: 'callback (unverified)' },
        message: 'callback received: confirmed by inquiry only',
      });
      return { received: true };
    },
  );
};
