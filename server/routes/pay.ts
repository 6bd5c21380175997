import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { acceptUploads } from '../plugins/uploads';
import type { RouteSettings } from '../plugins/route-settings';
import { badRequest, notFound } from '../errors';
import { Data, ErrorBody, errorResponses } from '../schemas/common';
import { AssignBody, IntentBody, IntentHandoff, PayParams, PayView, QrQuery, UtrBody } from '../schemas/pay-page';
import { startIntent } from '../services/pay-page/pay-intent';
import { assignBank, payinExists, payView, presentPay, submitScreenshot } from '../services/pay-page/pay-page';
import { payQrSvg } from '../services/pay-page/pay-qr';
import { submitUtr } from '../services/payins/payin-matching';
import { customer } from '../services/payins/payin-steps';
import { ProviderError } from '../services/providers/provider-http';
import { payUrlOf } from './merchant-api';
import { SCREENSHOT_MAX_BYTES, checkScreenshot } from '../services/payins/screenshots';

const tags = ['pay'];
const access = { public: true } as const;
const ok = { 200: Data(PayView), ...errorResponses };

/** The customer pay page's public API (issue 10, item 3): rate-limited per IP; the pay-in id is the only secret. */
export const payRoutes: FastifyPluginAsyncTypebox<
  // providers: for the intent tab; publicUrl: the pay page's own URL (PayU sends the customer back there).
  Pick<RouteSettings, 'db' | 'providers' | 'rateLimits' | 'ttlMinutes' | 'publicUrl'> & {
    /** How long a provider may take to create an order (tests shorten it). */
    providerTimeoutMs?: number;
  }
> = async (app, { db, providers, rateLimits, ttlMinutes, publicUrl, providerTimeoutMs }) => {
  await acceptUploads(app);
  const rateLimit = { max: rateLimits.payPage, timeWindow: '1 minute' };

  app.get(
    '/pay/:id',
    {
      config: { access, rateLimit },
      schema: { tags, summary: 'What the pay page shows', params: PayParams, response: ok },
    },
    async (request) => ({ data: await payView(db, request.params.id, providers) }),
  );

  app.get(
    '/pay/:id/qr.svg',
    {
      config: { access, rateLimit },
      schema: {
        tags,
        summary:
          "The QR image (SVG) of the pay-in's UPI link, once a bank account with one is assigned; `v` only tells one link's image from another's",
        params: PayParams,
        querystring: QrQuery,
        produces: ['image/svg+xml'],
      },
    },
    async (request, reply) => {
      const svg = await payQrSvg(db, request.params.id, providers);
      // The address changes with the link (`v`), so the customer's browser may keep this one.
      return reply.type('image/svg+xml').header('cache-control', 'private, max-age=900').send(svg);
    },
  );

  app.post(
    '/pay/:id/assign',
    {
      config: { access, rateLimit },
      schema: {
        tags,
        summary: 'The customer proceeds to pay: a bank account and the short code are assigned',
        params: PayParams,
        body: AssignBody,
        response: ok,
      },
    },
    async (request) => ({
      data: await assignBank(db, request.params.id, request.body, request.ip, ttlMinutes, providers),
    }),
  );

  app.post(
    '/pay/:id/intent',
    {
      config: { access, rateLimit },
      schema: {
        tags,
        summary:
          "The customer pays through a provider (issue 14): its order is made and the page's hand-off answered; asked again, the same hand-off. 409 PROVIDER_UNAVAILABLE when not offered, 502 PROVIDER_ERROR when the provider fails (nothing changes)",
        params: PayParams,
        body: IntentBody,
        response: { 200: Data(IntentHandoff), ...errorResponses, 502: ErrorBody },
      },
    },
    async (request) => {
      try {
        const handoff = await startIntent(db, request.params.id, request.body, {
          env: providers,
          payUrl: payUrlOf(publicUrl ?? '', request, request.params.id),
          ip: request.ip,
          ttl: ttlMinutes,
          timeoutMs: providerTimeoutMs,
        });
        return { data: handoff };
      } catch (error) {
        // What the provider said goes to the log (never a secret); the customer gets a plain message.
        if (error instanceof ProviderError)
          request.log.warn({ provider: error.provider, detail: error.detail }, 'provider order failed');
        throw error;
      }
    },
  );

  app.post(
    '/pay/:id/utr',
    {
      config: { access, rateLimit },
      schema: {
        tags,
        summary: 'The customer submits the 12-digit UTR of the payment',
        params: PayParams,
        body: UtrBody,
        response: ok,
      },
    },
    async (request) => {
      const row = await submitUtr(db, request.params.id, request.body.utr, 'submit-utr', customer(request.ip));
      return { data: await presentPay(db, row, providers) };
    },
  );

  app.post(
    '/pay/:id/screenshot',
    {
      config: { access, rateLimit },
      schema: {
        tags,
        summary:
          'The customer uploads a screenshot of the payment instead (multipart field file: PNG or JPEG, at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: PayParams,
        response: ok,
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('Send the screenshot as multipart/form-data in the field file.', 'file');
      if (!(await payinExists(db, request.params.id))) throw notFound('Payment link');
      const part = await request.file({ limits: { fileSize: SCREENSHOT_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'file') throw badRequest('file is Required!', 'file');
      const bytes = await part.toBuffer().catch(() => {
        throw badRequest('file must be at most 5 MB', 'file');
      });
      if (part.file.truncated) throw badRequest('file must be at most 5 MB', 'file');
      const type = await checkScreenshot(bytes);
      // Kept in the database with the pay-in's change, or not at all: every instance serves it.
      return { data: await submitScreenshot(db, request.params.id, { bytes, type }, request.ip, providers) };
    },
  );
};
