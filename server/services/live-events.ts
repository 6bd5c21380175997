import pg from 'pg';
import { sql } from 'drizzle-orm';
import { poolOf, type Db, type DbOrTx } from '../db';
import type { DataScope } from './scope';

/**
 * Live refresh of the Add data and In Progress lists (issue 10, item 4). A change announces itself
 * with PostgreSQL's NOTIFY inside its transaction, so it is heard only once committed, by every
 * server instance on the database; each instance passes it on to the signed-in lists that may
 * see the row.
 */
export const LIVE_TOPICS = ['payins', 'bank-entries'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

const CHANNEL = 'pgc_live';

export interface LiveEvent {
  topic: LiveTopic;
  id: string;
  merchantCode: string | null;
  vendorCode: string | null;
}

/** Announces a changed row, with who may see it: its merchant and the vendor of its bank account. */
export const notify = (tx: DbOrTx, topic: LiveTopic, id: string) => notifyAll(tx, topic, [id]);

/** Announces several changed rows of one topic in one statement. */
export const notifyAll = async (tx: DbOrTx, topic: LiveTopic, ids: string[]) => {
  if (ids.length === 0) return;
  const owner =
    topic === 'payins'
      ? sql`(SELECT json_build_object('m', p.merchant_code, 'v', v.code) FROM payins p
             LEFT JOIN bank_accounts b ON b.id = p.bank_account_id LEFT JOIN vendors v ON v.id = b.vendor_id
             WHERE p.id = x.id)`
      : sql`(SELECT json_build_object('m', p.merchant_code, 'v', v.code) FROM bank_entries e
             JOIN bank_accounts b ON b.id = e.bank_account_id JOIN vendors v ON v.id = b.vendor_id
             LEFT JOIN payins p ON p.id = e.payin_id WHERE e.id = x.id)`;
  await tx.execute(
    sql`SELECT pg_notify(${CHANNEL}, json_build_object('topic', ${topic}::text, 'id', x.id::text, 'owner', ${owner})::text)
        FROM unnest(${sql.param(ids)}::uuid[]) AS x(id)`,
  );
};

export const mayHear = (scope: DataScope, event: LiveEvent): boolean =>
  scope.kind === 'all' ||
  (scope.kind === 'merchants' && event.merchantCode !== null && scope.merchantCodes.includes(event.merchantCode)) ||
  (scope.kind === 'vendor' && event.vendorCode === scope.vendorCode);

type Listener = (event: LiveEvent) => void;

/**
 * One LISTEN connection per server instance, shared by every open event stream. It is a client of
 * its own, outside the pool, so that closing the pool never waits for it.
 */
export const startLiveHub = async (db: Db, log: { warn: (o: object, m: string) => void }) => {
  const pool = poolOf(db);
  const listeners = new Set<Listener>();
  let client: pg.Client | null = null;
  let closed = false;

  const connect = async () => {
    try {
      client = new pg.Client(pool.options);
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        const raw = JSON.parse(message.payload) as {
          topic: LiveTopic;
          id: string;
          owner: { m: string | null; v: string | null } | null;
        };
        const event = {
          topic: raw.topic,
          id: raw.id,
          merchantCode: raw.owner?.m ?? null,
          vendorCode: raw.owner?.v ?? null,
        };
        for (const listener of listeners) listener(event);
      });
      client.on('error', (error) => {
        log.warn({ err: error }, 'live events connection lost; reconnecting');
        void client?.end().catch(() => undefined);
        client = null;
        if (!closed) setTimeout(() => void connect(), 1000).unref();
      });
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      log.warn({ err: error }, 'live events could not listen; retrying');
      void client?.end().catch(() => undefined);
      client = null;
      if (!closed) setTimeout(() => void connect(), 1000).unref();
    }
  };
  await connect();

  return {
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      closed = true;
      listeners.clear();
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
};

export type LiveHub = Awaited<ReturnType<typeof startLiveHub>>;
