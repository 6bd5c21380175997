import { describe, expect, it } from 'vitest';
import { drainSecondsFrom, loadConfig } from './config';

describe('SHUTDOWN_DRAIN_SECONDS', () => {
  it('drains 5 s on PostgreSQL and none on the embedded database unless set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }, []).shutdownDrainSeconds).toBe(5);
    expect(loadConfig({}, []).shutdownDrainSeconds).toBe(0);
    expect(drainSecondsFrom('0', false)).toBe(0);
    expect(drainSecondsFrom(' 30 ', true)).toBe(30);
  });

  it.each(['-1', '1.5', 'ten', '301', '5s'])('refuses %s with a sentence', (text) => {
    expect(() => drainSecondsFrom(text, false)).toThrow(
      `SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 300 (got "${text}")`,
    );
  });
});
