import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { assertDeliverableUrl, UndeliverableUrl, type UrlPolicy } from './callback-urls';

export const USER_AGENT = 'Payment-Gateway-Callbacks/1';

/** One callback as it leaves: its id, where to, the body as stored, the merchant's secret now. */
export interface Delivery {
  id: string;
  url: string;
  body: string;
  secret: string;
}

export interface AttemptRecord {
  statusCode: number | null;
  retryAfter: string | null;
  durationMs: number;
  /** Why no answer came: never the secret, never the body. */
  error: string | null;
}

interface Answer {
  status: number;
  retryAfter: string | null;
}

/** Standard Webhooks: the message id stays the same on every attempt, the timestamp is the send's. */
export const signedHeaders = (d: Delivery, at: Date): Record<string, string> => {
  const messageId = `msg_${d.id}`;
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(d.secret).sign(messageId, at, d.body),
  };
};

/** Connects only to the addresses that were checked, whatever the name resolves to by now. */
const pinnedLookup =
  (addresses: string[]): LookupFunction =>
  (_host, options, callback) => {
    const all = addresses.map((address) => ({ address, family: isIP(address) }));
    const fitting = options.family ? all.filter((a) => a.family === options.family) : all;
    const entries = fitting.length > 0 ? fitting : all;
    if (options.all) callback(null, entries);
    else callback(null, entries[0].address, entries[0].family);
  };

/** A POST that follows no redirect and reads no more of the answer than its head. */
const pinnedPost = (
  url: URL,
  addresses: string[],
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
) =>
  new Promise<Answer>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(addresses),
        agent: false,
        signal,
      },
      (response) => {
        response.on('error', () => undefined);
        response.resume();
        const retryAfter = response.headers['retry-after'];
        resolve({ status: response.statusCode ?? 0, retryAfter: retryAfter ?? null });
      },
    );
    request.on('error', reject);
    request.end(body);
  });

const fetchPost = async (
  fetchImpl: typeof fetch,
  url: URL,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<Answer> => {
  const response = await fetchImpl(url, { method: 'POST', headers, body, redirect: 'manual', signal });
  await response.body?.cancel().catch(() => undefined);
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
};

const MAX_ERROR_LENGTH = 300;

const describe = (error: unknown, signal: AbortSignal | null, timeoutMs: number): string => {
  if (signal?.aborted) return `No answer within ${timeoutMs / 1000} s.`;
  if (error instanceof UndeliverableUrl) return error.message;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const text = cause instanceof Error ? cause.message || cause.name : String(cause);
  return text.slice(0, MAX_ERROR_LENGTH);
};

/**
 * One attempt: the URL checked again (the policy may have changed, the name may point elsewhere),
 * signed with the secret of now, posted with a time-out. Never throws: a failure is its record.
 */
export const attemptDelivery = async (
  d: Delivery,
  opts: { policy: UrlPolicy; timeoutMs: number; fetchImpl?: typeof fetch },
): Promise<AttemptRecord> => {
  const started = performance.now();
  let signal: AbortSignal | null = null;
  const record = (statusCode: number | null, retryAfter: string | null, error: string | null) => ({
    statusCode,
    retryAfter,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const { url, addresses } = await assertDeliverableUrl(d.url, opts.policy);
    const headers = signedHeaders(d, new Date());
    signal = AbortSignal.timeout(opts.timeoutMs);
    const answer = opts.fetchImpl
      ? await fetchPost(opts.fetchImpl, url, headers, d.body, signal)
      : await pinnedPost(url, addresses, headers, d.body, signal);
    return record(answer.status, answer.retryAfter, null);
  } catch (error) {
    return record(null, null, describe(error, signal, opts.timeoutMs));
  }
};
