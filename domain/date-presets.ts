import { IST_OFFSET_MS } from './format';

/**
 * The periods of the Dashboard and the Vendor Board: whole IST calendar days, sent as `from` and
 * `to` (yyyy-mm-dd, both inclusive). IST has no daylight saving, so shifting the instant by the
 * offset and reading the UTC fields gives the IST calendar date.
 */
export const DATE_PRESETS = ['today', 'yesterday', 'last7', 'last15', 'last30', 'thisMonth', 'lastMonth'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DayRange {
  from: string;
  to: string;
}

interface IstDate {
  y: number;
  m: number;
  d: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-mm-dd of a UTC calendar date; Date.UTC carries a day 0 or -3 into the month before. */
const dayOf = (y: number, m: number, d: number): string => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

const istDateOf = (now: Date): IstDate => {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  return { y: ist.getUTCFullYear(), m: ist.getUTCMonth(), d: ist.getUTCDate() };
};

/** The last `n` days, today included. */
const lastDays =
  (n: number) =>
  ({ y, m, d }: IstDate): DayRange => ({ from: dayOf(y, m, d - (n - 1)), to: dayOf(y, m, d) });

const PRESET_RANGES: Record<DatePreset, (today: IstDate) => DayRange> = {
  today: lastDays(1),
  yesterday: ({ y, m, d }) => ({ from: dayOf(y, m, d - 1), to: dayOf(y, m, d - 1) }),
  last7: lastDays(7),
  last15: lastDays(15),
  last30: lastDays(30),
  thisMonth: ({ y, m, d }) => ({ from: dayOf(y, m, 1), to: dayOf(y, m, d) }),
  lastMonth: ({ y, m }) => ({ from: dayOf(y, m - 1, 1), to: dayOf(y, m, 0) }),
};

export const presetRange = (preset: DatePreset, now: Date = new Date()): DayRange =>
  PRESET_RANGES[preset](istDateOf(now));

const parts = (day: string): [number, number, number] => {
  const [, y, m, d] = DAY.exec(day) ?? ['', '0', '1', '1'];
  return [Number(y), Number(m) - 1, Number(d)];
};

/** A yyyy-mm-dd that names a real calendar day. */
export const isDay = (value: string): boolean => DAY.test(value) && dayOf(...parts(value)) === value;

/** Both ends are days and `to` is not before `from`. */
export const isValidRange = ({ from, to }: DayRange): boolean => isDay(from) && isDay(to) && from <= to;

/** 'yyyy-mm-dd' -> 'dd/mm/yyyy', the way the console shows dates. */
export const formatDay = (day: string): string => day.split('-').reverse().join('/');

const pad = (n: number) => String(n).padStart(2, '0');

/** A chart bucket's label from its start instant, in IST: '13:00' for an hour, '25/11' for a day. */
export const bucketLabel = (at: string, bucket: 'hour' | 'day'): string => {
  const ms = new Date(at).getTime();
  if (Number.isNaN(ms)) return '';
  const ist = new Date(ms + IST_OFFSET_MS);
  return bucket === 'hour' ? `${pad(ist.getUTCHours())}:00` : `${pad(ist.getUTCDate())}/${pad(ist.getUTCMonth() + 1)}`;
};
