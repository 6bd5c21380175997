import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { seedDemo } from './db/seed';
import { buildDashboardIfStale } from './build';

const start = async () => {
  const config = loadConfig();
  if (process.argv.includes('--build-if-stale')) await buildDashboardIfStale(config.distDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    database,
    config,
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-api-key"]'] },
  });
  app.addHook('onClose', () => database.close());
  if (config.seedDemo && (await seedDemo(database.db)))
    app.log.info('demo data created (users in README.md, password Demo@1234)');

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
  const where = database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  console.log(`Payment-Gateway console ready at http://localhost:${port} (${where})`);
};

start().catch((error: Error) => {
  console.error(`Could not start: ${error.message}`);
  process.exit(1);
});
