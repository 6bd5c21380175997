import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, errorResponses } from '../schemas/common';
import { OnboardingBody, OnboardingReceipt } from '../schemas/onboarding';
import type { RouteSettings } from '../plugins/route-settings';
import { submitApplication } from '../services/merchants/onboarding';

export const onboardingRoutes: FastifyPluginAsyncTypebox<Pick<RouteSettings, 'db' | 'rateLimits' | 'urls'>> = async (
  app,
  { db, rateLimits, urls },
) => {
  app.post(
    '/on-boarding',
    {
      config: { access: { public: true }, rateLimit: { max: rateLimits.auth, timeWindow: '1 minute' } },
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
