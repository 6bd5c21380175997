/**
 * One walk over every merchant as the CSV export does it, in a process of its own so that its peak
 * memory is its own: node --import tsx tests/bench/export-walk.ts <keyset|offset|floor> <database url>
 *   keyset: the product's export (server/services/merchants/merchants-list), batch after batch by cursor;
 *   offset: the same rows, presenter and CSV, paged by OFFSET as the exports were before;
 *   floor:  one bare SQL statement reading every row in the same order, no CSV.
 * Prints { rows, ms, peakRssMb } as JSON.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../server/db';
import * as schema from '../../server/db/schema';
import { merchants } from '../../server/db/schema';
import type { SessionUser } from '../../server/services/common/session-user';
import { EXPORT_BATCH } from '../../server/services/common/csv';
import type { Cursor } from '../../server/services/common/lists';
import { MERCHANT_CSV_COLUMNS, exportMerchants, presentMerchant } from '../../server/services/merchants/merchants-list';

const [mode, url] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const db = drizzle(pool, { schema }) as unknown as Db;
const parent = alias(merchants, 'parent');
const admin: SessionUser = {
  id: '',
  userName: 'admin',
  role: 'ADMIN',
  merchantCodes: [],
  vendorCode: null,
  sessionId: '',
};

const csvSink = () => {
  const csv = stringify({ header: true, columns: MERCHANT_CSV_COLUMNS, cast: { boolean: (v) => (v ? 'Yes' : 'No') } });
  csv.pipe(new Writable({ write: (_chunk, _enc, done) => done() }));
  return csv;
};

const write = async (csv: ReturnType<typeof stringify>, rows: Record<string, unknown>[]) => {
  for (const row of rows) if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
};

const walks: Record<string, () => Promise<number>> = {
  keyset: async () => {
    const csv = csvSink();
    const batches = await exportMerchants(
      db,
      admin,
      {},
      { page: 1, pageSize: 25, sortBy: 'createdAt', sortOrder: 'desc' },
    );
    let after: Cursor | undefined;
    let n = 0;
    for (;;) {
      const { rows, next } = await batches(after, EXPORT_BATCH);
      await write(csv, rows);
      n += rows.length;
      if (rows.length < EXPORT_BATCH || !next) break;
      after = next;
    }
    csv.end();
    return n;
  },
  offset: async () => {
    const csv = csvSink();
    let n = 0;
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await db
        .select({ m: merchants, parentCode: parent.code })
        .from(merchants)
        .leftJoin(parent, eq(parent.id, merchants.parentId))
        .orderBy(desc(merchants.createdAt), desc(merchants.id))
        .limit(EXPORT_BATCH)
        .offset(offset);
      await write(
        csv,
        rows.map((r) => presentMerchant({ ...r.m, parentCode: r.parentCode })),
      );
      n += rows.length;
      if (rows.length < EXPORT_BATCH) break;
    }
    csv.end();
    return n;
  },
  floor: async () => {
    const { rowCount } = await pool.query('SELECT * FROM merchants ORDER BY created_at DESC, id DESC');
    return rowCount ?? 0;
  },
};

const peakRssMb = () => {
  const line = fs.readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 102.4) / 10 : null;
};

const main = async () => {
  const walk = walks[mode];
  if (!walk || !url) throw new Error('usage: export-walk.ts <keyset|offset|floor> <database url>');
  const t0 = performance.now();
  const rows = await walk();
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ rows, ms: Math.round(ms), peakRssMb: peakRssMb() }));
  await pool.end();
};

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
