import { buildApp, type App } from './app';
import type { Config } from './config';
import { attachDatabase, openDatabase } from './database';
import type { Database } from './db';
import type { EmbeddedPostgres } from './db/embedded';
import { seedDemo } from './demo/seed';
import { DEMO_SEED_SECONDS, demoToSeed, seedDemoHistory } from './demo/seed-history';
import { pointDemoMerchantsAt } from './demo/demo-urls';
import { setPasswordHashCost } from './services/identity/passwords';
import { buildDashboardIfStale } from './build';
import { moveLocalFilesIn } from './local-files';
import { readiness, type Readiness } from './services/common/readiness';

/**
 * A line for the person who started the server, on a line of its own: the log is flushed first, so
 * no log line written before it comes out after it or through it.
 */
const say = async (app: { log: unknown }, line: string) => {
  await flushed(app);
  console.log(line);
};

const flushed = async (app: { log: unknown }) => {
  const log = app.log as { flush?: (done: () => void) => void };
  if (log.flush) await new Promise<void>((resolve) => log.flush!(() => resolve()));
};

/** Past the drain, what closing may take: the callbacks and inquiries under way end by their own time-outs. */
const CLOSE_LIMIT_MS = 45_000;

/**
 * A rolling restart that loses nothing (issue 32): on the first signal the ready probe fails at
 * once while requests are still served for the drain, so the load balancer moves on; then the live
 * streams end, the jobs stop (the callbacks under way recorded), the requests under way are
 * answered, and the pool closes last. A second signal cuts the drain short.
 */
const stopInOrder = (app: App, database: Database, life: Readiness, drainSeconds: number) => {
  let endDrain: (() => void) | undefined;
  return (signal: string) => {
    if (endDrain) return endDrain();
    const drained = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainSeconds * 1000);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    life.drain();
    app.log.info({ signal, drainSeconds }, 'shutting down: draining');
    // Connections idle now would be cut at the close, maybe as a request is sent on one.
    app.server.closeIdleConnections();
    void drained.then(async () => {
      const limit = setTimeout(() => {
        app.log.error({ limitMs: CLOSE_LIMIT_MS }, 'closing took too long; exiting');
        process.exit(1);
      }, CLOSE_LIMIT_MS);
      limit.unref();
      let code = 0;
      await app.close().catch((error: unknown) => {
        app.log.error({ err: error }, 'closing the server failed');
        code = 1;
      });
      await database.close().catch((error: unknown) => {
        app.log.error({ err: error }, 'closing the database failed');
        code = 1;
      });
      app.log.info('stopped');
      await flushed(app);
      process.exit(code);
    });
  };
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
  const life = readiness('starting');
  const app = await buildApp({
    database,
    config,
    demoSeeded: new Promise<void>((resolve) => (demoSeeded = resolve)),
    // Redaction and the error serializer are applied by buildApp (server/logging.ts).
    logger: { level: config.logLevel },
    readiness: life,
  });
  // While draining, every answer closes its connection: the client's next request opens a new
  // one, which the load balancer sends to a server that stays.
  // (A callback, not an async function: it runs for every answer and waits for nothing.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (life.phase() === 'draining') reply.header('connection', 'close');
    done(null, payload);
  });
  // Before it serves: a screenshot an earlier version kept on this disk is served by every instance.
  await moveLocalFilesIn(database.db, config, app.log);
  const fresh = config.seedDemo && (await demoToSeed(database.db));
  if (fresh) await say(app, `Seeding the demo, about ${DEMO_SEED_SECONDS} seconds…`);
  const seeded = fresh && (await seedDemo(database.db));
  if (seeded) app.log.info('demo data created (users in README.md, password Demo@1234)');

  const shutdown = stopInOrder(app, database, life, config.shutdownDrainSeconds);
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
        callbackBase: `http://127.0.0.1:${port}`,
        ttlMinutes: config.payinTtlMinutes,
        checkerThresholdPaise: config.payoutCheckerThresholdRupees * 100,
      },
      app.log,
    );
  demoSeeded();
  const where = embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  life.serve();
  await say(app, `Payment-Gateway console ready at http://localhost:${port} (${where})`);
};
