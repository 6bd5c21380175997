import type { Db } from '../../db';
import { AppError } from '../../errors';
import { sameAccess } from '../../../domain/scope';
import type { SessionUser } from '../common/session-user';
import { dataScope, scopeKey, type DataScope } from '../common/scope';
import { streamSession } from '../identity/session-check';

/**
 * The open live streams' own rules (routes/events.ts; issue 29, item 7): a stream lives only as
 * long as its session and the access it was opened with, and a user holds a few at most.
 */

/** Streams one user may hold on a server: a few tabs of the console. */
export const MAX_STREAMS_PER_USER = 3;

/**
 * A fourth stream is refused rather than the oldest closed: the dashboard tries a refused stream
 * again later, while a closed one reconnects at once and would close another tab's in turn.
 */
export const TOO_MANY_STREAMS = `You have ${MAX_STREAMS_PER_USER} live lists open already. Close one, or refresh this one by hand.`;

/**
 * While the server is not listening for changes (services/events/listener.ts), a stream would
 * stay silent through what it missed: refused, and the dashboard tries again after Retry-After.
 */
export const liveUnavailable = () => {
  const error = new AppError(
    503,
    'LIVE_UNAVAILABLE',
    'Live updates are paused for a moment on this server; the list will refresh when they resume.',
  );
  error.retryAfter = 2;
  return error;
};

/** Places for streams, counted per user. */
export const streamSeats = (max = MAX_STREAMS_PER_USER) => {
  const held = new Map<string, number>();
  return {
    /** Takes a place for the user's new stream; false when they hold `max` already. */
    take: (userId: string): boolean => {
      const count = held.get(userId) ?? 0;
      if (count >= max) return false;
      held.set(userId, count + 1);
      return true;
    },
    release: (userId: string) => {
      const count = (held.get(userId) ?? 1) - 1;
      if (count > 0) held.set(userId, count);
      else held.delete(userId);
    },
  };
};

/**
 * Whether a stream may go on: its session still active (read from the database: signed out,
 * signed in elsewhere, password changed, disabled, expired or idle end it), its user's role and
 * codes as they were, and the rows they may see the same.
 */
export const stillEntitled = async (
  db: Db,
  opened: SessionUser,
  openedScope: DataScope,
  idleTimeoutSeconds: number | undefined,
): Promise<boolean> => {
  const now = await streamSession(db, opened, idleTimeoutSeconds).catch(() => null);
  if (!now || now.mustChangePassword || !sameAccess(now, opened)) return false;
  return scopeKey(await dataScope(db, now)) === scopeKey(openedScope);
};
