import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { Data, errorResponses } from '../schemas/common';
import { OnboardingBody, OnboardingReceipt } from '../schemas/onboarding';
import type { UrlPolicy } from '../services/callbacks/callback-urls';
import { submitApplication } from '../services/merchants/onboarding';

export const onboardingRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  rateLimitPerMinute: number;
  urls: UrlPolicy;
}> = async (app, { db, rateLimitPerMinute, urls }) => {
  app.post(
    '/on-boarding',
    {
      config: { access: { public: true }, rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['on-boarding'],
        summary: 'A merchant applies to join; an ADMIN reviews the application',
        body: OnboardingBody,
        response: { 201: Data(OnboardingReceipt), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await submitApplication(db, request.body, urls, request.ip) }),
  );
};
