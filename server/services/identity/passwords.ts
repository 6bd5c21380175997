import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';
import { PASSWORD_RULE, isStrongPassword } from '../../../domain/validation';
import { AppError, badRequest } from '../../errors';

/**
 * Hashing a password is the costliest work a stranger can ask of the server (CPU and memory), so
 * at most one hash per core runs at once and only so many wait: a flood of sign-ins is told to
 * come back instead of starving every other request. A sign-in from a browser that signed this
 * user in before (its device token, services/identity/devices.ts) waits in a lane of its own that goes
 * first, so a flood from strangers cannot starve the real users either.
 */
const hashing = new PQueue({ concurrency: Math.max(1, availableParallelism()) });
export const MAX_WAITING_HASHES = 16;
export const MAX_WAITING_TRUSTED_HASHES = 64;
export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';
const TRUSTED = 1;

export interface HashLane {
  /** The request comes from a device that signed this user in before. */
  trusted?: boolean;
}

const busy = () => {
  const error = new AppError(503, 'BUSY', SERVER_BUSY);
  error.retryAfter = 1;
  return error;
};

const full = ({ trusted = false }: HashLane) =>
  trusted
    ? hashing.sizeBy({ priority: TRUSTED }) >= MAX_WAITING_TRUSTED_HASHES
    : hashing.size - hashing.sizeBy({ priority: TRUSTED }) >= MAX_WAITING_HASHES;

/** Refuses at once, before any other work, when no hash could start soon (a sign-in flood). */
export const assertHashingCapacity = (lane: HashLane = {}) => {
  if (full(lane)) throw busy();
};

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions, lane: HashLane = {}) => {
  if (full(lane)) return Promise.reject(busy());
  return hashing.add(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
      ),
    { priority: lane.trusted ? TRUSTED : 0 },
  ) as Promise<Buffer>;
};

/** OWASP's scrypt guidance (N=2^17, r=8, p=1): 128 MiB per hash, above Node's 32 MiB default maxmem. */
export const DEFAULT_HASH_COST = 17;
export const SCRYPT_PARAMS = { N: 2 ** DEFAULT_HASH_COST, r: 8, p: 1 };

/**
 * The work of new hashes, as log2 of scrypt's N (PASSWORD_HASH_COST; the test suites use less to
 * stay quick). Stored hashes keep their own parameters; weaker ones are re-hashed at sign-in.
 */
export const setPasswordHashCost = (cost: number) => {
  if (SCRYPT_PARAMS.N === 2 ** cost) return;
  SCRYPT_PARAMS.N = 2 ** cost;
  dummyHash = undefined;
};
const KEYLEN = 32;
const maxmemFor = (N: number, r: number) => 2 * 128 * N * r;

interface Stored {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

/** scrypt$N$r$p$salt$hash, base64url parts; null when the text is not one. */
const parse = (stored: string): Stored | null => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (scheme !== 'scrypt' || !salt || !hash || ![N, R, P].every((v) => Number.isInteger(v) && v > 0)) return null;
  return { N, r: R, p: P, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
};

export const hashPassword = async (password: string): Promise<string> => {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r, p, maxmem: maxmemFor(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string, lane: HashLane = {}): Promise<boolean> => {
  const s = parse(stored);
  if (!s) return false;
  const key = await scrypt(
    password,
    s.salt,
    s.hash.length,
    { N: s.N, r: s.r, p: s.p, maxmem: maxmemFor(s.N, s.r) },
    lane,
  );
  return timingSafeEqual(key, s.hash);
};

/** A stored hash made with less work than today's: re-hashed when its owner next signs in. */
export const needsRehash = (stored: string): boolean => {
  const s = parse(stored);
  return !s || s.N < SCRYPT_PARAMS.N || s.r < SCRYPT_PARAMS.r || s.p < SCRYPT_PARAMS.p;
};

/** A hash of a random password, compared against when the user is unknown so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(12).toString('hex')));

export { PASSWORD_RULE };

/** Every new password; the ones already stored (the demo accounts' among them) keep working. */
export const checkPasswordStrength = (password: string, field = 'password') => {
  if (!isStrongPassword(password)) throw badRequest(PASSWORD_RULE, field);
};
