import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionRow } from './session-cache';

const ROW: SessionRow = {
  revokedAt: null,
  revokedReason: null,
  expiresAt: new Date(Date.now() + 3_600_000),
  seenSecondsAgo: 5,
  mustChangePassword: false,
  enabled: true,
  role: 'ADMIN',
  userName: 'admin',
  merchantCodes: [],
  vendorCode: null,
};

const listening = () => {
  const cache = new SessionCache();
  cache.ready();
  return cache;
};

describe('SessionCache', () => {
  it('serves nothing until it listens, and nothing once the listener is lost', () => {
    const cache = new SessionCache();
    cache.keep(cache.mark(), 's1', 'u1', ROW);
    expect(cache.get('s1', 'u1')).toBeUndefined();
    cache.ready();
    cache.keep(cache.mark(), 's1', 'u1', ROW);
    expect(cache.get('s1', 'u1')?.row).toBe(ROW);
    cache.lost();
    expect(cache.get('s1', 'u1')).toBeUndefined();
    cache.ready();
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it('keeps the idle clock from the database: seconds since last seen carry on from what was read', () => {
    const cache = listening();
    cache.keep(cache.mark(), 's1', 'u1', { ...ROW, seenSecondsAgo: 42 });
    expect(cache.get('s1', 'u1')!.seenSecondsAgo).toBeGreaterThanOrEqual(42);
    cache.seen('s1');
    expect(cache.get('s1', 'u1')!.seenSecondsAgo).toBeLessThan(42);
  });

  it('does not keep a read that an announcement overtook', () => {
    const cache = listening();
    const before = cache.mark();
    cache.hear('s:s1');
    cache.keep(before, 's1', 'u1', ROW);
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it('drops the announced session, every session of an announced user, and not the others', () => {
    const cache = listening();
    for (const [s, u] of [
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
    ])
      cache.keep(cache.mark(), s, u, ROW);
    cache.hear('u:u1');
    expect(cache.get('s1', 'u1')).toBeUndefined();
    expect(cache.get('s2', 'u1')).toBeUndefined();
    expect(cache.get('s3', 'u2')).toBeDefined();
    cache.hear('s:s3');
    expect(cache.get('s3', 'u2')).toBeUndefined();
  });

  it("never answers for a session with another user's id", () => {
    const cache = listening();
    cache.keep(cache.mark(), 's1', 'u1', ROW);
    expect(cache.get('s1', 'u2')).toBeUndefined();
  });
});
