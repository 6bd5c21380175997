import { loadConfig } from './config';
import { startEmbeddedPostgres } from './db/embedded';

/**
 * The entry point. Only the configuration and the embedded database's starter are loaded up
 * front: PostgreSQL boots in its own process while the rest of the server's modules load.
 */
const start = async () => {
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : startEmbeddedPostgres(config.dataDir);
  embedded?.catch(() => undefined);
  try {
    const [{ serve }, server] = await Promise.all([import('./serve'), embedded]);
    await serve(config, server);
  } catch (error) {
    await (await embedded?.catch(() => undefined))?.stop();
    throw error;
  }
};

start().catch((error: Error) => {
  console.error(`Could not start: ${error.message}`);
  process.exit(1);
});
