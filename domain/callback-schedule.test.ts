import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, baseDelayAfter, outcomeOf, parseRetryAfter, withJitter } from './callback-schedule';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const S = 1_000;
const M = 60 * S;
const H = 60 * M;

describe('the Standard Webhooks retry schedule', () => {
  it.each([
    [1, 5 * S],
    [2, 5 * M],
    [3, 30 * M],
    [4, 2 * H],
    [5, 5 * H],
    [6, 10 * H],
    [7, 14 * H],
    [8, 20 * H],
    [9, 24 * H],
    [10, null],
    [11, null],
    [0, null],
  ])('after attempt %i waits %s ms', (attempts, delay) => expect(baseDelayAfter(attempts)).toBe(delay));

  it('spans about three days over ten attempts', () => {
    expect(MAX_ATTEMPTS).toBe(10);
    const total = Array.from({ length: 9 }, (_, i) => baseDelayAfter(i + 1)!).reduce((a, b) => a + b, 0);
    expect(total / H).toBeGreaterThan(75);
    expect(total / H).toBeLessThan(76);
  });

  it.each([
    [0, 4_500],
    [0.5, 5_000],
    [0.999999, 5_500],
  ])('jitter with random %s moves 5 s to %i ms', (random, delay) => expect(withJitter(5_000, random)).toBe(delay));
});

describe('Retry-After', () => {
  it.each([
    ['120', 120 * S],
    [' 0 ', 0],
    ['Sun, 01 Mar 2026 12:10:00 GMT', 10 * M],
    ['Sun, 01 Mar 2026 11:00:00 GMT', 0],
    ['', null],
    [null, null],
    [undefined, null],
    ['soon', null],
    ['-5', null],
    ['1.5', null],
  ])('%j is %s ms', (value, ms) => expect(parseRetryAfter(value, NOW)).toBe(ms));
});

describe('what follows an attempt', () => {
  it.each([
    [1, 200, null, { state: 'DELIVERED' }],
    [3, 204, null, { state: 'DELIVERED' }],
    [10, 299, null, { state: 'DELIVERED' }],
    [1, 410, null, { state: 'FAILED', why: 'gone' }],
    [1, 410, '60', { state: 'FAILED', why: 'gone' }],
    [1, 500, null, { state: 'PENDING', delayMs: 5 * S }],
    [1, null, null, { state: 'PENDING', delayMs: 5 * S }],
    [2, 302, null, { state: 'PENDING', delayMs: 5 * M }],
    [2, 404, null, { state: 'PENDING', delayMs: 5 * M }],
    [9, 503, null, { state: 'PENDING', delayMs: 24 * H }],
    [10, 500, null, { state: 'FAILED', why: 'exhausted' }],
    [10, null, null, { state: 'FAILED', why: 'exhausted' }],
    [1, 429, '120', { state: 'PENDING', delayMs: 120 * S }],
    [1, 503, 'Sun, 01 Mar 2026 13:00:00 GMT', { state: 'PENDING', delayMs: H }],
    [3, 429, '1', { state: 'PENDING', delayMs: 30 * M }],
    [1, 429, String(7 * 24 * 3600), { state: 'PENDING', delayMs: 24 * H }],
    [10, 429, '1', { state: 'FAILED', why: 'exhausted' }],
  ] as const)('attempt %i answered %s (Retry-After %s): %j', (attempts, statusCode, retryAfter, outcome) =>
    expect(outcomeOf(attempts, { statusCode, retryAfter }, NOW, 0.5)).toEqual(outcome),
  );

  it('keeps jitter within ±10 %', () => {
    for (const random of [0, 0.25, 0.75, 0.999]) {
      const outcome = outcomeOf(4, { statusCode: 500 }, NOW, random);
      expect(outcome.state).toBe('PENDING');
      const { delayMs } = outcome as { delayMs: number };
      expect(delayMs).toBeGreaterThanOrEqual(0.9 * 2 * H);
      expect(delayMs).toBeLessThanOrEqual(1.1 * 2 * H);
    }
  });
});
