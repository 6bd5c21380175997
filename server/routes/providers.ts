import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import type { ProviderEnv } from '../services/provider-config';

/** Issue 14: the payment providers' accounts, set by ADMIN (GET /v1/providers, PUT /v1/providers/:provider). */
export const providerRoutes: FastifyPluginAsyncTypebox<{ db: Db; providers: ProviderEnv }> = async () => {};
