import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db';
import type { Config } from '../config';
import { ekoClient } from '../services/payouts/eko-client';
import { payoutRoutes } from './payouts';
import { payoutEkoRoutes } from './payout-eko';
import { payoutAdminRoutes } from './payout-admin';

export type WithdrawalConfig = Partial<
  Pick<
    Config,
    | 'payoutCheckerThresholdRupees'
    | 'eko'
    | 'ekoInquiryIntervalMs'
    | 'ekoNotFoundGraceSeconds'
    | 'webhookRateLimitPerMinute'
  >
>;

/** The Withdrawal screens' API (issue 11): the staff routes, New Payout and corrections, and Eko when configured. */
export const withdrawalRoutes: FastifyPluginAsync<{ db: Db; config: WithdrawalConfig }> = async (
  app,
  { db, config },
) => {
  const checkerThresholdPaise = (config.payoutCheckerThresholdRupees ?? 1_00_000) * 100;
  const eko = config.eko
    ? {
        client: ekoClient(config.eko),
        notFoundGraceSeconds: config.ekoNotFoundGraceSeconds ?? 900,
        intervalMs: config.ekoInquiryIntervalMs ?? 30_000,
        timeoutMs: config.eko.timeoutMs,
      }
    : undefined;
  await app.register(payoutRoutes, { db, checkerThresholdPaise, eko });
  await app.register(payoutAdminRoutes, { db });
  await app.register(payoutEkoRoutes, {
    db,
    eko,
    checkerThresholdPaise,
    webhookRateLimitPerMinute: config.webhookRateLimitPerMinute ?? 600,
  });
};
