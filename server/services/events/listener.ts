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

/** Waits before listening again after each failure in a row: doubling from 1 s up to 30 s. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/**
 * The wait before the next attempt after `failures` in a row, give or take a fifth, so that the
 * instances a restarted PostgreSQL dropped together do not all come back in the same instant.
 */
export const relistenDelay = (failures: number, random: () => number = Math.random): number => {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(failures - 1, 0), LAST_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
};

/**
 * A connection that died without a word (a failover, a cut cable) would stop the notifications
 * silently: a statement now and then proves it still answers.
 */
const HEARTBEAT_MS = 30_000;
/** Named, so that an operator reading pg_stat_activity sees which connection listens. */
export const HEARTBEAT = 'SELECT 1 AS listening';
const HEARTBEAT_TIMEOUT_MS = 10_000;

/**
 * One LISTEN connection per server instance for every channel it follows (live lists, session
 * changes). A client of its own, outside the pool, so that closing the pool never waits for it;
 * lost, it is opened again after a growing wait for as long as the server runs.
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
  let failures = 0;
  let heartbeat: NodeJS.Timeout | undefined;

  const drop = (error: unknown, message: string) => {
    failures += 1;
    const wait = relistenDelay(failures);
    log.warn({ err: error, retryInMs: wait }, message);
    const last = client;
    client = null;
    clearInterval(heartbeat);
    void last?.end().catch(() => undefined);
    handlers.lost?.();
    if (!closed) setTimeout(() => void connect(), wait).unref();
  };

  const beat = (next: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the notifications connection did not answer')), HEARTBEAT_TIMEOUT_MS);
    });
    Promise.race([next.query(HEARTBEAT), late])
      .catch((error: unknown) => {
        if (client === next) drop(error, 'notifications connection not answering; reconnecting');
      })
      .finally(() => clearTimeout(timer));
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(pool.options);
    client = next;
    try {
      next.on('notification', (message) => {
        if (message.payload !== undefined) handlers.message(message.channel, message.payload);
      });
      next.on('error', (error) => {
        if (client === next) drop(error, 'notifications connection lost; reconnecting');
      });
      next.on('end', () => {
        if (client === next) drop(new Error('connection ended'), 'notifications connection ended; reconnecting');
      });
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${channel}`);
      if (closed || client !== next) return void next.end().catch(() => undefined);
      failures = 0;
      heartbeat = setInterval(() => beat(next), HEARTBEAT_MS).unref();
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
      clearInterval(heartbeat);
      handlers.lost?.();
      await last?.end().catch(() => undefined);
    },
  };
};
