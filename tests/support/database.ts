import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../server/db';
import { openDatabase } from '../../server/database';

const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

const onServer = async <T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** A file's copy of the run's demo template: CREATE DATABASE … TEMPLATE copies files, no migrations, no seed. */
const copyOf = async (client: pg.Client, name: string, template: string) => {
  // Two copies started at the same instant may see each other on the template: try again shortly.
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + attempt * 50));
    }
  }
};

/**
 * A database of its own for one test file, on the suite's PostgreSQL server (the API project's
 * global setup: TEST_DATABASE_URL or an embedded server), dropped at close. With `template`, a copy
 * of that database (the run's demo, migrated and seeded once: tests/support/demo-template.ts).
 */
export const openTestDatabase = async (
  template?: string,
  base: string = inject('testDatabaseUrl'),
  poolSize = 5,
): Promise<Database> => {
  const name = uniqueName('pgc_test');
  await onServer(base, async (client) => {
    if (template) await copyOf(client, name, template);
    else await client.query(`CREATE DATABASE ${name}`);
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString(), poolSize);
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase(base, name);
    },
  };
};

export const dropDatabase = (base: string, name: string) =>
  onServer(base, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

export const newDatabaseName = () => uniqueName('pgc_demo');
