import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { sessions, users } from '../../db/schema';
import { unauthorized } from '../../errors';
import { ACCOUNT_DISABLED, type TokenClaims } from './auth';
import type { SessionUser } from '../common/session-user';
import type { SessionCache, SessionRow } from './session-cache';

/**
 * The check every signed-in request makes of its session (services/identity/auth.ts starts and ends
 * sessions): revoked, expired, disabled or idle ends it; a session checked lately is read from the
 * server's memory (services/identity/session-cache.ts).
 */

/** 30 minutes, 1 hour, 90 seconds: an idle timeout as a person says it. */
export const describeDuration = (seconds: number): string => {
  const [n, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
};

export const DEFAULT_IDLE_TIMEOUT_SECONDS = 30 * 60;
/** lastSeenAt is written at most this often per session: the idle check needs no write per request. */
export const LAST_SEEN_RESOLUTION_SECONDS = 60;

export const idleMessage = (idleTimeoutSeconds: number) =>
  `Your session ended after ${describeDuration(idleTimeoutSeconds)} without activity. Please sign in again.`;

const since = (seconds: number) =>
  sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${seconds})`.mapWith(Boolean);

/**
 * The session check every signed-in request makes when the server does not hold the session in
 * memory, as a named statement: PostgreSQL parses and plans it once per connection.
 */
const sessionQuery = (db: Db) =>
  db
    .select({
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      expiresAt: sessions.expiresAt,
      // Idleness is judged by the database's clock, the one that wrote lastSeenAt.
      seenSecondsAgo: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::float8`.mapWith(Number),
      mustChangePassword: users.mustChangePassword,
      enabled: users.enabled,
      role: users.role,
      userName: users.userName,
      merchantCodes: users.merchantCodes,
      vendorCode: users.vendorCode,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .prepare('active_session');
const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

const readSession = async (db: Db, claims: Pick<TokenClaims, 'id' | 'jti'>): Promise<SessionRow | undefined> => {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = sessionQuery(db)));
  const [row] = await query.execute({ sessionId: claims.jti, userId: claims.id });
  return row;
};

/**
 * The signed-in user behind a verified token, or 401 when its session has ended (revoked, expired
 * or idle). With a session cache (services/identity/session-cache.ts) a session checked lately costs no query.
 */
export const activeSession = async (
  db: Db,
  claims: TokenClaims,
  idleTimeoutSeconds = DEFAULT_IDLE_TIMEOUT_SECONDS,
  cache?: SessionCache,
): Promise<SessionUser> => {
  const held = cache?.get(claims.jti, claims.id);
  // A session that looks idle from here is judged by the database (another server may have seen it).
  const fresh = held && held.seenSecondsAgo <= idleTimeoutSeconds && held.row.expiresAt.getTime() > Date.now();
  let row: SessionRow;
  let seenSecondsAgo: number;
  if (fresh) {
    row = held.row;
    seenSecondsAgo = held.seenSecondsAgo;
  } else {
    const generation = cache?.mark() ?? 0;
    const read = await readSession(db, claims);
    if (!read) throw unauthorized('Your session is not valid. Please sign in again.');
    row = read;
    seenSecondsAgo = read.seenSecondsAgo;
    if (!row.revokedAt && row.enabled && row.expiresAt.getTime() > Date.now() && seenSecondsAgo <= idleTimeoutSeconds)
      cache?.keep(generation, claims.jti, claims.id, row);
  }
  refuseEnded(row, idleTimeoutSeconds);
  if (seenSecondsAgo > idleTimeoutSeconds) {
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'idle' })
      .where(and(eq(sessions.id, claims.jti), isNull(sessions.revokedAt)));
    cache?.forget(claims.jti);
    throw unauthorized(idleMessage(idleTimeoutSeconds));
  }
  if (seenSecondsAgo > LAST_SEEN_RESOLUTION_SECONDS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, claims.jti), since(LAST_SEEN_RESOLUTION_SECONDS)));
    cache?.seen(claims.jti);
  }
  return userOf(claims, row);
};

/** 401 for a session revoked, expired or of a disabled user, saying which. */
const refuseEnded = (row: SessionRow, idleTimeoutSeconds: number) => {
  if (row.revokedAt) {
    throw unauthorized(
      row.revokedReason === 'overridden'
        ? 'Your session was ended because you signed in somewhere else.'
        : row.revokedReason === 'idle'
          ? idleMessage(idleTimeoutSeconds)
          : 'Your session has ended. Please sign in again.',
    );
  }
  if (row.expiresAt.getTime() <= Date.now()) throw unauthorized('Your session has expired. Please sign in again.');
  if (!row.enabled) throw unauthorized(ACCOUNT_DISABLED);
};

// Role and codes come from the database, not the token, so a change takes effect at once.
const userOf = (claims: Pick<TokenClaims, 'id' | 'jti'>, row: SessionRow): SessionUser => ({
  id: claims.id,
  userName: row.userName,
  role: row.role,
  merchantCodes: row.merchantCodes,
  vendorCode: row.vendorCode,
  sessionId: claims.jti,
  mustChangePassword: row.mustChangePassword,
});

/**
 * A live stream's session, checked again at each of its pings (routes/events.ts): read from the
 * database, never from this server's memory, so an end another server saw is seen too; and not
 * counted as the user's activity, so an idle session ends its streams.
 */
export const streamSession = async (
  db: Db,
  user: Pick<SessionUser, 'id' | 'sessionId'>,
  idleTimeoutSeconds = DEFAULT_IDLE_TIMEOUT_SECONDS,
): Promise<SessionUser> => {
  const claims = { id: user.id, jti: user.sessionId };
  const row = await readSession(db, claims);
  if (!row) throw unauthorized('Your session is not valid. Please sign in again.');
  refuseEnded(row, idleTimeoutSeconds);
  if (row.seenSecondsAgo > idleTimeoutSeconds) throw unauthorized(idleMessage(idleTimeoutSeconds));
  return userOf(claims, row);
};
