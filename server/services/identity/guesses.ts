import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { AppError } from '../../errors';
import { assertHashingCapacity, type HashLane } from './passwords';

/**
 * Password guessing (issue 9, item 4). Every password check — sign-in, a confirmation, a
 * password change, a two-factor code — first reserves an attempt under two keys: the user name at
 * the client's address, and the address alone. The reservation is one atomic statement, so
 * parallel guesses cannot overrun the limit; a right answer gives the attempt back.
 *
 * - A user name at an address: the first guesses are free, then each waits longer (1 s, 2 s,
 *   4 s, …), and after `maxFailures` that address may not try that user again until the window
 *   ends. The real user at another address is not affected: a stranger cannot lock them out.
 * - An address, whatever the user names: refused after `maxFailures × ADDRESS_FACTOR` failures in
 *   the window (a guesser trying many user names).
 */
export interface GuessPolicy {
  /** Failed guesses for one user name from one address in the window before that pair is refused. */
  maxFailures: number;
  /** The window over which failures count. */
  windowSeconds: number;
}

export const ADDRESS_FACTOR = 10;
/** Guesses before the progressive delay starts. */
const FREE_GUESSES = 2;
const MAX_DELAY_SECONDS = 60;

/** Seconds to wait after the nth failure of a user name at an address (0 for the first free ones). */
export const delayAfter = (failures: number): number =>
  failures <= FREE_GUESSES ? 0 : Math.min(MAX_DELAY_SECONDS, 2 ** (failures - FREE_GUESSES));

const userKey = (userName: string, ip: string | undefined) => `user:${userName.trim().toLowerCase()}@${ip ?? '-'}`;
const addressKey = (ip: string | undefined) => `address:${ip ?? '-'}`;

export const TOO_MANY_GUESSES = 'TOO_MANY_GUESSES';

const refused = (seconds: number, what = 'wrong passwords', code = TOO_MANY_GUESSES) => {
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} second${seconds === 1 ? '' : 's'}`;
  const error = new AppError(429, code, `Too many ${what} from this address. Please wait ${wait} and try again.`);
  error.retryAfter = seconds;
  return error;
};

/**
 * When the next guess under a key may be evaluated after this many failures: SQL, from now().
 * A key that need not wait says so with -infinity rather than now(): now() is when a transaction
 * began, so a parallel attempt that began a moment earlier would otherwise read "not yet" and be
 * refused though nobody had failed.
 */
const NO_WAIT = sql`'-infinity'::timestamptz`;
const nextAttemptAfter = (failures: SQL, max: number, windowSeconds: number, delays: boolean) =>
  delays
    ? sql`CASE WHEN ${failures} >= ${max} THEN now() + make_interval(secs => ${windowSeconds})
               WHEN ${failures} <= ${FREE_GUESSES} THEN ${NO_WAIT}
               ELSE now() + make_interval(secs => least(${MAX_DELAY_SECONDS}, power(2, ${failures} - ${FREE_GUESSES}))) END`
    : sql`CASE WHEN ${failures} >= ${max} THEN now() + make_interval(secs => ${windowSeconds}) ELSE ${NO_WAIT} END`;

/**
 * One statement per key: count this attempt unless the key is waiting or spent. A row whose
 * window ended starts again at one. Answers the failures counted so far, this one included, or
 * the seconds to wait when refused.
 */
const reserve = async (
  db: DbOrTx,
  key: string,
  max: number,
  windowSeconds: number,
  delays: boolean,
): Promise<{ failures: number } | { waitSeconds: number }> => {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const delay = (failures: SQL) => nextAttemptAfter(failures, max, windowSeconds, delays);
  const fresh = sql`auth_guards.window_started_at <= now() - ${window}`;
  const next = sql`(CASE WHEN ${fresh} THEN 1 ELSE auth_guards.failures + 1 END)`;
  const { rows } = await db.execute<{ failures: number }>(sql`
    INSERT INTO auth_guards AS auth_guards (key, failures, window_started_at, next_attempt_at)
    VALUES (${key}, 1, now(), ${delay(sql`1`)})
    ON CONFLICT (key) DO UPDATE SET
      failures = ${next},
      window_started_at = CASE WHEN ${fresh} THEN now() ELSE auth_guards.window_started_at END,
      next_attempt_at = ${delay(next)}
    WHERE auth_guards.next_attempt_at <= now()
    RETURNING failures`);
  if (rows[0]) return { failures: Number(rows[0].failures) };
  const { rows: waiting } = await db.execute<{ wait: number }>(
    sql`SELECT ceil(extract(epoch FROM next_attempt_at - now()))::int AS wait FROM auth_guards WHERE key = ${key}`,
  );
  return { waitSeconds: Math.max(1, Number(waiting[0]?.wait ?? 1)) };
};

export interface Guess {
  /** Failed guesses of this user name at this address in the window, this one included. */
  failures: number;
  /** This many failures end the window's chances for the pair. */
  max: number;
  /** The password was right: the attempt is given back and the pair starts afresh. */
  succeeded: () => Promise<void>;
  /** The password was wrong: the wait before the next guess counts from now, not from the reservation. */
  failed: () => Promise<void>;
  /** The password could not be checked (the server was busy): the attempt is given back uncounted. */
  cancelled: () => Promise<void>;
}

/**
 * Reserves one password check for this user name from this address, or refuses with 429. `check`
 * runs the check (in the hashing lane given) and says whether the password was right; an error
 * inside it (the server too busy to hash) gives the attempt back.
 */
export const guarded = async (
  db: DbOrTx,
  policy: GuessPolicy,
  userName: string,
  ip: string | undefined,
  lane: HashLane,
  check: () => Promise<boolean>,
): Promise<{ ok: true; guess: Guess } | { ok: false; guess: Guess }> => {
  // A flood is turned away before it costs a database round trip.
  assertHashingCapacity(lane);
  const guess = await reserveGuess(db, policy, userName, ip);
  let ok: boolean;
  try {
    ok = await check();
  } catch (error) {
    await guess.cancelled();
    throw error;
  }
  if (ok) await guess.succeeded();
  else await guess.failed();
  return { ok, guess };
};

/** Reserves one password check for this user name from this address, or refuses with 429. */
export const reserveGuess = async (
  db: DbOrTx,
  policy: GuessPolicy,
  userName: string,
  ip: string | undefined,
): Promise<Guess> => {
  const byAddress = await reserve(db, addressKey(ip), policy.maxFailures * ADDRESS_FACTOR, policy.windowSeconds, false);
  if ('waitSeconds' in byAddress) throw refused(byAddress.waitSeconds);
  const byUser = await reserve(db, userKey(userName, ip), policy.maxFailures, policy.windowSeconds, true);
  if ('waitSeconds' in byUser) {
    await giveBack(db, addressKey(ip));
    throw refused(byUser.waitSeconds);
  }
  return {
    failures: byUser.failures,
    max: policy.maxFailures,
    succeeded: async () => {
      await db.execute(sql`DELETE FROM auth_guards WHERE key = ${userKey(userName, ip)}`);
      await giveBack(db, addressKey(ip));
    },
    cancelled: async () => {
      const before = sql`greatest(failures - 1, 0)`;
      const next = nextAttemptAfter(before, policy.maxFailures, policy.windowSeconds, true);
      await db.execute(
        sql`UPDATE auth_guards SET failures = ${before}, next_attempt_at = least(next_attempt_at, ${next}) WHERE key = ${userKey(userName, ip)}`,
      );
      await giveBack(db, addressKey(ip));
    },
    failed: async () => {
      const next = nextAttemptAfter(sql`failures`, policy.maxFailures, policy.windowSeconds, true);
      await db.execute(
        sql`UPDATE auth_guards SET next_attempt_at = greatest(next_attempt_at, ${next}) WHERE key = ${userKey(userName, ip)}`,
      );
    },
  };
};

/**
 * Merchant API keys are guessed like passwords: wrong ones are counted per address for a minute
 * in the same table, and past `max` the address is refused whatever key it sends for a minute.
 */
export const WRONG_KEY_WINDOW_SECONDS = 60;
export const wrongKeyGuard = (ip: string | undefined) => `api-key:${ip ?? '-'}`;

/** The 429 of an address refused for wrong API keys, after `waitSeconds` from the guard's row. */
export const tooManyWrongKeys = (waitSeconds: number) =>
  refused(Math.max(1, waitSeconds), 'wrong API keys', 'RATE_LIMITED');

/** Counts a wrong API key from this address: throws the 429 when the address is (now) refused. */
export const countWrongKey = async (db: DbOrTx, ip: string | undefined, max: number) => {
  const counted = await reserve(db, wrongKeyGuard(ip), max, WRONG_KEY_WINDOW_SECONDS, false);
  if ('waitSeconds' in counted) throw tooManyWrongKeys(counted.waitSeconds);
};

const giveBack = (db: DbOrTx, key: string) =>
  db.execute(sql`UPDATE auth_guards SET failures = greatest(failures - 1, 0) WHERE key = ${key}`);

/** Old counters serve nobody: rows whose window and wait both ended are removed now and then. */
export const forgetOldGuesses = (db: DbOrTx, windowSeconds: number) =>
  db.execute(
    sql`DELETE FROM auth_guards WHERE window_started_at <= now() - make_interval(secs => ${windowSeconds}) AND next_attempt_at <= now()`,
  );
