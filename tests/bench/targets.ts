import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { DEFAULT_HASH_COST, setPasswordHashCost } from '../../server/services/identity/passwords';
import { buildApp, type App } from '../../server/app';
import type { Database } from '../../server/db';
import { openDatabase, openEmbeddedDatabase } from '../../server/database';
import { seedDemo } from '../../server/demo/seed';
import { testConfig } from '../support/server';
import { onCleanup } from './cleanup';

export type Engine = 'embedded' | 'postgres';
export const ENGINE_LABEL: Record<Engine, string> = {
  embedded: 'embedded PostgreSQL',
  postgres: "the system's PostgreSQL",
};

/** A fresh temp folder, removed at cleanup. */
export const tempDir = (prefix: string): { dir: string; remove: () => Promise<void> } => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = onCleanup(`temp folder ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return { dir, remove };
};

/** Whether the PostgreSQL server answers; the reason when it does not. */
export const postgresReachable = async (url: string): Promise<string | null> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
};

const withAdmin = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/**
 * Drops a throwaway database once its connections are gone. The pool's end() resolves before its
 * clients' sockets have closed; dropping WITH (FORCE) at that moment makes the server terminate
 * them, and an idle pool client then reports an error: so wait for them to leave first.
 */
const dropDatabase = (url: string, name: string) =>
  withAdmin(url, async (client) => {
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

/** Errors idle PostgreSQL pool clients reported (reported with the results). */
export const poolErrors: string[] = [];

export interface OpenedDatabase {
  database: Database;
  engine: Engine;
  /** Where it lives: a temp data folder or a throwaway database name. */
  where: string;
  version: string;
  /** The throwaway database's connection URL (PostgreSQL only). */
  url?: string;
  close: () => Promise<void>;
}

/**
 * A database as the server opens it in production: the embedded PostgreSQL on a data folder (a fresh temp folder),
 * or a pool (default size) on a throwaway database of the local PostgreSQL server, dropped at close.
 */
export const openBenchDatabase = async (engine: Engine, postgresUrl: string): Promise<OpenedDatabase> => {
  let database: Database;
  let where: string;
  let dispose: () => Promise<void>;
  let databaseUrl: string | undefined;
  if (engine === 'embedded') {
    const tmp = tempDir('pgc-bench-embedded-');
    database = await openEmbeddedDatabase(tmp.dir);
    const db = database;
    const closeDb = onCleanup('embedded database', () => db.close());
    where = 'temp data folder';
    dispose = async () => {
      await closeDb();
      await tmp.remove();
    };
  } else {
    const name = `pgc_bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await withAdmin(postgresUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const drop = onCleanup(`database ${name}`, () => dropDatabase(postgresUrl, name));
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    try {
      database = await openDatabase(url.toString());
    } catch (error) {
      await drop();
      throw error;
    }
    const db = database;
    // An idle pool client whose connection ends (server restart, forced drop) makes the pool emit
    // 'error'; unheard, that would end this process. Note it and carry on: the pool replaces it.
    const pool = (db.db as unknown as { $client: pg.Pool }).$client;
    pool.on('error', (error) => poolErrors.push(`${name}: ${error.message}`));
    const closePool = onCleanup('database pool', () => db.close());
    where = `throwaway database ${name}`;
    dispose = async () => {
      await closePool();
      await drop();
    };
  }
  const result = (await database.db.execute(sql`select current_setting('server_version') as v`)) as unknown as {
    rows: { v: string }[];
  };
  // Just the number: the build note after it names the packager.
  const version = (result.rows[0]?.v ?? '?').replace(/\s*\(.*\)\s*$/, '');
  return { database, engine, where, version, url: databaseUrl, close: dispose };
};

export interface Listening {
  url: string;
  close: () => Promise<void>;
}

/** The real app (demo data, sign-in limit raised) listening on 127.0.0.1. */
export const startApp = async (database: Database): Promise<Listening & { app: App }> => {
  // Production's password hashing work, for the sign-in figures.
  setPasswordHashCost(DEFAULT_HASH_COST);
  await seedDemo(database.db);
  const config = testConfig({ authRateLimitPerMinute: 1_000_000, passwordHashCost: DEFAULT_HASH_COST });
  const app = await buildApp({ database, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const close = onCleanup('app', () => app.close());
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close };
};

export const BARE_BODY = { data: { status: 'ok' } };

/** A bare Fastify instance with one constant JSON route: the ceiling of this machine and runtime. */
export const startBare = async (): Promise<Listening> => {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => BARE_BODY);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const close = onCleanup('bare server', () => app.close());
  return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close };
};
