import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openEmbedded, openPostgres, type Database } from '../../server/db';

/**
 * A database of its own for one test file: an in-memory embedded PostgreSQL, or, with
 * TEST_ENGINE=postgres, a fresh database on TEST_DATABASE_URL's server, dropped at close.
 */
export const openTestDatabase = async (): Promise<Database & { engine: string }> => {
  if (process.env.TEST_ENGINE !== 'postgres') return { ...(await openEmbedded()), engine: 'embedded' };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `pgc_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    ...database,
    engine: 'postgres',
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
};
