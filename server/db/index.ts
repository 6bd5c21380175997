import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK_KEY = 7_342_001;

export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(
      `The data folder ${dir} is in use by another running server. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
}

/** Embedded PostgreSQL in a data folder (or in memory without one), owned by this process alone. */
export const openEmbedded = async (dataDir?: string): Promise<Database> => {
  let release: (() => Promise<void>) | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, { stale: 15_000, update: 5_000, lockfilePath: `${dataDir}.lock` });
    } catch (error) {
      if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirInUseError(dataDir);
      throw error;
    }
  }
  try {
    const client = await PGlite.create(dataDir);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'embedded',
      close: async () => {
        await client.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
};

/** A real PostgreSQL server through a pool; migrations run under an advisory lock so instances can start together. */
export const openPostgres = async (url: string, poolSize = 10): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection ended by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  return { db, kind: 'postgres', close: () => pool.end() };
};

export const openDatabase = (opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> =>
  opts.databaseUrl ? openPostgres(opts.databaseUrl) : openEmbedded(opts.dataDir);
