import { describe, expect, it } from 'vitest';
import { dayParsed, dayShown } from './DayInput';

/** Issue 31, item 7: a day is shown dd/mm/yyyy whatever the browser's language; the form holds yyyy-mm-dd. */
describe('a day typed or shown', () => {
  it('shows yyyy-mm-dd as dd/mm/yyyy, and anything else as it is', () => {
    expect(dayShown('2026-03-05')).toBe('05/03/2026');
    expect(dayShown('')).toBe('');
    expect(dayShown(null)).toBe('');
    expect(dayShown('05/0')).toBe('05/0');
  });

  it('reads dd/mm/yyyy (and a pasted yyyy-mm-dd) of a real day only', () => {
    expect(dayParsed('05/03/2026')).toBe('2026-03-05');
    expect(dayParsed(' 5/3/2026 ')).toBe('2026-03-05');
    expect(dayParsed('2026-03-05')).toBe('2026-03-05');
    expect(dayParsed('29/02/2028')).toBe('2028-02-29');
    for (const text of ['31/02/2026', '29/02/2027', '05/13/2026', '00/01/2026', '05/0', '03-05-2026', '', 'today'])
      expect(dayParsed(text), text).toBeNull();
  });
});
