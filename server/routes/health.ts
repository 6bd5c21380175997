import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { Data } from '../schemas/common';
import { databaseCheck, readiness as serving, readyAnswer, type Readiness } from '../services/common/readiness';

const HealthAnswer = Data(Type.Object({ status: Type.String(), database: Type.String() }));

/**
 * The probes of whoever runs the server: /health/live (the process answers: restart it if not),
 * /health/ready (send it work: not while it starts, drains or cannot reach its database) and
 * /health as before (the database answers). Public, and cheap enough to need no limit.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db; readiness?: Readiness }> = async (
  app,
  { db, readiness = serving() },
) => {
  const checkDatabase = databaseCheck(db);
  app.get(
    '/health',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: { 200: HealthAnswer, 503: HealthAnswer },
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
  app.get(
    '/health/live',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['platform'],
        summary: 'Liveness probe: 200 while the process answers, draining or not; the database is not asked',
        response: { 200: Data(Type.Object({ status: Type.String() })) },
      },
    },
    async () => ({ data: { status: 'ok' } }),
  );
  app.get(
    '/health/ready',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['platform'],
        summary:
          'Readiness probe: 200 when this server should be sent requests; 503 while it starts, drains before stopping, or its database does not answer select 1 within 2 s',
        response: { 200: HealthAnswer, 503: HealthAnswer },
      },
    },
    async (_request, reply) => {
      const database = readiness.phase() === 'serving' ? await checkDatabase() : undefined;
      // The phase read again: a server that began draining while its database answered is not ready.
      const answer = readyAnswer(readiness.phase(), database);
      return reply
        .status(answer.ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ data: { status: answer.status, database: answer.database } });
    },
  );
};
