import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../app-config';
import type { Db } from '../db';
import type { UrlPolicy } from '../services/callbacks/callback-urls';
import { writeToOutbox } from '../services/common/outbox';
import type { LiveHub } from '../services/events/live-events';
import type { AuthOptions } from '../services/identity/auth';
import { ekoSetupFrom, type EkoSetup } from '../services/payouts/payout-eko';
import type { ProviderEnv } from '../services/providers/provider-config';

/** What the /v1 route plugins are given: each reads its part (a Pick of this). */
export interface RouteSettings {
  db: Db;
  hub: LiveHub;
  auth: AuthOptions;
  /** Where a reset link is delivered (the outbox while no mail transport is configured). */
  deliverResetLink: (userName: string, token: string) => Promise<void>;
  /** Merchants' site, return and callback URLs: https on the public internet unless configured otherwise. */
  urls: UrlPolicy;
  /** The console's public address ('' when unset: then the request's own). */
  publicUrl: string;
  ttlMinutes: number;
  /** Maker-checker: larger amounts wait for a second staff user. */
  checkerThresholdPaise: number;
  /** Eko when configured, else undefined: the routes answer that it is absent. */
  eko?: EkoSetup;
  /** Issue 14: the providers' fields from the environment. */
  providers: ProviderEnv;
  /** How often an open live stream is pinged (tests shorten it). */
  pingMs?: number;
  idleTimeoutSeconds?: number;
  seedDemo: boolean;
  /** Requests per minute: per IP, or per API key for the merchants' API. */
  rateLimits: { auth: number; merchantApi: number; payPage: number; webhook: number; webhookUnverified: number };
}

export const routeSettings = (
  app: Pick<FastifyInstance, 'log'>,
  config: AppConfig,
  { db, hub }: { db: Db; hub: LiveHub },
): RouteSettings => ({
  db,
  hub,
  auth: {
    tokenTtlSeconds: config.tokenTtlSeconds,
    maxFailedLogins: config.maxFailedLogins,
    resetTokenTtlMinutes: config.resetTokenTtlMinutes,
    require2faRoles: config.require2faRoles ?? [],
  },
  // No mail transport yet: the link waits in the outbox, never in the log (issue 9, item 6).
  deliverResetLink: async (userName, token) => {
    const link = `${config.publicUrl ?? ''}/reset-password?token=${token}`;
    await writeToOutbox(db, 'password-resets', { userName, link });
    app.log.info({ userName, outbox: 'password-resets' }, 'password reset link written to the outbox');
  },
  urls: { allowPrivate: config.allowPrivateCallbackUrls ?? false },
  publicUrl: config.publicUrl ?? '',
  ttlMinutes: config.payinTtlMinutes ?? 10,
  checkerThresholdPaise: (config.payoutCheckerThresholdRupees ?? 1_00_000) * 100,
  eko: ekoSetupFrom(config),
  providers: config.providers ?? {},
  pingMs: config.livePingMs,
  idleTimeoutSeconds: config.idleTimeoutSeconds,
  seedDemo: config.seedDemo ?? false,
  rateLimits: {
    auth: config.authRateLimitPerMinute,
    merchantApi: config.merchantApiRateLimitPerMinute ?? 600,
    payPage: config.payPageRateLimitPerMinute ?? 120,
    webhook: config.webhookRateLimitPerMinute ?? 600,
    webhookUnverified: config.webhookUnverifiedRateLimitPerMinute ?? 60,
  },
});
