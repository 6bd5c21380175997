import { describe, expect, it } from 'vitest';
import {
  DATE_PRESETS,
  bucketLabel,
  formatDay,
  isDay,
  isValidRange,
  presetRange,
  type DatePreset,
} from './date-presets';
import { IST_OFFSET_MS } from './format';

// 25 Nov 2026 23:59:59 IST is 18:29:59 UTC; one second later IST is on 26 Nov while UTC is still on the 25th.
const DAY = 86_400_000;
const LAST_SECOND = new Date('2026-11-25T18:29:59.000Z');
const FIRST_SECOND = new Date('2026-11-25T18:30:00.000Z');

const CASES: [string, Date, DatePreset, string, string][] = [
  ['23:59:59 IST', LAST_SECOND, 'today', '2026-11-25', '2026-11-25'],
  ['23:59:59 IST', LAST_SECOND, 'yesterday', '2026-11-24', '2026-11-24'],
  ['23:59:59 IST', LAST_SECOND, 'last7', '2026-11-19', '2026-11-25'],
  ['23:59:59 IST', LAST_SECOND, 'last15', '2026-11-11', '2026-11-25'],
  ['23:59:59 IST', LAST_SECOND, 'last30', '2026-10-27', '2026-11-25'],
  ['23:59:59 IST', LAST_SECOND, 'thisMonth', '2026-11-01', '2026-11-25'],
  ['23:59:59 IST', LAST_SECOND, 'lastMonth', '2026-10-01', '2026-10-31'],
  ['00:00:00 IST', FIRST_SECOND, 'today', '2026-11-26', '2026-11-26'],
  ['00:00:00 IST', FIRST_SECOND, 'yesterday', '2026-11-25', '2026-11-25'],
  ['00:00:00 IST', FIRST_SECOND, 'last7', '2026-11-20', '2026-11-26'],
  ['00:00:00 IST', FIRST_SECOND, 'last15', '2026-11-12', '2026-11-26'],
  ['00:00:00 IST', FIRST_SECOND, 'last30', '2026-10-28', '2026-11-26'],
  // 1 Dec 00:00 IST is 30 Nov 18:30 UTC: the month has turned in India only.
  ['1 Dec 00:00:00 IST', new Date('2026-11-30T18:30:00.000Z'), 'thisMonth', '2026-12-01', '2026-12-01'],
  ['1 Dec 00:00:00 IST', new Date('2026-11-30T18:30:00.000Z'), 'lastMonth', '2026-11-01', '2026-11-30'],
  ['1 Dec 00:00:00 IST', new Date('2026-11-30T18:30:00.000Z'), 'yesterday', '2026-11-30', '2026-11-30'],
  ['30 Nov 23:59:59 IST', new Date('2026-11-30T18:29:59.000Z'), 'thisMonth', '2026-11-01', '2026-11-30'],
  ['30 Nov 23:59:59 IST', new Date('2026-11-30T18:29:59.000Z'), 'lastMonth', '2026-10-01', '2026-10-31'],
  // 1 Jan 2027 05:00 IST is still 31 Dec 2026 in UTC: the year turns too.
  ['1 Jan 05:00 IST', new Date('2026-12-31T23:30:00.000Z'), 'today', '2027-01-01', '2027-01-01'],
  ['1 Jan 05:00 IST', new Date('2026-12-31T23:30:00.000Z'), 'yesterday', '2026-12-31', '2026-12-31'],
  ['1 Jan 05:00 IST', new Date('2026-12-31T23:30:00.000Z'), 'lastMonth', '2026-12-01', '2026-12-31'],
  ['1 Jan 05:00 IST', new Date('2026-12-31T23:30:00.000Z'), 'last7', '2026-12-26', '2027-01-01'],
  ['1 Mar 2028 (leap year)', new Date('2028-03-01T06:00:00.000Z'), 'lastMonth', '2028-02-01', '2028-02-29'],
  ['1 Mar 2027', new Date('2027-03-01T06:00:00.000Z'), 'yesterday', '2027-02-28', '2027-02-28'],
  ['31 Mar 2027', new Date('2027-03-31T06:00:00.000Z'), 'lastMonth', '2027-02-01', '2027-02-28'],
  ['31 Mar 2027', new Date('2027-03-31T06:00:00.000Z'), 'last30', '2027-03-02', '2027-03-31'],
];

describe('presetRange: IST calendar days', () => {
  it.each(CASES)('at %s, %s runs from %s to %s', (_at, now, preset, from, to) =>
    expect(presetRange(preset, now)).toEqual({ from, to }),
  );

  it('has a case for every preset', () => expect(new Set(CASES.map((c) => c[2]))).toEqual(new Set(DATE_PRESETS)));

  it('turns the day exactly 19,800,000 ms after UTC midnight', () => {
    const utcMidnight = Date.UTC(2026, 10, 25);
    expect(IST_OFFSET_MS).toBe(19_800_000);
    expect(presetRange('today', new Date(utcMidnight - IST_OFFSET_MS - 1)).from).toBe('2026-11-24');
    expect(presetRange('today', new Date(utcMidnight - IST_OFFSET_MS)).from).toBe('2026-11-25');
    expect(presetRange('today', new Date(utcMidnight + DAY - IST_OFFSET_MS - 1)).from).toBe('2026-11-25');
  });

  it.each(DATE_PRESETS)('%s is a valid range', (preset) =>
    expect(isValidRange(presetRange(preset, LAST_SECOND))).toBe(true),
  );
});

describe('ranges', () => {
  it.each([
    ['2026-11-25', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2026-13-01', false],
    ['2026-11-5', false],
    ['', false],
  ])('isDay(%j) is %s', (day, ok) => expect(isDay(day)).toBe(ok));

  it.each([
    [{ from: '2026-11-25', to: '2026-11-25' }, true],
    [{ from: '2026-11-01', to: '2026-11-25' }, true],
    [{ from: '2026-11-26', to: '2026-11-25' }, false],
    [{ from: '', to: '2026-11-25' }, false],
  ])('isValidRange(%j) is %s', (range, ok) => expect(isValidRange(range)).toBe(ok));

  it('writes a day as dd/mm/yyyy', () => expect(formatDay('2026-11-05')).toBe('05/11/2026'));
});

describe('bucketLabel', () => {
  it.each([
    ['2026-11-25T13:00:00+05:30', 'hour', '13:00'],
    ['2026-11-25T00:00:00+05:30', 'hour', '00:00'],
    ['2026-11-25T23:00:00+05:30', 'hour', '23:00'],
    ['2026-11-25T00:00:00+05:30', 'day', '25/11'],
    ['2026-12-01T00:00:00+05:30', 'day', '01/12'],
    // The same instants written in UTC read the same in IST.
    ['2026-11-24T18:30:00.000Z', 'day', '25/11'],
    ['2026-11-25T07:30:00.000Z', 'hour', '13:00'],
    ['not a date', 'day', ''],
  ] as const)('%s by %s is %j', (at, bucket, label) => expect(bucketLabel(at, bucket)).toBe(label));
});
