import { describe, expect, it, vi } from 'vitest';
import {
  IST_OFFSET_MS,
  formatDate,
  formatDateTime,
  formatRupees,
  istDayOf,
  istDayStart,
  snakeToTitle,
  todayRange,
} from './format';

describe('formatRupees', () => {
  it.each([
    [123456, '₹1,23,456.00'],
    [1234567.5, '₹12,34,567.50'],
    [0.5, '₹0.50'],
    [0, '₹0.00'],
    [7, '₹7.00'],
    [999, '₹999.00'],
    [1000, '₹1,000.00'],
    [99999.99, '₹99,999.99'],
    [10000000, '₹1,00,00,000.00'],
    [123456789012.34, '₹1,23,45,67,89,012.34'],
    [0.29, '₹0.29'],
    [1.1, '₹1.10'],
  ])('%s is %s', (amount, text) => expect(formatRupees(amount)).toBe(text));

  it('puts the minus sign before the rupee sign', () => {
    expect(formatRupees(-1234)).toBe('-₹1,234.00');
    expect(formatRupees(-0.05)).toBe('-₹0.05');
  });

  it('never shows a negative zero', () => expect(formatRupees(-0)).toBe('₹0.00'));

  it.each([[null], [undefined], [Number.NaN], [Infinity]])('shows %s as ₹0.00', (amount) =>
    expect(formatRupees(amount)).toBe('₹0.00'),
  );
});

describe('formatDate', () => {
  it('shows the IST calendar day', () => {
    expect(formatDate('2026-11-21T18:30:00Z')).toBe('22/11/2026');
    expect(formatDate('2026-11-21T18:29:59.999Z')).toBe('21/11/2026');
  });

  it('takes strings, epoch milliseconds and Date objects', () => {
    expect(formatDate(0)).toBe('01/01/1970');
    expect(formatDate(new Date('2026-03-04T00:00:00Z'))).toBe('04/03/2026');
    expect(formatDate('2026-03-04')).toBe('04/03/2026');
  });

  it.each([[null], [undefined], [''], ['not a date'], [Number.NaN]])('gives an empty string for %s', (value) =>
    expect(formatDate(value)).toBe(''),
  );

  it('agrees with the Asia/Kolkata zone', () => {
    const kolkata = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    for (const iso of [
      '2024-02-29T18:29:59Z',
      '2024-02-29T18:30:00Z',
      '2025-12-31T20:00:00Z',
      '2000-06-15T00:00:00Z',
    ]) {
      expect(formatDate(iso)).toBe(kolkata.format(new Date(iso)));
    }
  });
});

describe('formatDateTime', () => {
  it('shows IST midnight as 12 AM of the next day', () =>
    expect(formatDateTime('2026-11-21T18:30:00Z')).toBe('22/11/2026 at 12:00:00 AM'));

  it('shows the last millisecond before IST midnight as 11:59:59 PM', () =>
    expect(formatDateTime('2026-11-21T18:29:59.999Z')).toBe('21/11/2026 at 11:59:59 PM'));

  it('shows noon as 12 PM and afternoon hours with two digits', () => {
    expect(formatDateTime('2026-01-05T06:30:00Z')).toBe('05/01/2026 at 12:00:00 PM');
    expect(formatDateTime('2026-01-05T07:35:09Z')).toBe('05/01/2026 at 01:05:09 PM');
    expect(formatDateTime('2026-01-05T05:29:59Z')).toBe('05/01/2026 at 10:59:59 AM');
  });

  it('gives an empty string for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});

describe('todayRange', () => {
  it('uses a 5.5 hour offset', () => expect(IST_OFFSET_MS).toBe(5.5 * 60 * 60 * 1000));

  it('covers the IST day of the given instant', () =>
    expect(todayRange(new Date('2026-11-22T09:15:00Z'))).toEqual({
      startDate: '2026-11-21T18:30:00.000Z',
      endDate: '2026-11-22T18:29:59.999Z',
    }));

  it('starts a new day exactly at IST midnight', () => {
    expect(todayRange(new Date('2026-11-21T18:30:00.000Z')).startDate).toBe('2026-11-21T18:30:00.000Z');
    expect(todayRange(new Date('2026-11-21T18:29:59.999Z'))).toEqual({
      startDate: '2026-11-20T18:30:00.000Z',
      endDate: '2026-11-21T18:29:59.999Z',
    });
  });

  it('keeps the IST date when the UTC date is still the day before', () =>
    expect(todayRange(new Date('2026-12-31T20:00:00Z')).startDate).toBe('2026-12-31T18:30:00.000Z'));

  it('defaults to the current clock', () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T20:00:00Z') });
    try {
      expect(todayRange().startDate).toBe('2026-05-01T18:30:00.000Z');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('snakeToTitle', () => {
  it.each([
    ['IMG_PENDING', 'Img Pending'],
    ['bank_used_for', 'Bank Used For'],
    ['SUCCESS', 'Success'],
    ['already Title', 'Already title'],
    ['_leading__double_', 'Leading Double'],
    ['', ''],
  ])('%s -> %s', (value, text) => expect(snakeToTitle(value)).toBe(text));

  it('gives an empty string for null and undefined', () => {
    expect(snakeToTitle(null)).toBe('');
    expect(snakeToTitle(undefined)).toBe('');
  });
});

describe('IST calendar days', () => {
  it('start at IST midnight, 18:30 UTC the day before', () => {
    expect(istDayStart('2026-03-01')).toBe('2026-02-28T18:30:00.000Z');
    expect(istDayStart('2026-03-01', 1)).toBe('2026-03-01T18:30:00.000Z');
    expect(istDayStart('')).toBe('');
    expect(istDayStart('01/03/2026')).toBe('');
  });

  it('are read back from an instant', () => {
    expect(istDayOf('2026-02-28T18:30:00.000Z')).toBe('2026-03-01');
    expect(istDayOf('2026-02-28T18:29:59.999Z')).toBe('2026-02-28');
    expect(istDayOf(null)).toBe('');
  });
});
