import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { CLUSTER, PASSWORD_FILE } from '../server/db/data-folder';
import { DATABASE } from '../server/db/embedded';
import * as schema from '../server/db/schema';
import { readOutbox } from '../server/services/common/outbox';

/**
 * npm run outbox [-- <kind>] [--since <time>]: the messages for people (password reset links by
 * default) waiting in the database, one JSON line each, oldest first, for an administrator to pass
 * on. On DATABASE_URL, or on the embedded database of DATA_DIR while its server runs.
 */
const USAGE = 'npm run outbox [-- <kind, password-resets by default>] [--since <ISO time>]';

const embeddedUrl = (dataDir: string) => {
  const pidFile = path.join(dataDir, CLUSTER, 'postmaster.pid');
  if (!fs.existsSync(pidFile))
    throw new Error(`No server runs on the embedded database in ${dataDir}: start it, or set DATABASE_URL.`);
  // postmaster.pid's fourth line is the port it listens on.
  const port = fs.readFileSync(pidFile, 'utf8').split('\n')[3]?.trim();
  const password = fs.readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
};

const argsOf = (argv: string[]) => {
  const at = argv.indexOf('--since');
  const since = at >= 0 ? new Date(argv[at + 1] ?? '') : undefined;
  if (since && Number.isNaN(since.getTime()))
    throw new Error(`--since wants a time such as 2026-05-01T10:00:00Z\n${USAGE}`);
  const rest = argv.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
  if (rest.length > 1 || rest.some((a) => a.startsWith('-'))) throw new Error(USAGE);
  return { kind: rest[0] ?? 'password-resets', since };
};

const main = async () => {
  const { kind, since } = argsOf(process.argv.slice(2));
  const url = process.env.DATABASE_URL || embeddedUrl(path.resolve(process.env.DATA_DIR || 'data'));
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    for (const message of await readOutbox(drizzle(pool, { schema }), kind, since))
      process.stdout.write(`${JSON.stringify(message)}\n`);
  } finally {
    await pool.end();
  }
};

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
