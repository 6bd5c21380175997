import type { Config } from './config';

/** What buildApp reads of the configuration (server/config.ts; tests give their own). */
export type AppConfig = Pick<
  Config,
  | 'jwtSecret'
  | 'tokenTtlSeconds'
  | 'resetTokenTtlMinutes'
  | 'authRateLimitPerMinute'
  | 'maxFailedLogins'
  | 'distDir'
  | 'publicUrl'
> &
  Partial<
    Pick<
      Config,
      | 'trustProxy'
      | 'idleTimeoutSeconds'
      | 'require2faRoles'
      | 'allowPrivateCallbackUrls'
      | 'passwordHashCost'
      | 'payinTtlMinutes'
      | 'merchantApiRateLimitPerMinute'
      | 'merchantApiWrongKeysPerMinute'
      | 'payPageRateLimitPerMinute'
      | 'callbackWorker'
      | 'payoutCheckerThresholdRupees'
      | 'eko'
      | 'ekoInquiryIntervalMs'
      | 'ekoNotFoundGraceSeconds'
      | 'webhookRateLimitPerMinute'
      | 'webhookUnverifiedRateLimitPerMinute'
      | 'providers'
      | 'seedDemo'
      | 'metricsToken'
    >
  > & {
    /** How often the server drops expired pay-ins and polls for callbacks (tests run them on demand). */
    jobIntervalMs?: number;
    /** How often an open live stream is pinged and its session checked again (25 s; tests shorten it). */
    livePingMs?: number;
  };
