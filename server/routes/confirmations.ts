import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONFIRMATION_KINDS } from '../../domain/confirmations';
import type { RouteSettings } from '../plugins/route-settings';
import { Data, enumOf, errorResponses } from '../schemas/common';
import { grantConfirmation } from '../services/identity/confirmations';

export const confirmationRoutes: FastifyPluginAsyncTypebox<Pick<RouteSettings, 'db' | 'rateLimits' | 'auth'>> = async (
  app,
  { db, rateLimits, auth },
) => {
  app.post(
    '/confirmations',
    {
      config: {
        access: { resource: 'account', action: 'update' },
        rateLimit: { max: rateLimits.auth, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Re-enter the password to confirm one sensitive action on one record; send the answer as the X-Confirmation header of that one request',
        security: [{ bearer: [] }],
        body: Type.Object(
          {
            password: Type.String({ minLength: 1, maxLength: 200 }),
            action: enumOf(
              CONFIRMATION_KINDS,
              'the kind of action to confirm; the confirmation is refused for any other',
            ),
            recordId: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 200,
                description:
                  'the record the action is for (its id; a new bank account: its nickname; a provider: its name); the confirmation is refused on any other. Without it, the first record it serves',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Data(Type.Object({ confirmation: Type.String(), expiresAt: Type.String() })),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: await grantConfirmation(app, db, request.session, request.body, {
        maxFailedLogins: auth.maxFailedLogins,
        ip: request.ip,
      }),
    }),
  );
};
