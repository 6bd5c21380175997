import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db';

/** One row written by a committed transaction: its table, the operation, and for an update the columns it changed. */
export type Written = {
  id: number;
  tbl: string;
  op: string;
  cols: string | null;
  action: string | null;
};

/**
 * Records every row that a committed transaction inserts, updates or deletes in this test
 * database, in a table of the test's own. The log is transactional: a write rolled back leaves
 * no trace, so what it shows is exactly what a request left behind. (The next transaction id
 * would be cheaper to read, but the PostgreSQL server is shared with other test databases, and
 * refused transitions lock their row FOR UPDATE, which takes a transaction id and writes nothing.)
 */
export const startWriteLog = async (db: Db) => {
  await db.execute(sql`CREATE TABLE test_writes (id bigserial PRIMARY KEY, tbl text, op text, cols text, action text)`);
  await db.execute(sql`CREATE FUNCTION test_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO test_writes (tbl, op, cols, action) VALUES (TG_TABLE_NAME, TG_OP,
        CASE WHEN TG_OP = 'UPDATE' THEN (SELECT string_agg(n.key, ',' ORDER BY n.key) FROM jsonb_each(to_jsonb(NEW)) n
          WHERE n.value IS DISTINCT FROM to_jsonb(OLD) -> n.key) END,
        CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ->> 'action' END);
      RETURN NULL;
    END $$`);
  const { rows } = await db.execute<{ name: string }>(sql`
    SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> 'test_writes'
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`);
  for (const { name } of rows)
    await db.execute(
      sql.raw(`CREATE TRIGGER test_log_write AFTER INSERT OR UPDATE OR DELETE ON ${name}
        FOR EACH ROW EXECUTE FUNCTION test_log_write()`),
    );
  let seen = Number(
    (await db.execute<{ id: string }>(sql`SELECT coalesce(max(id), 0) AS id FROM test_writes`)).rows[0].id,
  );
  return {
    tables: rows.length,
    /** The rows written since the last call. */
    since: async (): Promise<Written[]> => {
      const written = (
        await db.execute<Written>(
          sql`SELECT id::int, tbl, op, cols, action FROM test_writes WHERE id > ${seen} ORDER BY id`,
        )
      ).rows;
      if (written.length) seen = written.at(-1)!.id;
      return written;
    },
  };
};
