import { describe, expect, it } from 'vitest';
import { relistenDelay } from './listener';

describe('relistenDelay', () => {
  it('doubles from 1 s to at most 30 s', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => relistenDelay(n, middle))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('spreads the instances dropped together over a fifth either way', () => {
    expect(relistenDelay(1, () => 0)).toBe(800);
    expect(relistenDelay(1, () => 0.999999)).toBe(1200);
    expect(relistenDelay(10, () => 0)).toBe(24000);
  });
});
