import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { canUseResource } from '../../domain/access';
import { forbidden } from '../errors';
import { security } from '../schemas/common';
import { LIVE_TOPICS, mayHear, type LiveHub, type LiveTopic } from '../services/live-events';
import { dataScope } from '../services/scope';

const PING_MS = 25_000;

/**
 * Server-sent events for the lists that refresh by themselves (issue 10, item 4): each event names
 * a row that changed, only rows the caller may see, on topics whose resource the caller may read.
 */
export const eventRoutes: FastifyPluginAsyncTypebox<{ db: Db; hub: LiveHub }> = async (app, { db, hub }) => {
  // Open streams end when the server closes, or closing would wait for every browser to leave.
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });
  app.get(
    '/events',
    {
      // Reading the stream is reading the lists: each topic is checked against its resource below.
      config: { access: { resource: 'account', action: 'read' } },
      schema: {
        tags: ['events'],
        security,
        summary: 'A text/event-stream of changed rows: event is the topic, data is {"id": …}',
        querystring: Type.Object({
          topics: Type.String({ pattern: `^(${LIVE_TOPICS.join('|')})(,(${LIVE_TOPICS.join('|')}))*$` }),
        }),
      },
    },
    async (request, reply) => {
      const topics = new Set(request.query.topics.split(',') as LiveTopic[]);
      for (const topic of topics) if (!canUseResource(request.session.role, topic)) throw forbidden();
      const scope = await dataScope(db, request.session);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // The answer's own headers so far (the security headers among them): a hijacked reply sends only these.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      const unsubscribe = hub.subscribe((event) => {
        if (topics.has(event.topic) && mayHear(scope, event))
          res.write(`event: ${event.topic}\ndata: ${JSON.stringify({ id: event.id })}\n\n`);
      });
      const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
      const end = () => {
        clearInterval(ping);
        unsubscribe();
        open.delete(end);
        res.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  );
};
