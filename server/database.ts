import { attachEmbedded, openEmbedded, openPostgres, type Opening } from './db';
import type { EmbeddedPostgres } from './db/embedded';
import { rebuildRollupsIfAsked } from './services/ledger/rollups';

/**
 * The console's database as every opener of it wants it: migrated (server/db), then, under the
 * migrations' lock, its rollups built again when something asked for it (services/ledger/rollups.ts).
 */
const opening: Opening = { afterMigrate: rebuildRollupsIfAsked };

/** PostgreSQL at a URL, through a pool of poolSize (10 if left out). */
export const openDatabase = (url: string, poolSize?: number) => openPostgres(url, poolSize, opening);

/** The embedded PostgreSQL the server has started; closing the database stops it too. */
export const attachDatabase = (server: EmbeddedPostgres) => attachEmbedded(server, opening);

/** The embedded PostgreSQL started in its data folder. */
export const openEmbeddedDatabase = (dataDir: string) => openEmbedded(dataDir, opening);
