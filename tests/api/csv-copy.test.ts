import http from 'node:http';
import { sql, type SQL } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf, type Database } from '../../server/db';
import { sendQueryCsv } from '../../server/services/common/csv';
import { csvCell } from '../../server/services/reports/report-rows';
import { withLiterals } from '../../server/services/common/sql-literals';
import { openTestDatabase } from '../support/database';

/*
 * The reports' CSV is written by PostgreSQL (COPY … TO STDOUT): the statement's parameters become
 * quoted literals (COPY takes none), each cell is formatted in SQL, and the bytes are streamed to
 * the client, whose going away ends the statement.
 */
let database: Database;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = Fastify();
  app.get('/rows/:n', async (request, reply) => {
    const { n } = request.params as { n: string };
    const query = { sql: `SELECT g, 'row ' || g, 'a,"b' FROM generate_series(1, $1::int) g`, params: [n] };
    return sendQueryCsv(reply, 'rows.csv', ['Number', 'Text', 'Quoted'], database.db, query);
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const one = async <T>(query: SQL) => (await database.db.execute(query)).rows[0] as T;
const cell = async (kind: 'time' | 'amount' | 'text', value: SQL) =>
  (await one<{ v: string | null }>(sql`SELECT ${csvCell(kind, value)}::text AS v`)).v;

describe('withLiterals', () => {
  it('means what the statement meant with its parameters, for any text, number, flag, instant or list of texts', async () => {
    const pool = poolOf(database.db);
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('\0')),
      fc.string({
        unit: fc.constantFrom("'", '\\', '"', '$', '1', 'E', ' ', ';', '-', '\n', '{', '}', ','),
        maxLength: 20,
      }),
    );
    const value = fc.oneof(
      text,
      fc.array(fc.oneof(text, fc.constant(null)), { maxLength: 5 }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 12 }), async (params) => {
        // Each read as the type it is meant as; $10 and beyond must not be read as $1 followed by a digit.
        const typeOf = (v: unknown) =>
          Array.isArray(v)
            ? 'text[]'
            : v instanceof Date
              ? 'timestamptz'
              : typeof v === 'number'
                ? 'numeric'
                : typeof v === 'boolean'
                  ? 'boolean'
                  : 'text';
        const text = `SELECT ${params.map((v, i) => `$${i + 1}::${typeOf(v)}::text AS c${i}`).join(', ')}`;
        const bound = await pool.query(text, params);
        const inlined = await pool.query(withLiterals({ sql: text, params }));
        expect(inlined.rows).toEqual(bound.rows);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a value it cannot write and a placeholder without a value', () => {
    expect(() => withLiterals({ sql: 'SELECT $1', params: [{ a: 1 }] })).toThrow(/object cannot be written/);
    expect(() => withLiterals({ sql: 'SELECT $1', params: [Number.NaN] })).toThrow(/cannot be written/);
    expect(() => withLiterals({ sql: 'SELECT $2', params: ['x'] })).toThrow(/\$2 has no value/);
  });
});

describe('csvCell', () => {
  it('writes an instant in IST: 23:59:59 IST stays on its day, 00:00:00 IST is the next', async () => {
    expect(await cell('time', sql`'2031-03-31T18:29:59Z'::timestamptz`)).toBe('31/03/2031 23:59:59');
    expect(await cell('time', sql`'2031-03-31T18:30:00Z'::timestamptz`)).toBe('01/04/2031 00:00:00');
    expect(await cell('time', sql`NULL::timestamptz`)).toBeNull();
  });

  it('writes paise as rupees with two decimals, exactly, past what a double holds', async () => {
    expect(await cell('amount', sql`123456::bigint`)).toBe('1234.56');
    expect(await cell('amount', sql`5::bigint`)).toBe('0.05');
    expect(await cell('amount', sql`-250::bigint`)).toBe('-2.50');
    expect(await cell('amount', sql`9007199254740993::bigint`)).toBe('90071992547409.93');
    expect(await cell('amount', sql`NULL::bigint`)).toBeNull();
  });

  it('puts an apostrophe before what a spreadsheet would run, and writes empty text as no value', async () => {
    for (const formula of ['=1+1', '+1', '-1', '@cmd', '\tx', '\rx', '\uFF1D1', '\uFF0B1', '\uFF0D1', '\uFF20x'])
      expect(await cell('text', sql`${formula}::text`)).toBe(`'${formula}`);
    expect(await cell('text', sql`'cust-1'::text`)).toBe('cust-1');
    expect(await cell('text', sql`'a=b'::text`)).toBe('a=b');
    expect(await cell('text', sql`''::text`)).toBeNull();
    expect(await cell('text', sql`NULL::text`)).toBeNull();
  });
});

describe('sendQueryCsv', () => {
  it('streams the header line, then every row as PostgreSQL writes CSV', async () => {
    const res = await fetch(`${base}/rows/3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="rows.csv"');
    expect(await res.text()).toBe('Number,Text,Quoted\n1,row 1,"a,""b"\n2,row 2,"a,""b"\n3,row 3,"a,""b"\n');
  });

  it('ends the statement and frees its connection when the client goes away mid-copy', async () => {
    const pool = poolOf(database.db);
    const copying = async () =>
      Number(
        (
          await pool.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (SELECT g%'",
          )
        ).rows[0].n,
      );
    // Three million rows (about 70 MB): far more than the socket buffers hold, so the copy is under way when the client leaves.
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/rows/3000000`, (res) => {
        res.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
    });
    // The server notices the closed response, ends the copy and drops that connection.
    for (let i = 0; i < 200 && (await copying()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await copying()).toBe(0);
    // Every connection of the pool serves again (five at once: none is held by the abandoned copy).
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => pool.query('SELECT $1::int AS i', [i])));
    expect(answers.map((a) => a.rows[0].i)).toEqual([0, 1, 2, 3, 4]);
    const res = await fetch(`${base}/rows/2`);
    expect((await res.text()).split('\n')).toHaveLength(4);
  });
});
