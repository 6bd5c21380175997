import { openDatabase } from '../../server/database';
import { seedLarge } from './large-database';
import type { LargeResult } from './large';

/**
 * Seeds a database kept for the large bench's LARGE_DATABASE_URL, so that runs after it measure
 * without generating again: `LARGE_PAYINS=1000000 LARGE_PAYOUTS=200000 node --import tsx
 * tests/bench/large-seed.ts postgres://postgres@127.0.0.1:5432/pgc_large_1m`. The database must
 * exist and be empty (CREATE DATABASE first); the product's migrations are applied on opening.
 */
const url = process.argv[2];
if (!url) throw new Error('usage: large-seed.ts <database url>');
const started = Date.now();
const database = await openDatabase(url);
const out: Pick<LargeResult, 'seed' | 'problems' | 'counts'> = { problems: [] };
try {
  await seedLarge(database, (line) => console.log(line), out);
  console.log(JSON.stringify({ counts: out.counts, problems: out.problems }, null, 2));
  console.log(`seeded in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
} finally {
  await database.close();
}
