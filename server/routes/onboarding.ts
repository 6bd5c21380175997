import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { Data, RequiredText, Rupees, errorResponses } from '../schemas';
import { submitApplication } from '../services/onboarding';

export const onboardingRoutes: FastifyPluginAsyncTypebox<{ db: Db; rateLimitPerMinute: number }> = async (
  app,
  { db, rateLimitPerMinute },
) => {
  app.post(
    '/on-boarding',
    {
      config: { access: { public: true }, rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['on-boarding'],
        summary: 'A merchant applies to join; an ADMIN reviews the application',
        body: Type.Object(
          {
            businessName: RequiredText(200),
            contactName: RequiredText(200),
            email: Type.String({ format: 'email', maxLength: 200 }),
            phone: RequiredText(20),
            website: Type.String({
              format: 'uri',
              pattern: '^https?://',
              maxLength: 300,
              description: 'a web address starting with http:// or https://',
            }),
            expectedMonthlyVolume: Rupees(),
          },
          { additionalProperties: false },
        ),
        response: { 201: Data(Type.Object({ id: Type.String(), status: Type.String() })), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await submitApplication(db, request.body, request.ip);
      return reply.status(201).send({ data: { id: row.id, status: row.status } });
    },
  );
};
