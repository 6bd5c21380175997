import { useEffect, useRef, useState } from 'react';
import { API_ROOT } from '../providers/http';
import { TOKEN_KEY } from '../session/storageKeys';
import { createEventStreamParser, parseData } from './eventStream';

/** What GET /v1/events streams: a topic per resource whose rows change. */
export const LIVE_TOPICS = ['bank-entries', 'payins'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveEvent {
  topic: string;
  /** The event's data, parsed when it is JSON (`{ "id": "..." }`). */
  data: unknown;
  id?: string;
}

/** paused: switched off; refused: the server said 401 or 403, so asking again would not help. */
export type LiveStatus = 'paused' | 'connecting' | 'open' | 'retrying' | 'refused';

/** Waits before each new attempt after a failure; the last one repeats. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
export const retryDelay = (failures: number): number =>
  RETRY_DELAYS_MS[Math.min(Math.max(failures - 1, 0), RETRY_DELAYS_MS.length - 1)];

export const eventsUrl = (topics: readonly string[]) => `${API_ROOT}/events?topics=${topics.join(',')}`;

type Outcome = 'ended' | 'failed' | 'refused' | 'aborted';

/**
 * Reads the stream once, until it ends. EventSource cannot send the Authorization header, so this
 * is fetch() over a ReadableStream, with the token the HTTP module sends.
 */
const follow = async (
  url: string,
  signal: AbortSignal,
  on: { open: () => void; received: () => void; event: (event: LiveEvent) => void },
): Promise<Outcome> => {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const response = await fetch(url, {
      headers: { Accept: 'text/event-stream', ...(token && { Authorization: `Bearer ${token}` }) },
      cache: 'no-store',
      signal,
    });
    if (response.status === 401 || response.status === 403) return 'refused';
    if (!response.ok || !response.body) return 'failed';
    on.open();
    const reader = response.body.getReader();
    signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
    const decoder = new TextDecoder();
    const feed = createEventStreamParser(({ event, data, id }) => {
      if (!signal.aborted) on.event({ topic: event, data: parseData(data), ...(id !== undefined && { id }) });
    });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return signal.aborted ? 'aborted' : 'ended';
      on.received();
      feed(decoder.decode(value, { stream: true }));
    }
  } catch {
    return signal.aborted ? 'aborted' : 'failed';
  }
};

export interface LiveOptions {
  /** false closes the stream (the Live switch paused): nothing arrives, so nothing is acted on. */
  enabled?: boolean;
  /**
   * Called when the stream opens again after it was closed (a dropped connection, a pause): what
   * changed meanwhile was never sent, so a list refreshes once.
   */
  onReopen?: () => void;
}

/**
 * Follows GET /v1/events for the topics and calls `onEvent` for each event; reconnects with a
 * growing delay when the connection drops, and stops on unmount.
 */
export const useLiveRefresh = (
  topics: readonly LiveTopic[],
  onEvent: (event: LiveEvent) => void,
  { enabled = true, onReopen }: LiveOptions = {},
): LiveStatus => {
  const callbacks = useRef({ onEvent, onReopen });
  useEffect(() => {
    callbacks.current = { onEvent, onReopen };
  });
  const openedBefore = useRef(false);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const url = eventsUrl([...new Set(topics)].sort());

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const open = () => {
      setStatus('open');
      if (openedBefore.current) callbacks.current.onReopen?.();
      openedBefore.current = true;
    };
    const connect = async () => {
      setStatus('connecting');
      let delivered = false;
      const outcome = await follow(url, controller.signal, {
        open,
        received: () => (delivered = true),
        event: (e) => callbacks.current.onEvent(e),
      });
      if (outcome === 'aborted') return;
      if (outcome === 'refused') return setStatus('refused');
      // A stream that delivered something worked: the next wait is the shortest. One that never did waits longer each time.
      failures = delivered ? 0 : failures + 1;
      setStatus('retrying');
      timer = setTimeout(() => void connect(), retryDelay(failures));
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [url, enabled]);

  return enabled ? status : 'paused';
};
