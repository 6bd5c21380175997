import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db';
import { merchants } from '../db/schema';

/**
 * The demo merchants' callback receiver (issue 10, item 9): only in the demo, so a newcomer sees
 * callbacks delivered (the Deposit list's bell turns green). It checks each signature as a
 * merchant would, with the standardwebhooks package, and logs what arrived at debug level: the
 * seed's hundreds of callbacks would otherwise flood the terminal of `npm start` (issue 13).
 */
export const demoReceiverRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // The signature covers the body's exact bytes: it is read as text, not parsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // Fastify logs every request at info: this route's requests are logged only when debug is on.
  const logLevel = app.log.level === 'trace' ? 'trace' : app.log.level === 'debug' ? 'debug' : 'warn';
  app.post(
    '/demo/callbacks/:code',
    {
      logLevel,
      config: { access: { public: true }, rateLimit: { max: 10_000, timeWindow: '1 minute' } },
      schema: { hide: true, params: Type.Object({ code: Type.String({ maxLength: 30 }) }) },
    },
    async (request, reply) => {
      const [merchant] = await db
        .select({ secret: merchants.signingSecret })
        .from(merchants)
        .where(eq(merchants.code, request.params.code));
      if (!merchant) return reply.status(404).send();
      try {
        const event = new Webhook(merchant.secret).verify(
          String(request.body),
          request.headers as Record<string, string>,
        ) as { type: string; data: { merchantOrderId: string; status: string } };
        request.log.debug(
          {
            merchant: request.params.code,
            type: event.type,
            order: event.data.merchantOrderId,
            status: event.data.status,
          },
          'demo receiver: callback verified',
        );
        return reply.status(204).send();
      } catch {
        request.log.warn({ merchant: request.params.code }, 'demo receiver: signature refused');
        return reply.status(400).send();
      }
    },
  );
};
