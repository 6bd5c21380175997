import pg from 'pg';
import { poolOf, type Db } from '../../db';

export interface ListenerHandlers {
  /** A notification on one of the channels, once its transaction committed. */
  message: (channel: string, payload: string) => void;
  /** Listening (again): whatever was announced while not listening was missed. */
  ready?: () => void;
  /** The connection is gone: nothing is heard until `ready` again. */
  lost?: () => void;
}

/**
 * One LISTEN connection per server instance for every channel it follows (live lists, session
 * changes). A client of its own, outside the pool, so that closing the pool never waits for it;
 * lost, it is opened again a second later for as long as the server runs.
 */
export const startListener = async (
  db: Db,
  channels: readonly string[],
  handlers: ListenerHandlers,
  log: { warn: (o: object, m: string) => void },
) => {
  const pool = poolOf(db);
  let client: pg.Client | null = null;
  let closed = false;

  const drop = (error: unknown, message: string) => {
    log.warn({ err: error }, message);
    const last = client;
    client = null;
    void last?.end().catch(() => undefined);
    handlers.lost?.();
    if (!closed) setTimeout(() => void connect(), 1000).unref();
  };

  const connect = async () => {
    const next = new pg.Client(pool.options);
    client = next;
    try {
      await next.connect();
      next.on('notification', (message) => {
        if (message.payload !== undefined) handlers.message(message.channel, message.payload);
      });
      next.on('error', (error) => {
        if (client === next) drop(error, 'notifications connection lost; reconnecting');
      });
      for (const channel of channels) await next.query(`LISTEN ${channel}`);
      if (closed) return void next.end().catch(() => undefined);
      handlers.ready?.();
    } catch (error) {
      if (client === next) drop(error, 'could not listen for notifications; retrying');
    }
  };
  await connect();

  return {
    close: async () => {
      closed = true;
      const last = client;
      client = null;
      handlers.lost?.();
      await last?.end().catch(() => undefined);
    },
  };
};
