import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { canUseResource } from '../../domain/access';
import { forbidden, tooMany } from '../errors';
import { security } from '../schemas/common';
import { LIVE_TOPICS, mayHear, type LiveTopic } from '../services/events/live-events';
import {
  liveUnavailable,
  MAX_STREAMS_PER_USER,
  stillEntitled,
  streamSeats,
  TOO_MANY_STREAMS,
} from '../services/events/live-streams';
import { dataScope } from '../services/common/scope';
import type { RouteSettings } from '../plugins/route-settings';

const PING_MS = 25_000;

/**
 * Server-sent events for the lists that refresh by themselves (issue 10, item 4): each event names
 * a row that changed, only rows the caller may see, on topics whose resource the caller may read.
 * At each ping the stream's session and access are checked again (services/events/live-streams.ts).
 */
export const eventRoutes: FastifyPluginAsyncTypebox<
  Pick<RouteSettings, 'db' | 'hub' | 'pingMs' | 'idleTimeoutSeconds'>
> = async (app, { db, hub, pingMs = PING_MS, idleTimeoutSeconds }) => {
  // Open streams end through the hub when its listener is lost and before the server closes
  // (plugins/notifications.ts), or closing would wait for every browser to leave.
  const seats = streamSeats();
  app.get(
    '/events',
    {
      // Reading the stream is reading the lists: each topic is checked against its resource below.
      config: { access: { resource: 'account', action: 'read' } },
      schema: {
        tags: ['events'],
        security,
        summary: `A text/event-stream of changed rows: event is the topic, data is {"id": …}. It ends with its session or when its user's access changes; a user holds ${MAX_STREAMS_PER_USER} at most (429 beyond). It also ends, and a new one is refused (503) until the server hears changes again, when the server loses its connection for them: the reader then connects again and refreshes`,
        querystring: Type.Object({
          topics: Type.String({ pattern: `^(${LIVE_TOPICS.join('|')})(,(${LIVE_TOPICS.join('|')}))*$` }),
        }),
      },
    },
    async (request, reply) => {
      const user = request.session;
      const topics = new Set(request.query.topics.split(',') as LiveTopic[]);
      for (const topic of topics) if (!canUseResource(user.role, topic)) throw forbidden();
      const scope = await dataScope(db, user);
      if (!hub.listening()) throw liveUnavailable();
      if (!seats.take(user.id)) throw tooMany(TOO_MANY_STREAMS);
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
      let ended = false;
      let checking = false;
      const ping = setInterval(() => {
        if (checking) return;
        checking = true;
        void stillEntitled(db, user, scope, idleTimeoutSeconds)
          .catch(() => false)
          .then((entitled) => {
            checking = false;
            if (!entitled) end();
            else if (!ended) res.write(': ping\n\n');
          });
      }, pingMs);
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(ping);
        unsubscribe();
        seats.release(user.id);
        res.end();
      };
      const unsubscribe = hub.subscribe((event) => {
        if (topics.has(event.topic) && mayHear(scope, event))
          res.write(`event: ${event.topic}\ndata: ${JSON.stringify({ id: event.id })}\n\n`);
      }, end);
      request.raw.on('close', end);
    },
  );
};
