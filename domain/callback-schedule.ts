/**
 * When a merchant callback is tried again: the Standard Webhooks schedule (the first attempt at
 * once, then these waits, about three days in all) with ±10 % jitter, so that callbacks failed
 * together are not retried together.
 */
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
] as const;

/** Every attempt, the first included. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export const JITTER = 0.1;

/** A Retry-After longer than the schedule's longest wait is cut to it: the schedule stays bounded. */
export const MAX_RETRY_AFTER_MS = RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1];

/** The wait after the nth attempt failed (n from 1), before jitter; null when it was the last. */
export const baseDelayAfter = (attempts: number): number | null =>
  attempts >= 1 && attempts < MAX_ATTEMPTS ? RETRY_DELAYS_MS[attempts - 1] : null;

/** A delay moved by up to ±10 %; `random` is in [0, 1). */
export const withJitter = (delayMs: number, random: number): number =>
  Math.round(delayMs * (1 - JITTER + 2 * JITTER * random));

/** Retry-After (RFC 9110): seconds, or an HTTP date; null when absent or unreadable. */
export const parseRetryAfter = (value: string | null | undefined, now: Date): number | null => {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * SECOND;
  const at = Date.parse(text);
  if (!/[a-z]/i.test(text) || Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
};

export type CallbackOutcome =
  | { state: 'DELIVERED' }
  | { state: 'FAILED'; why: 'gone' | 'exhausted' }
  | { state: 'PENDING'; delayMs: number };

export interface AttemptResult {
  /** The answer's status, or null when none came (refused URL, network error, time-out). */
  statusCode: number | null;
  retryAfter?: string | null;
}

/**
 * What follows the nth attempt: 2xx delivered; 410 means the endpoint is gone; otherwise the next
 * attempt, later when the merchant asks for it with Retry-After, or failed after the last.
 */
export const outcomeOf = (
  attempts: number,
  result: AttemptResult,
  now: Date,
  random: number = Math.random(),
): CallbackOutcome => {
  const { statusCode } = result;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { state: 'DELIVERED' };
  if (statusCode === 410) return { state: 'FAILED', why: 'gone' };
  const base = baseDelayAfter(attempts);
  if (base === null) return { state: 'FAILED', why: 'exhausted' };
  const scheduled = withJitter(base, random);
  const asked = Math.min(parseRetryAfter(result.retryAfter, now) ?? 0, MAX_RETRY_AFTER_MS);
  return { state: 'PENDING', delayMs: Math.max(scheduled, asked) };
};
