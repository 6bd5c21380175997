import path from 'node:path';
import type { Role } from '../domain/roles';
import type { Pools } from './db';
import type { EkoConfig } from './services/payouts/eko-client';
import {
  DEFAULT_2FA_ROLES,
  drainSecondsFrom,
  ekoConfigFrom,
  hashCostFrom,
  jwtSecretFrom,
  metricsTokenFrom,
  parseDuration,
  parseRoles,
  parseSwitch,
  parseTrustProxy,
  poolsFrom,
  positiveInt,
} from './config-parsers';
// Where other modules and tests have always found them.
export {
  parseDuration,
  drainSecondsFrom,
  parseTrustProxy,
  parseRoles,
  DEFAULT_2FA_ROLES,
  parseSwitch,
  MIN_JWT_SECRET_BYTES,
  poolsFrom,
  MIN_METRICS_TOKEN_LENGTH,
  ekoConfigFrom,
} from './config-parsers';
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
