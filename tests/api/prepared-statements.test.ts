import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf, type Database } from '../../server/db';
import { MAX_PREPARED, PreparingClient } from '../../server/db/prepared';
import { merchants } from '../../server/db/schema';
import { openTestDatabase } from '../support/database';

/** server/db/prepared.ts: the product's statements are prepared once per connection. */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const preparedOn = async (client: pg.PoolClient) =>
  (
    await client.query<{ name: string; statement: string; generic_plans: string; custom_plans: string }>(
      'SELECT name, statement, generic_plans, custom_plans FROM pg_prepared_statements',
    )
  ).rows;

describe('prepared statements', () => {
  it("the product's pool prepares a parameterised statement once per connection and runs it again by name", async () => {
    const pool = poolOf(database.db);
    const client = await pool.connect();
    try {
      const db = (await import('drizzle-orm/node-postgres')).drizzle(client);
      for (let i = 0; i < 8; i++)
        await db
          .select()
          .from(merchants)
          .where(eq(merchants.code, `M${i}`));
      const rows = (await preparedOn(client)).filter((r) => /from "merchants"/.test(r.statement));
      expect(rows).toHaveLength(1);
      expect(rows[0].name).toMatch(/^pgc_[\w-]{27}$/);
      // Eight runs of one statement: parsed once, each run planned by PostgreSQL's own rule.
      expect(Number(rows[0].generic_plans) + Number(rows[0].custom_plans)).toBe(8);
    } finally {
      client.release();
    }
  });

  it('leaves statements without parameters on the simple protocol (several in one text still run)', async () => {
    const client = await poolOf(database.db).connect();
    try {
      const result = (await client.query('SELECT 1 AS a; SELECT 2 AS b')) as unknown as pg.QueryResult[];
      expect(result.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
      expect((await preparedOn(client)).some((r) => r.statement.includes('SELECT 1 AS a'))).toBe(false);
    } finally {
      client.release();
    }
  });

  it('sees a changed table: a prepared statement is re-planned after the table it reads is altered', async () => {
    const client = await poolOf(database.db).connect();
    try {
      await client.query('CREATE TABLE prepared_probe (id int PRIMARY KEY, note text)');
      await client.query('INSERT INTO prepared_probe VALUES (1, $1)', ['one']);
      const read = () => client.query<{ note: string }>('SELECT note FROM prepared_probe WHERE id = $1', [1]);
      expect((await read()).rows).toEqual([{ note: 'one' }]);
      await client.query('DROP TABLE prepared_probe');
      await client.query('CREATE TABLE prepared_probe (id int PRIMARY KEY, extra int, note text)');
      await client.query('INSERT INTO prepared_probe VALUES (1, 0, $1)', ['two']);
      expect((await read()).rows).toEqual([{ note: 'two' }]);
      await client.query('DROP TABLE prepared_probe');
    } finally {
      client.release();
    }
  });

  it('a statement that fails to parse fails as before, and the connection goes on', async () => {
    const client = await poolOf(database.db).connect();
    try {
      await expect(client.query('SELECT nope FROM merchants WHERE code = $1', ['x'])).rejects.toThrow(/nope/);
      expect((await client.query('SELECT $1::int + 1 AS n', [1])).rows).toEqual([{ n: 2 }]);
    } finally {
      client.release();
    }
  });

  it(`prepares at most ${MAX_PREPARED} statements on a connection, then runs the rest unnamed`, async () => {
    const client = new PreparingClient({ connectionString: urlOfDatabase() });
    await client.connect();
    try {
      for (let i = 0; i < MAX_PREPARED + 20; i++) {
        const { rows } = await client.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1]);
        expect(rows[0].n).toBe(i + 1);
      }
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + %'`,
      );
      expect(Number(rows[0].n)).toBe(MAX_PREPARED);
      expect(await database.db.execute(sql`SELECT 1 AS one`)).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await client.end();
    }
  });
});

/** The URL of this file's database. */
const urlOfDatabase = () => {
  const pool = poolOf(database.db) as unknown as { options: { connectionString: string } };
  return pool.options.connectionString;
};
