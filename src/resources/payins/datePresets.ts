import { istDayOf } from '../../../domain/format';

/** The date presets of the Deposit filters: whole IST calendar days, as `from` and `to` (yyyy-mm-dd). */
export const DATE_PRESETS = ['today', 'yesterday', 'last7', 'thisMonth'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

export const presetRange = (preset: DatePreset, now: Date = new Date()): DayRange => {
  const daysAgo = (n: number) => istDayOf(now.getTime() - n * DAY_MS);
  const today = daysAgo(0);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: daysAgo(1), to: daysAgo(1) };
    case 'last7':
      return { from: daysAgo(6), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
};

/** The preset a range is, if any: the filter shows it selected. */
export const presetOf = (range: Partial<DayRange>, now: Date = new Date()): DatePreset | undefined =>
  DATE_PRESETS.find((preset) => {
    const r = presetRange(preset, now);
    return r.from === range.from && r.to === range.to;
  });
