import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { notFound, unauthorized } from '../errors';
import { callbacksWaiting, httpDuration, httpRequests, registry } from '../services/common/metrics';

/** Callbacks counted at a scrape stop here: the partial indexes keep it cheap, the cap keeps it bounded. */
const CALLBACK_CAP = 100_000;

const digest = (text: string) => createHash('sha256').update(text).digest();

const tokenMatches = (request: FastifyRequest, token: string) => {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
};

const countCallbacks = async (db: Db) => {
  const { rows } = await db.execute<{ pending: number; retrying: number; failed: number }>(sql`
    SELECT
      (SELECT count(*) FROM (SELECT 1 FROM callbacks WHERE state = 'PENDING' LIMIT ${CALLBACK_CAP}) c)::int AS pending,
      (SELECT count(*) FROM (SELECT 1 FROM callbacks WHERE state = 'PENDING' AND attempts > 0 LIMIT ${CALLBACK_CAP}) c)::int AS retrying,
      (SELECT count(*) FROM (SELECT 1 FROM callbacks WHERE state = 'FAILED' LIMIT ${CALLBACK_CAP}) c)::int AS failed`);
  for (const [state, value] of Object.entries(rows[0])) callbacksWaiting.set({ state }, Number(value));
};

/**
 * Every request counted and timed by its route pattern (never the raw URL, whose ids would make a
 * series each; and GET /metrics in Prometheus' text format
 * for whoever holds METRICS_TOKEN. Without the token the route answers 404 like any unknown page:
 * the figures are not public, and a scraper misconfigured is told so rather than served the
 * dashboard.
 */
export const measureRequests = (app: FastifyInstance, { token, db }: { token?: string; db: Db }) => {
  // A callback, not an async function: nothing here waits, and it runs for every request.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound('Page');
    if (!tokenMatches(request, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('The metrics need their bearer token (METRICS_TOKEN).');
    }
    // A database that does not answer leaves the callback figures out, not the rest.
    await countCallbacks(db).catch((error: unknown) => {
      callbacksWaiting.reset();
      request.log.warn({ err: error }, 'counting callbacks for the metrics failed');
    });
    reply.header('content-type', registry.contentType);
    reply.header('cache-control', 'no-store');
    return registry.metrics();
  });
};
