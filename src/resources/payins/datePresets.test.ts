import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, type DatePreset } from './datePresets';

// 20 March 2026, 00:30 in IST is still 19 March in UTC.
const EARLY_IST = new Date('2026-03-19T19:00:00.000Z');

describe('date presets (IST calendar days)', () => {
  it.each<[DatePreset, string, string]>([
    ['today', '2026-03-20', '2026-03-20'],
    ['yesterday', '2026-03-19', '2026-03-19'],
    ['last7', '2026-03-14', '2026-03-20'],
    ['thisMonth', '2026-03-01', '2026-03-20'],
  ])('%s runs from %s to %s', (preset, from, to) => expect(presetRange(preset, EARLY_IST)).toEqual({ from, to }));

  it('crosses a month boundary for yesterday', () =>
    expect(presetRange('yesterday', new Date('2026-03-01T06:00:00.000Z'))).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    }));

  it('recognises a preset from its range, and none for a custom one', () => {
    expect(presetOf({ from: '2026-03-14', to: '2026-03-20' }, EARLY_IST)).toBe('last7');
    expect(presetOf({ from: '2026-03-02', to: '2026-03-20' }, EARLY_IST)).toBeUndefined();
    expect(presetOf({}, EARLY_IST)).toBeUndefined();
  });
});
