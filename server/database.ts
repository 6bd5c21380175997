import { attachEmbedded, openEmbedded, openPostgres, type Opening, type Pools } from './db';
import type { EmbeddedPostgres } from './db/embedded';
import { rebuildRollupsIfAsked } from './services/ledger/rollups';

/**
 * The console's database as every opener of it wants it: migrated (server/db), then, under the
 * migrations' lock, its rollups built again when something asked for it (services/ledger/rollups.ts).
 */
const opening: Opening = { afterMigrate: rebuildRollupsIfAsked };

/** PostgreSQL at a URL, through its pools (a number: the primary's pool size; 10 if left out). */
export const openDatabase = (url: string, pools?: number | Pools) => openPostgres(url, pools, opening);

/** The embedded PostgreSQL the server has started; closing the database stops it too. */
export const attachDatabase = (server: EmbeddedPostgres, pools?: Pools) => attachEmbedded(server, opening, pools);

/** The embedded PostgreSQL started in its data folder. */
export const openEmbeddedDatabase = (dataDir: string) => openEmbedded(dataDir, opening);
