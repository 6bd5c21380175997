import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { Data } from '../schemas/common';

export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: {
          200: Data(Type.Object({ status: Type.String(), database: Type.String() })),
          503: Data(Type.Object({ status: Type.String(), database: Type.String() })),
        },
      },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { data: { status: 'ok', database: 'ok' } };
      } catch {
        return reply.status(503).send({ data: { status: 'unavailable', database: 'unreachable' } });
      }
    },
  );
};
