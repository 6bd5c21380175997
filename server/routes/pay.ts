import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {} from '@fastify/multipart';
import type { Db } from '../db';
import type { ProviderEnv } from '../services/provider-config';
import { badRequest, notFound } from '../errors';
import { Data, errorResponses } from '../schemas/common';
import { AssignBody, PayParams, PayView, UtrBody } from '../schemas/payins';
import { assignBank, payinExists, payView, submitScreenshot } from '../services/pay-page';
import { submitUtr } from '../services/payin-matching';
import { customer } from '../services/payin-steps';
import { presentPay } from '../services/pay-page';
import { SCREENSHOT_MAX_BYTES, checkScreenshot, removeScreenshot, storeScreenshot } from '../services/screenshots';

const tags = ['pay'];
const access = { public: true } as const;
const ok = { 200: Data(PayView), ...errorResponses };

/** The customer pay page's public API (issue 10, item 3): rate-limited per IP; the pay-in id is the only secret. */
export const payRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  /** Issue 14: the providers' fields from the environment, for the intent tab. */
  providers: ProviderEnv;
  rateLimitPerMinute: number;
  uploadsDir: string;
  ttlMinutes: number;
}> = async (app, { db, rateLimitPerMinute, uploadsDir, ttlMinutes }) => {
  const rateLimit = { max: rateLimitPerMinute, timeWindow: '1 minute' };

  app.get(
    '/pay/:id',
    {
      config: { access, rateLimit },
      schema: { tags, summary: 'What the pay page shows', params: PayParams, response: ok },
    },
    async (request) => ({ data: await payView(db, request.params.id) }),
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
    async (request) => ({ data: await assignBank(db, request.params.id, request.body, request.ip, ttlMinutes) }),
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
      return { data: await presentPay(db, row) };
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
      const name = await storeScreenshot(uploadsDir, bytes, type);
      try {
        return { data: await submitScreenshot(db, request.params.id, { name, type }, request.ip) };
      } catch (error) {
        await removeScreenshot(uploadsDir, name);
        throw error;
      }
    },
  );
};
