import { buildApp } from './app';
import type { Config } from './config';
import { attachDatabase, openDatabase } from './database';
import type { EmbeddedPostgres } from './db/embedded';
import { seedDemo } from './demo/seed';
import { seedDemoDeposits } from './demo/seed-deposits';
import { seedDemoPayouts } from './demo/seed-payouts';
import { seedDemoSettlements } from './demo/seed-settlements';
import { setPasswordHashCost } from './services/identity/passwords';
import { dateJournalsAtTheirEvents } from './services/ledger/rollups';
import { buildDashboardIfStale } from './build';

/** Opens the database (the embedded one already started, or DATABASE_URL), serves, and stops in order on a signal. */
export const serve = async (config: Config, embedded: EmbeddedPostgres | undefined) => {
  if (process.argv.includes('--build-if-stale')) await buildDashboardIfStale(config.distDir);
  const database = embedded ? await attachDatabase(embedded) : await openDatabase(config.databaseUrl!);
  // Before the demo seed hashes its passwords.
  setPasswordHashCost(config.passwordHashCost);
  const app = await buildApp({
    database,
    config,
    // Redaction and the error serializer are applied by buildApp (server/logging.ts).
    logger: { level: config.logLevel },
  });
  // Requests drain first, then the pool ends, then the embedded PostgreSQL stops.
  app.addHook('onClose', () => database.close());
  const seeded = config.seedDemo && (await seedDemo(database.db));
  if (seeded) app.log.info('demo data created (users in README.md, password Demo@1234)');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  // Deposits go through the running services, and their callbacks to the demo receiver of this server.
  if (
    seeded &&
    (await seedDemoDeposits(database.db, {
      uploadsDir: config.uploadsDir,
      callbackBase: `http://127.0.0.1:${port}`,
      ttlMinutes: config.payinTtlMinutes,
    }))
  )
    app.log.info('demo deposits created');
  // Pay-outs after the deposits: their holds need the balance those gave the merchants.
  if (
    seeded &&
    (await seedDemoPayouts(database.db, {
      callbackBase: `http://127.0.0.1:${port}`,
      checkerThresholdPaise: config.payoutCheckerThresholdRupees * 100,
    }))
  )
    app.log.info('demo pay-outs created');
  // Settlements and chargebacks last: each is cut to what its merchant has left after the pay-outs.
  if (seeded && (await seedDemoSettlements(database.db))) app.log.info('demo settlements and chargebacks created');
  // The demo's history happened over its past days: its journals are dated so, and the boards' rollups built.
  if (seeded) await dateJournalsAtTheirEvents(database.db);
  const where = embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  console.log(`Payment-Gateway console ready at http://localhost:${port} (${where})`);
};
