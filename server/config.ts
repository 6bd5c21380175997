import { isIP } from 'node:net';
import path from 'node:path';
import { ROLES, isRole, type Role } from '../domain/roles';
import type { Pools } from './db';
import type { EkoConfig } from './services/payouts/eko-client';
import { WRONG_KEYS_PER_MINUTE } from './services/merchants/merchant-api-keys';
import { providerEnvFrom, type ProviderEnv } from './services/providers/provider-config';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  /** The primary's pool and the reports' pool (READ_DATABASE_URL: a streaming replica; else the primary). */
  pools: Pools;
  /** METRICS_TOKEN: GET /metrics answers only with this bearer token; unset, there is no /metrics. */
  metricsToken?: string;
  dataDir: string;
  seedDemo: boolean;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  resetTokenTtlMinutes: number;
  publicUrl?: string;
  logLevel: string;
  /** Sign-in, password and on-boarding requests per IP per minute. */
  authRateLimitPerMinute: number;
  /** Failed sign-ins per user name in 15 minutes before further attempts are refused. */
  maxFailedLogins: number;
  distDir: string;
  /** Which proxies' X-Forwarded-For to believe: none (default), a hop count, or their addresses. */
  trustProxy: false | number | string[];
  /** ALLOW_PRIVATE_CALLBACK_URLS: merchants' URLs may be http and private or loopback (never link-local). */
  allowPrivateCallbackUrls: boolean;
  /** Where earlier versions left messages for people: moved into outbox_messages on start (local-files.ts). */
  outboxDir: string;
  /** log2 of scrypt's N for new password hashes (17 = OWASP's guidance). */
  passwordHashCost: number;
  /** A signed-in session unused for longer than this has ended. */
  idleTimeoutSeconds: number;
  /** Roles that must sign in with a second factor (enrolled at their next sign-in). */
  require2faRoles: Role[];
  /** Where earlier versions kept payment screenshots: moved into stored_files on start (local-files.ts). */
  uploadsDir: string;
  /** How long a pay-in's link lives after it is created and after a bank account is assigned. */
  payinTtlMinutes: number;
  /** Merchant API requests per API key per minute. */
  merchantApiRateLimitPerMinute: number;
  /** Wrong merchant API keys per address per minute before the address is refused for a minute. */
  merchantApiWrongKeysPerMinute: number;
  /** Customer pay page API requests per IP per minute. */
  payPageRateLimitPerMinute: number;
  /** Deliver merchants' callbacks from this instance (every instance may; they share the work). */
  callbackWorker: boolean;
  /** Pay-outs above this many rupees need a second staff user to approve them (maker-checker). */
  payoutCheckerThresholdRupees: number;
  /** Eko's fund-transfer account (EKO_*): pay-outs go through Eko only when it is configured. */
  eko?: EkoConfig;
  /** How often pay-outs waiting for Eko are inquired about. */
  ekoInquiryIntervalMs: number;
  /** An Eko inquiry that finds no transfer this long after sending means Eko never took it. */
  ekoNotFoundGraceSeconds: number;
  /** Provider webhook requests per IP per minute. */
  webhookRateLimitPerMinute: number;
  /** Of those, webhooks whose signature does not verify (or whose provider is not configured). */
  webhookUnverifiedRateLimitPerMinute: number;
  /** SHUTDOWN_DRAIN_SECONDS: after SIGTERM, how long the server still serves while its ready probe fails (serve.ts). */
  shutdownDrainSeconds: number;
  /** Pay-in providers' fields from the environment (RAZORPAY_*, CASHFREE_*, PAYU_*), which win over the dashboard's. */
  providers: ProviderEnv;
}

const DURATION = /^(\d+)\s*([smhd]?)$/;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

export const parseDuration = (text: string, name: string): number => {
  const match = DURATION.exec(text.trim());
  if (!match || Number(match[1]) <= 0)
    throw new Error(`${name} must be a duration such as 3600, 30m, 12h or 1d (got "${text}")`);
  return Number(match[1]) * UNIT_SECONDS[match[2]];
};

const positiveInt = (text: string | undefined, fallback: number, name: string): number => {
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
const jwtSecretFrom = (text: string | undefined): string | undefined => {
  if (!text) return undefined;
  if (Buffer.byteLength(text, 'utf8') < MIN_JWT_SECRET_BYTES)
    throw new Error(
      `JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes long (got ${Buffer.byteLength(text, 'utf8')}); unset it to have one generated`,
    );
  return text;
};

/** PASSWORD_HASH_COST: 15 (tests) to 20; unset means OWASP's 17. */
const hashCostFrom = (text: string | undefined): number => {
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
const metricsTokenFrom = (text: string | undefined): string | undefined => {
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

export const loadConfig = (env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config => {
  const root = process.cwd();
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number (got "${env.PORT}")`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    pools: poolsFrom(env),
    metricsToken: metricsTokenFrom(env.METRICS_TOKEN),
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    seedDemo: !env.DATABASE_URL || argv.includes('--demo') || env.SEED_DEMO === '1',
    jwtSecret: jwtSecretFrom(env.JWT_SECRET),
    tokenTtlSeconds: parseDuration(env.TOKEN_TTL || '12h', 'TOKEN_TTL'),
    resetTokenTtlMinutes: positiveInt(env.RESET_TOKEN_TTL_MINUTES, 30, 'RESET_TOKEN_TTL_MINUTES'),
    publicUrl: env.PUBLIC_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    authRateLimitPerMinute: positiveInt(env.AUTH_RATE_LIMIT_PER_MINUTE, 30, 'AUTH_RATE_LIMIT_PER_MINUTE'),
    maxFailedLogins: positiveInt(env.MAX_FAILED_LOGINS, 5, 'MAX_FAILED_LOGINS'),
    distDir: path.resolve(root, env.DIST_DIR || 'dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    // On by default only with the embedded demo database, whose demo merchants call back to this machine.
    allowPrivateCallbackUrls:
      env.ALLOW_PRIVATE_CALLBACK_URLS === undefined
        ? !env.DATABASE_URL
        : parseSwitch(env.ALLOW_PRIVATE_CALLBACK_URLS, 'ALLOW_PRIVATE_CALLBACK_URLS'),
    passwordHashCost: hashCostFrom(env.PASSWORD_HASH_COST),
    outboxDir: path.resolve(root, env.OUTBOX_DIR || path.join(env.DATA_DIR || 'data', 'outbox')),
    idleTimeoutSeconds: parseDuration(env.IDLE_TIMEOUT || '30m', 'IDLE_TIMEOUT'),
    require2faRoles:
      env.REQUIRE_2FA_ROLES === undefined
        ? env.DATABASE_URL
          ? DEFAULT_2FA_ROLES
          : []
        : parseRoles(env.REQUIRE_2FA_ROLES, 'REQUIRE_2FA_ROLES'),
    uploadsDir: path.resolve(root, env.UPLOADS_DIR || path.join(env.DATA_DIR || 'data', 'uploads')),
    payinTtlMinutes: positiveInt(env.PAYIN_TTL_MINUTES, 10, 'PAYIN_TTL_MINUTES'),
    payoutCheckerThresholdRupees: positiveInt(env.PAYOUT_CHECKER_THRESHOLD, 1_00_000, 'PAYOUT_CHECKER_THRESHOLD'),
    merchantApiRateLimitPerMinute: positiveInt(
      env.MERCHANT_API_RATE_LIMIT_PER_MINUTE,
      600,
      'MERCHANT_API_RATE_LIMIT_PER_MINUTE',
    ),
    merchantApiWrongKeysPerMinute: positiveInt(
      env.MERCHANT_API_WRONG_KEYS_PER_MINUTE,
      WRONG_KEYS_PER_MINUTE,
      'MERCHANT_API_WRONG_KEYS_PER_MINUTE',
    ),
    payPageRateLimitPerMinute: positiveInt(env.PAY_PAGE_RATE_LIMIT_PER_MINUTE, 120, 'PAY_PAGE_RATE_LIMIT_PER_MINUTE'),
    eko: ekoConfigFrom(env),
    ekoInquiryIntervalMs: positiveInt(env.EKO_INQUIRY_INTERVAL_MS, 30_000, 'EKO_INQUIRY_INTERVAL_MS'),
    ekoNotFoundGraceSeconds: positiveInt(env.EKO_NOT_FOUND_GRACE_SECONDS, 900, 'EKO_NOT_FOUND_GRACE_SECONDS'),
    webhookRateLimitPerMinute: positiveInt(env.WEBHOOK_RATE_LIMIT_PER_MINUTE, 600, 'WEBHOOK_RATE_LIMIT_PER_MINUTE'),
    webhookUnverifiedRateLimitPerMinute: positiveInt(
      env.WEBHOOK_UNVERIFIED_RATE_LIMIT_PER_MINUTE,
      60,
      'WEBHOOK_UNVERIFIED_RATE_LIMIT_PER_MINUTE',
    ),
    providers: providerEnvFrom(env),
    shutdownDrainSeconds: drainSecondsFrom(env.SHUTDOWN_DRAIN_SECONDS, !env.DATABASE_URL),
    callbackWorker: env.CALLBACK_WORKER === undefined ? true : parseSwitch(env.CALLBACK_WORKER, 'CALLBACK_WORKER'),
  };
};
