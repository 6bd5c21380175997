import { isIP } from 'node:net';
import { ROLES, isRole, type Role } from '../domain/roles';
import type { Pools } from './db';
import type { EkoConfig } from './services/payouts/eko-client';

/**
 * How each setting's text becomes a value, and what a wrong one is told (config.ts reads the
 * environment through these).
 */

const DURATION = /^(\d+)\s*([smhd]?)$/;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

export const parseDuration = (text: string, name: string): number => {
  const match = DURATION.exec(text.trim());
  if (!match || Number(match[1]) <= 0)
    throw new Error(`${name} must be a duration such as 3600, 30m, 12h or 1d (got "${text}")`);
  return Number(match[1]) * UNIT_SECONDS[match[2]];
};

export const positiveInt = (text: string | undefined, fallback: number, name: string): number => {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number (got "${text}")`);
  return value;
};

/**
 * SHUTDOWN_DRAIN_SECONDS: 0 to 300; unset means 5 on PostgreSQL (long enough for a load balancer's
 * probe to see the server go) and 0 on the embedded database, which has no load balancer.
 */
export const drainSecondsFrom = (text: string | undefined, embedded: boolean): number => {
  if (text === undefined || text.trim() === '') return embedded ? 0 : 5;
  const value = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || value > 300)
    throw new Error(`SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 300 (got "${text}")`);
  return value;
};

const ADDRESS = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;

/** TRUST_PROXY: unset or off (the client is whoever connects), a hop count, or proxy addresses/CIDRs. */
export const parseTrustProxy = (text: string | undefined): false | number | string[] => {
  const value = text?.trim() ?? '';
  if (['', 'off', 'false', '0'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((a) => a.trim());
  if (list.every((a) => ADDRESS.test(a) && isIP(a.split('/')[0]) !== 0)) return list;
  throw new Error(
    `TRUST_PROXY must be off, a number of proxy hops, or a comma-separated list of proxy addresses (got "${text}")`,
  );
};

/** REQUIRE_2FA_ROLES: comma-separated roles; `none` or empty for none. */
export const parseRoles = (text: string, name: string): Role[] => {
  const names = text
    .split(',')
    .map((r) => r.trim().toUpperCase())
    .filter((r) => r !== '' && r !== 'NONE');
  const unknown = names.filter((r) => !isRole(r));
  if (unknown.length > 0)
    throw new Error(`${name} names unknown roles: ${unknown.join(', ')} (the roles are ${ROLES.join(', ')})`);
  return [...new Set(names)] as Role[];
};

/** Two-factor is required of the gateway's money roles on a real deployment, of nobody on the embedded demo. */
export const DEFAULT_2FA_ROLES: Role[] = ['ADMIN', 'TRANSACTIONS'];

/** An on/off setting: 1, true, yes or on; 0, false, no, off or unset. */
export const parseSwitch = (text: string | undefined, name: string): boolean => {
  const value = text?.trim().toLowerCase() ?? '';
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(value)) return false;
  throw new Error(`${name} must be 1 (on) or 0 (off) (got "${text}")`);
};

/** A configured signing secret must be long enough to resist guessing (HS256 wants 32 bytes or more). */
export const MIN_JWT_SECRET_BYTES = 32;
export const jwtSecretFrom = (text: string | undefined): string | undefined => {
  if (!text) return undefined;
  if (Buffer.byteLength(text, 'utf8') < MIN_JWT_SECRET_BYTES)
    throw new Error(
      `JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes long (got ${Buffer.byteLength(text, 'utf8')}); unset it to have one generated`,
    );
  return text;
};

/** PASSWORD_HASH_COST: 15 (tests) to 20; unset means OWASP's 17. */
export const hashCostFrom = (text: string | undefined): number => {
  if (text === undefined || text === '') return 17;
  const cost = Number(text);
  if (!Number.isInteger(cost) || cost < 15 || cost > 20)
    throw new Error(`PASSWORD_HASH_COST must be a whole number from 15 to 20 (got "${text}")`);
  return cost;
};

/** A whole number of milliseconds, 0 for none; unset gives the fallback. */
const millis = (text: string | undefined, fallback: number, name: string): number => {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of milliseconds, 0 for no limit (got "${text}")`);
  return value;
};

/**
 * The pools (server/db/index.ts Pools): no statement limit on the primary unless set (migrations
 * take theirs off anyway); five minutes on the reports' pool, where an export's COPY is one
 * statement that lasts as long as the download.
 */
export const poolsFrom = (env: NodeJS.ProcessEnv): Pools => {
  const readUrl = env.READ_DATABASE_URL || undefined;
  if (readUrl && !env.DATABASE_URL)
    throw new Error('READ_DATABASE_URL needs DATABASE_URL: the replica of which primary?');
  return {
    size: positiveInt(env.DATABASE_POOL_SIZE, 10, 'DATABASE_POOL_SIZE'),
    statementTimeoutMs: millis(env.DATABASE_STATEMENT_TIMEOUT_MS, 0, 'DATABASE_STATEMENT_TIMEOUT_MS'),
    read: {
      url: readUrl,
      size: positiveInt(env.READ_DATABASE_POOL_SIZE, 5, 'READ_DATABASE_POOL_SIZE'),
      statementTimeoutMs: millis(env.READ_DATABASE_STATEMENT_TIMEOUT_MS, 300_000, 'READ_DATABASE_STATEMENT_TIMEOUT_MS'),
    },
  };
};

/** A token long enough not to be guessed: whoever has it reads the server's figures. */
export const MIN_METRICS_TOKEN_LENGTH = 24;
export const metricsTokenFrom = (text: string | undefined): string | undefined => {
  if (!text) return undefined;
  if (text.length < MIN_METRICS_TOKEN_LENGTH)
    throw new Error(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long (got ${text.length})`);
  return text;
};

const EKO_REQUIRED = ['EKO_API_BASE', 'EKO_DEVELOPER_KEY', 'EKO_ACCESS_KEY', 'EKO_INITIATOR_ID'] as const;

/** Eko is configured by all four of EKO_REQUIRED, or not at all (a partial set is a mistake worth stopping for). */
export const ekoConfigFrom = (env: NodeJS.ProcessEnv): EkoConfig | undefined => {
  const missing = EKO_REQUIRED.filter((name) => !env[name]);
  if (missing.length === EKO_REQUIRED.length) return undefined;
  if (missing.length > 0) throw new Error(`Eko is configured in part: set ${missing.join(', ')} too, or none of them`);
  const apiBase = env.EKO_API_BASE!;
  if (!/^https?:\/\/[^\s]+$/.test(apiBase)) throw new Error(`EKO_API_BASE must be an http(s) URL (got "${apiBase}")`);
  return {
    apiBase,
    developerKey: env.EKO_DEVELOPER_KEY!,
    accessKey: env.EKO_ACCESS_KEY!,
    initiatorId: env.EKO_INITIATOR_ID!,
    userCode: env.EKO_USER_CODE || undefined,
    senderName: env.EKO_SENDER_NAME || 'Payment Gateway',
    timeoutMs: positiveInt(env.EKO_TIMEOUT_MS, 30_000, 'EKO_TIMEOUT_MS'),
  };
};
