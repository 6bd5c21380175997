import pg from 'pg';
import { openDatabase } from '../../server/database';
import { seedDemo } from '../../server/demo/seed';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import { newDatabaseName } from './database';
import { TEST_HASH_COST } from './test-config';

/**
 * The run's demo database, made once by the API project's global setup: migrated and seeded with
 * the demo data (passwords hashed at the tests' cost), nobody signed in. Each test file's server
 * copies it (CREATE DATABASE … TEMPLATE) instead of running the migrations and the seed again.
 */
export interface DemoTemplate {
  name: string;
}

export const makeDemoTemplate = async (base: string): Promise<DemoTemplate> => {
  const name = newDatabaseName();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString(), 5);
  try {
    setPasswordHashCost(TEST_HASH_COST);
    await seedDemo(database.db);
    return { name };
  } finally {
    await database.close();
  }
};
