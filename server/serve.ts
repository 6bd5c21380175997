import { buildApp } from './app';
import type { Config } from './config';
import { attachDatabase, openDatabase } from './database';
import type { EmbeddedPostgres } from './db/embedded';
import { seedDemo } from './demo/seed';
import { DEMO_SEED_SECONDS, demoToSeed, seedDemoHistory } from './demo/seed-history';
import { pointDemoMerchantsAt } from './demo/demo-urls';
import { setPasswordHashCost } from './services/identity/passwords';
import { buildDashboardIfStale } from './build';

/**
 * A line for the person who started the server, on a line of its own: the log is flushed first, so
 * no log line written before it comes out after it or through it.
 */
const say = async (app: { log: unknown }, line: string) => {
  const log = app.log as { flush?: (done: () => void) => void };
  if (log.flush) await new Promise<void>((resolve) => log.flush!(() => resolve()));
  console.log(line);
};

/** Opens the database (the embedded one already started, or DATABASE_URL), serves, and stops in order on a signal. */
export const serve = async (config: Config, embedded: EmbeddedPostgres | undefined) => {
  if (process.argv.includes('--build-if-stale')) await buildDashboardIfStale(config.distDir);
  const database = embedded
    ? await attachDatabase(embedded, config.pools)
    : await openDatabase(config.databaseUrl!, config.pools);
  // Before the demo seed hashes its passwords.
  setPasswordHashCost(config.passwordHashCost);
  let demoSeeded = () => {};
  const app = await buildApp({
    database,
    config,
    demoSeeded: new Promise<void>((resolve) => (demoSeeded = resolve)),
    // Redaction and the error serializer are applied by buildApp (server/logging.ts).
    logger: { level: config.logLevel },
  });
  // Requests drain first, then the pool ends, then the embedded PostgreSQL stops.
  app.addHook('onClose', () => database.close());
  const fresh = config.seedDemo && (await demoToSeed(database.db));
  if (fresh) await say(app, `Seeding the demo, about ${DEMO_SEED_SECONDS} seconds…`);
  const seeded = fresh && (await seedDemo(database.db));
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
  // The demo merchants' customers come back to this server's page, wherever it listens this time.
  if (config.seedDemo) await pointDemoMerchantsAt(database.db, config.publicUrl ?? `http://localhost:${port}`);
  // The demo's history goes through the running services, and its callbacks to this server's receiver.
  if (seeded)
    await seedDemoHistory(
      database.db,
      {
        uploadsDir: config.uploadsDir,
        callbackBase: `http://127.0.0.1:${port}`,
        ttlMinutes: config.payinTtlMinutes,
        checkerThresholdPaise: config.payoutCheckerThresholdRupees * 100,
      },
      app.log,
    );
  demoSeeded();
  const where = embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  await say(app, `Payment-Gateway console ready at http://localhost:${port} (${where})`);
};
