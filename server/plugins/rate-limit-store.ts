import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { DbOrTx } from '../db';

/** What the plugin hands a store: its own options, and a route's (merged over them) for a child. */
interface StoreOptions {
  timeWindow?: unknown;
  max?: unknown;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}
type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** Keys this process remembers at most, per map: an old one is forgotten first. */
const REMEMBERED = 10_000;
const WARN_EVERY_MS = 60_000;

/** Windows this process keeps itself: keys known to be over their limit, and the fallback counts. */
class Windows {
  private readonly map = new Map<string, { count: number; endsAt: number }>();
  get(key: string, now: number) {
    const window = this.map.get(key);
    if (window && window.endsAt <= now) this.map.delete(key);
    return window && window.endsAt > now ? window : undefined;
  }
  set(key: string, count: number, endsAt: number) {
    this.map.delete(key);
    if (this.map.size >= REMEMBERED) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, { count, endsAt });
  }
}

/** One statement: counts the request, or starts the key's window afresh once it has ended. */
const countShared = async (db: DbOrTx, key: string, windowMs: number): Promise<Counted> => {
  const ended = sql`r.resets_at <= now()`;
  const { rows } = await db.execute<{ count: number; ttl: number }>(sql`
    INSERT INTO rate_limit_counters AS r (key, count, resets_at)
    VALUES (${key}, 1, now() + ${windowMs}::float8 * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${ended} THEN 1 ELSE r.count + 1 END,
      resets_at = CASE WHEN ${ended} THEN excluded.resets_at ELSE r.resets_at END
    RETURNING r.count, ceil(extract(epoch FROM r.resets_at - now()) * 1000)::float8 AS ttl`);
  return { current: Number(rows[0].count), ttl: Math.max(0, Number(rows[0].ttl)) };
};

/**
 * The per-minute limits' store for @fastify/rate-limit, counted in PostgreSQL so that any number of
 * servers on one database allow each limit once: one atomic upsert per request.
 *
 * A key this process has seen over its limit is refused without asking the database until its
 * window ends (a count only grows within a window), so a flood costs the database nothing.
 *
 * If the database cannot count (an error, a pool with no free connection), the request is counted
 * in this process instead: each server then allows the limit once by itself until the database
 * answers again. Refusing instead would turn a hiccup into 500s on the pay page and the merchant
 * API; letting everything through would drop the limit altogether. Nothing the limits guard relies
 * on them alone: passwords and API keys are also counted per address in the database's guess
 * counters (services/identity/guesses.ts), and webhooks are verified before they are kept.
 *
 * A limiter made with `createRateLimit` has no route: its key generator must name it.
 */
export const sharedRateLimitStore = (db: DbOrTx, log: Pick<FastifyBaseLogger, 'warn'>) => {
  const over = new Windows();
  const fallback = new Windows();
  let warnedAt = -Infinity;

  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(private readonly options: StoreOptions) {
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error('The shared rate-limit store counts plain windows only.');
      const route = options.routeInfo;
      this.prefix = route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url}` : '';
    }

    /** The plugin passes the window and the limit of the request (either may be a function of it). */
    incr(key: string, done: Done, timeWindow?: number, max?: number) {
      const windowMs = timeWindow ?? (typeof this.options.timeWindow === 'number' ? this.options.timeWindow : 60_000);
      const limit = max ?? (typeof this.options.max === 'number' ? this.options.max : Infinity);
      const id = `${this.prefix}|${key}`;
      const started = Date.now();
      const known = over.get(id, started);
      if (known) return done(null, { current: known.count + 1, ttl: known.endsAt - started });
      countShared(db, id, windowMs).then(
        (counted) => {
          if (counted.current > limit) over.set(id, counted.current, started + counted.ttl);
          done(null, counted);
        },
        (error: unknown) => {
          const now = Date.now();
          if (now - warnedAt >= WARN_EVERY_MS) {
            warnedAt = now;
            log.warn({ err: error }, 'rate limits counted by this server alone: the database did not answer');
          }
          const window = fallback.get(id, now);
          const count = (window?.count ?? 0) + 1;
          const endsAt = window?.endsAt ?? now + windowMs;
          fallback.set(id, count, endsAt);
          done(null, { current: count, ttl: endsAt - now });
        },
      );
    }

    /** Given the route's options merged over the plugin's, with `routeInfo` (the declared type says otherwise). */
    child(routeOptions: object) {
      return new SharedRateLimitStore(routeOptions as StoreOptions);
    }
  };
};

/** Counters whose window ended long ago serve nobody: removed now and then (jobs.ts). */
export const forgetEndedLimits = (db: DbOrTx) =>
  db.execute(sql`DELETE FROM rate_limit_counters WHERE resets_at <= now() - interval '1 minute'`);
