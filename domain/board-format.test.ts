import { describe, expect, it } from 'vitest';
import { formatDuration, formatRate } from './board-format';

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [0.4, '0 s'],
    [45, '45 s'],
    [59.6, '1 min'],
    [60, '1 min'],
    [125, '2 min 5 s'],
    [3_600, '1 h'],
    [3_605, '1 h'],
    [3_780, '1 h 3 min'],
    [90_061, '1 d 1 h'],
    [172_800, '2 d'],
  ])('%s s is %j', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it.each([[null], [undefined], [Number.NaN], [-1]])('%s is nothing to show', (value) =>
    expect(formatDuration(value)).toBeNull(),
  );
});

describe('formatRate', () => {
  it.each([
    [0.875, '87.5%'],
    [1, '100.0%'],
    [0, '0.0%'],
    [0.33333, '33.3%'],
  ])('%s is %j', (fraction, text) => expect(formatRate(fraction)).toBe(text));

  it('says nothing without pay-ins', () => expect(formatRate(null)).toBeNull());
});
