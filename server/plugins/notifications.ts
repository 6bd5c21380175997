import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { LIVE_CHANNEL, liveHub } from '../services/events/live-events';
import { startListener } from '../services/events/listener';
import { SESSION_CHANNEL, SessionCache } from '../services/identity/session-cache';

/**
 * One connection per server listens for what other connections announce: the live lists'
 * changes (the hub the event stream reads) and the changes that end sessions (the cache the
 * auth plugin reads; services/identity/session-cache.ts). Closed with the server.
 */
export const listenForChanges = async (app: FastifyInstance, db: Db) => {
  const hub = liveHub();
  const sessionCache = new SessionCache();
  const listener = await startListener(
    db,
    [LIVE_CHANNEL, SESSION_CHANNEL],
    {
      message: (channel, payload) => (channel === LIVE_CHANNEL ? hub.hear(payload) : sessionCache.hear(payload)),
      ready: () => {
        sessionCache.ready();
        hub.ready();
      },
      lost: () => {
        sessionCache.lost();
        hub.lost();
      },
    },
    app.log,
  );
  // Before the server waits for its requests to end: an open stream never would.
  app.addHook('preClose', async () => hub.lost());
  app.addHook('onClose', async () => listener.close());
  return { hub, sessionCache };
};
