import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import type { DataScope } from '../common/scope';

/**
 * Live refresh of the Add data and In Progress lists (issue 10, item 4). A change announces itself
 * with PostgreSQL's NOTIFY inside its transaction, so it is heard only once committed, by every
 * server instance on the database; each instance passes it on to the signed-in lists that may
 * see the row.
 */
export const LIVE_TOPICS = ['payins', 'bank-entries'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export const LIVE_CHANNEL = 'pgc_live';

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
    sql`SELECT pg_notify(${LIVE_CHANNEL}, json_build_object('topic', ${topic}::text, 'id', x.id::text, 'owner', ${owner})::text)
        FROM unnest(${sql.param(ids)}::uuid[]) AS x(id)`,
  );
};

export const mayHear = (scope: DataScope, event: LiveEvent): boolean =>
  scope.kind === 'all' ||
  (scope.kind === 'merchants' && event.merchantCode !== null && scope.merchantCodes.includes(event.merchantCode)) ||
  (scope.kind === 'vendor' && event.vendorCode === scope.vendorCode);

type Listener = (event: LiveEvent) => void;

/**
 * Passes each committed change on to the open event streams (routes/events.ts); the server's
 * listener (services/events/listener.ts) hands it what arrives on LIVE_CHANNEL. A stream is told
 * of every change only while the listener listens: when it is lost every stream ends, so that its
 * reader connects again and refreshes (src/live/useLiveRefresh.ts), and no stream opens until it
 * listens again; a stream open through the gap would miss what happened in it, unseen.
 */
export const liveHub = () => {
  const streams = new Map<Listener, () => void>();
  let listening = false;
  const endAll = () => {
    const ends = [...streams.values()];
    streams.clear();
    for (const end of ends) end();
  };
  return {
    hear: (payload: string) => {
      const raw = JSON.parse(payload) as {
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
      for (const listener of streams.keys()) listener(event);
    },
    /** Whether a stream opened now would hear every change from now on. */
    listening: () => listening,
    /** A stream: `listener` hears each change, `end` is called when the hub can no longer promise that. */
    subscribe: (listener: Listener, end: () => void) => {
      streams.set(listener, end);
      return () => void streams.delete(listener);
    },
    ready: () => {
      listening = true;
    },
    lost: () => {
      listening = false;
      endAll();
    },
  };
};

export type LiveHub = ReturnType<typeof liveHub>;
