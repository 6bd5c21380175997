import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../test-support';
import { createEventStreamParser, type StreamEvent } from './eventStream';
import { useLiveRefresh, type LiveEvent, type LiveTopic } from './useLiveRefresh';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server-sent stream the test writes to, chunk by chunk. */
const stream = () => {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => {
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        // The reader cancelled the stream: nothing more arrives.
      }
    },
    end: () => controller.close(),
  };
};

/** fetch answers each call with the next response; the calls are kept with their init. */
const fakeEvents = (...answers: (() => Response | Promise<Response>)[]) => {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = answers.shift();
      if (next) return next();
      // No more answers: a connection that stays open until it is aborted.
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    }),
  );
  return calls;
};

const follow = (topics: LiveTopic[] = ['bank-entries'], options: { enabled?: boolean; onReopen?: () => void } = {}) => {
  const events: LiveEvent[] = [];
  const hook = renderHook(({ enabled }) => useLiveRefresh(topics, (e) => events.push(e), { ...options, enabled }), {
    initialProps: { enabled: options.enabled ?? true },
  });
  return { events, ...hook };
};

describe('the event-stream parser', () => {
  const parse = (...chunks: string[]) => {
    const seen: StreamEvent[] = [];
    const feed = createEventStreamParser((e) => seen.push(e));
    chunks.forEach(feed);
    return seen;
  };

  it('reads events cut anywhere across chunks, with CRLF cut in two', () =>
    expect(parse('ev', 'ent: bank-en', 'tries\r', '\ndata: {"id":', '"e1"}\r', '\n\r', '\n')).toEqual([
      { event: 'bank-entries', data: '{"id":"e1"}' },
    ]));

  it('skips comments, joins data lines and names an unnamed event "message"', () =>
    expect(parse(': ping\n\n', 'data: a\ndata: b\nid: 7\n\n', ': ping\n\n')).toEqual([
      { event: 'message', data: 'a\nb', id: '7' },
    ]));

  it('keeps an event that has not ended yet for the next chunk', () =>
    expect(parse('event: payins\ndata: {"id":"p1"}\n')).toEqual([]));
});

describe('useLiveRefresh', () => {
  it('sends the stored token, parses events split across chunks and ignores comments', async () => {
    const token = signInAs('ADMIN');
    const server = stream();
    const calls = fakeEvents(server.response);
    const { events, result } = follow(['payins', 'bank-entries']);

    await waitFor(() => expect(result.current).toBe('open'));
    expect(calls[0].url).toBe('/v1/events?topics=bank-entries,payins');
    expect(calls[0].init.headers).toMatchObject({ Authorization: `Bearer ${token}`, Accept: 'text/event-stream' });

    act(() => {
      server.write(': ping\n\nevent: bank-entries\nda');
      server.write('ta: {"id":"e1"}\n');
    });
    act(() => server.write('\n: ping\n\nevent: payins\ndata: {"id":"p9"}\n\n'));
    await waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([
      { topic: 'bank-entries', data: { id: 'e1' } },
      { topic: 'payins', data: { id: 'p9' } },
    ]);
  });

  it('stops on unmount: the request is aborted and nothing more is called', async () => {
    signInAs('ADMIN');
    const server = stream();
    const calls = fakeEvents(server.response);
    const { events, result, unmount } = follow();
    await waitFor(() => expect(result.current).toBe('open'));

    unmount();
    expect(calls[0].init.signal?.aborted).toBe(true);
    server.write('event: bank-entries\ndata: {"id":"late"}\n\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('reconnects after a failure, waiting longer each time, and says when it reopened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs('ADMIN');
    const onReopen = vi.fn();
    const first = stream();
    const calls = fakeEvents(
      first.response,
      () => Promise.reject(new TypeError('network down')),
      () => new Response('busy', { status: 503 }),
      stream().response,
    );
    const { result } = follow(['bank-entries'], { onReopen });
    await waitFor(() => expect(result.current).toBe('open'));
    expect(onReopen).not.toHaveBeenCalled();

    act(() => {
      first.write(': ping\n\n');
      first.end();
    });
    await waitFor(() => expect(result.current).toBe('retrying'));
    await act(() => vi.advanceTimersByTimeAsync(1_000)); // after a stream that worked: 1 s
    expect(calls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1_000)); // the first failure: 1 s
    expect(calls).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(calls).toHaveLength(3); // the second failure waits 2 s
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(calls).toHaveLength(4);
    await waitFor(() => expect(result.current).toBe('open'));
    expect(onReopen).toHaveBeenCalledTimes(1);
  });

  it('gives up when the server refuses the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs('ADMIN');
    const calls = fakeEvents(() => new Response('{}', { status: 401 }));
    const { result } = follow();
    await waitFor(() => expect(result.current).toBe('refused'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls).toHaveLength(1);
  });

  it('paused: the stream is closed, so no event is acted on; live again: it reopens', async () => {
    signInAs('ADMIN');
    const server = stream();
    const onReopen = vi.fn();
    const calls = fakeEvents(server.response);
    const { events, result, rerender } = follow(['bank-entries'], { onReopen });
    await waitFor(() => expect(result.current).toBe('open'));

    rerender({ enabled: false });
    expect(result.current).toBe('paused');
    expect(calls[0].init.signal?.aborted).toBe(true);
    server.write('event: bank-entries\ndata: {"id":"while-paused"}\n\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);

    const again = stream();
    fakeEvents(again.response);
    rerender({ enabled: true });
    await waitFor(() => expect(result.current).toBe('open'));
    expect(onReopen).toHaveBeenCalledTimes(1);
    act(() => again.write('event: bank-entries\ndata: {"id":"e2"}\n\n'));
    await waitFor(() => expect(events).toEqual([{ topic: 'bank-entries', data: { id: 'e2' } }]));
  });
});
