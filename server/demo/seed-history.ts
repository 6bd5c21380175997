import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { users } from '../db/schema';
import { dateJournalsAtTheirEvents } from '../services/ledger/rollups';
import { seedDemoDeposits } from './seed-deposits';
import { seedDemoPayouts } from './seed-payouts';
import { seedDemoSettlements } from './seed-settlements';

/**
 * How long the whole demo seed takes, said before it starts: measured from that line to the ready
 * line of `npm start` on the project's 2-core machine (9.4 s and 9.2 s, two runs on fresh folders).
 */
export const DEMO_SEED_SECONDS = 10;

/** Whether the demo is still to be seeded: it goes only into a database without users. */
export const demoToSeed = async (db: Db) => (await db.select({ n: count() }).from(users))[0].n === 0;

export interface HistoryOptions {
  /** This server's own address: the demo merchants call back to its receiver. */
  callbackBase: string;
  ttlMinutes: number;
  checkerThresholdPaise: number;
}

/**
 * The demo's history, once the server listens (its callbacks go to this server's demo receiver):
 * deposits, then pay-outs (their holds need the balance those gave the merchants), then settlements
 * and chargebacks (each cut to what its merchant has left); last, the journals are dated over the
 * demo's past days and the boards' rollups built.
 */
export const seedDemoHistory = async (db: Db, opts: HistoryOptions, log: FastifyBaseLogger) => {
  const { callbackBase, ttlMinutes, checkerThresholdPaise } = opts;
  if (await seedDemoDeposits(db, { callbackBase, ttlMinutes })) log.info('demo deposits created');
  if (await seedDemoPayouts(db, { callbackBase, checkerThresholdPaise })) log.info('demo pay-outs created');
  if (await seedDemoSettlements(db)) log.info('demo settlements and chargebacks created');
  await dateJournalsAtTheirEvents(db);
};
