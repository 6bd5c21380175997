import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db';
import { settlementRoutes } from './settlements';
import { settlementBalanceRoutes } from './settlement-balances';
import { reconciliationRoutes } from './reconciliation';

/**
 * The Accounts API (issue 12): merchant settlements, vendor settlements, chargebacks and the
 * reconciliation check. Each part registers its own routes here.
 */
export const moneyRoutes: FastifyPluginAsync<{ db: Db; checkerThresholdPaise: number }> = async (
  app,
  { db, checkerThresholdPaise },
) => {
  await app.register(settlementRoutes, { db, checkerThresholdPaise });
  await app.register(settlementBalanceRoutes, { db });
  await app.register(reconciliationRoutes, { db });
};
