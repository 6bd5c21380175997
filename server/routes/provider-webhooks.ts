import { Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, tooMany } from '../errors';
import { PROVIDER_EVENT_OUTCOMES, PROVIDER_LABEL, PROVIDERS } from '../../domain/providers';
import { Data, IdParams, Page, enumOf, errorResponses, security } from '../schemas/common';
import {
  PROVIDER_EVENT_SORTS,
  ProviderEventDetail,
  ProviderEventFilters,
  ProviderEventRow,
  type ProviderEventSort,
} from '../schemas/provider-events';
import { listQuery, type Paging } from '../services/common/lists';
import type { RouteSettings } from '../plugins/route-settings';
import { receiveWebhook, replayEvent } from '../services/providers/provider-events';
import { getProviderEvent, listProviderEvents } from '../services/providers/provider-events-list';
import { splitCommaLists } from './read-routes';

/** A webhook's body may be at most this long (413 beyond). */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** A content type the parsers can read: type/subtype and simple parameters. */
const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=(?:[\w.+-]+|"[^"\\]*"))*\s*$/;

const EventsQuery = listQuery(PROVIDER_EVENT_SORTS, 'receivedAt', ProviderEventFilters);

/** Issue 14: /v1/webhooks/{razorpay|cashfree|payu}, verified before they are believed, and the event log. */
export const providerWebhookRoutes: FastifyPluginAsyncTypebox<
  Pick<RouteSettings, 'db' | 'providers' | 'rateLimits'>
> = async (app, { db, providers, rateLimits }) => {
  // Of the webhooks, those that do not verify: counted after the check, before anything is kept.
  // Per address over all three providers; the key names the limiter, which has no route of its own.
  const unverified = app.createRateLimit({
    max: rateLimits.webhookUnverified,
    timeWindow: '1 minute',
    keyGenerator: (request) => `unverified-webhook:${request.ip}`,
  });
  // The webhooks in a scope of their own: its parsers keep the raw bytes the signatures cover.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // An empty or malformed content type would be refused before the signature is checked and the
    // request kept: the catch-all above takes it instead.
    hooks.addHook('onRequest', async (request) => {
      if (!MEDIA_TYPE.test(request.headers['content-type'] ?? ''))
        request.headers['content-type'] = 'application/octet-stream';
    });
    for (const provider of PROVIDERS) {
      hooks.post(
        `/webhooks/${provider}`,
        {
          bodyLimit: WEBHOOK_BODY_LIMIT,
          config: { access: { public: true }, rateLimit: { max: rateLimits.webhook, timeWindow: '1 minute' } },
          schema: {
            tags: ['webhooks'],
            summary: `${PROVIDER_LABEL[provider]}'s payment webhook: verified over its raw body, then applied once per event id`,
            response: { 200: Data(Type.Object({ outcome: enumOf(PROVIDER_EVENT_OUTCOMES) })), ...errorResponses },
          },
        },
        async (request) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const received = await receiveWebhook(db, providers, provider, raw, request.headers, async () => {
            const limit = await unverified(request);
            if (limit.isAllowed || !limit.isExceeded) return;
            const error = tooMany();
            error.retryAfter = limit.ttlInSeconds;
            throw error;
          });
          if (!received.verified) throw new AppError(401, 'BAD_SIGNATURE', received.reason ?? 'Not verified.');
          return { data: { outcome: received.outcome } };
        },
      );
    }
  });

  const tags = ['provider-events'];
  app.get(
    '/provider-events',
    {
      config: { access: { resource: 'provider-events', action: 'read' } },
      preValidation: async (request) =>
        splitCommaLists(request.query as Record<string, unknown>, ['provider', 'outcome']),
      schema: {
        tags,
        security,
        summary: 'The event log: every webhook received, newest first',
        querystring: EventsQuery,
        response: { 200: Page(ProviderEventRow), ...errorResponses },
      },
    },
    async (request) => {
      const { page, pageSize, sortBy, sortOrder, ...filters } = request.query;
      const paging: Paging<ProviderEventSort> = { page, pageSize, sortBy, sortOrder };
      return listProviderEvents(db, filters, paging);
    },
  );

  app.get(
    '/provider-events/:id',
    {
      config: { access: { resource: 'provider-events', action: 'read' } },
      schema: {
        tags,
        security,
        summary: 'One webhook as received: its signature headers and raw body',
        params: IdParams,
        response: { 200: Data(ProviderEventDetail), ...errorResponses },
      },
    },
    async (request) => ({ data: await getProviderEvent(db, request.params.id) }),
  );

  app.post(
    '/provider-events/:id/replay',
    {
      config: { access: { resource: 'provider-events', action: 'correct' } },
      schema: {
        tags,
        security,
        summary: 'Apply a verified event that failed (its pay-in unknown then) again, from its stored body',
        params: IdParams,
        response: { 200: Data(ProviderEventDetail), ...errorResponses },
      },
    },
    async (request) => ({ data: await replayEvent(db, request.session, request.params.id, request.ip) }),
  );
};
