import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import type { ProviderEnv } from '../services/provider-config';

/** Issue 14: /v1/webhooks/{razorpay|cashfree|payu}, verified before they are believed, and the event log. */
export const providerWebhookRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  providers: ProviderEnv;
  rateLimitPerMinute: number;
}> = async () => {};
