import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's data folder: who owns it, who may use it, and what it holds.
 *   DATA_DIR/            0700, this server's alone
 *     postgres/          the PostgreSQL cluster
 *     password           the generated password of its superuser (0600), never printed
 *     postgres.log       what PostgreSQL said during the latest run
 *     server.lock        the pid of the server that owns the folder
 */
export const CLUSTER = 'postgres';
export const PASSWORD_FILE = 'password';
export const LOG_FILE = 'postgres.log';
const LOCK_FILE = 'server.lock';

export class DataDirError extends Error {}

export class DataDirInUseError extends DataDirError {
  constructor(dir: string, pid: number) {
    super(
      `The data folder ${dir} is in use by another running server (process ${pid}). Stop it first, or set DATA_DIR to another folder.`,
    );
  }
}

/** PGlite, the in-process engine of earlier versions, kept its cluster directly in the data folder. */
export const refuseEarlierEngine = (dir: string) => {
  if (!fs.existsSync(path.join(dir, 'PG_VERSION')) || fs.existsSync(path.join(dir, CLUSTER))) return;
  throw new DataDirError(
    `The data folder ${dir} holds a database of an earlier version of this console (its in-process engine), ` +
      `which this version does not open. Nothing in it was changed. To start afresh with the demo data, move it ` +
      `aside (mv ${dir} ${dir}-old) or set DATA_DIR to another folder.`,
  );
};

const commandOf = (pid: number): string => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/** Whether a process runs with this pid and, where the system tells, runs the given program. */
export const runs = (pid: number, program: string): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const command = commandOf(pid);
  return command === '' ? process.platform !== 'linux' : command.includes(program);
};

/**
 * Takes the folder for this process. A lock left by a server that no longer runs (killed, crashed)
 * is taken over; the takeover is one rename, so of two servers starting together only one wins.
 */
export const lockDataDir = (dir: string): (() => void) => {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return () => {
        if (Number(readText(file)) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(readText(file));
    if (runs(owner, 'node')) throw new DataDirInUseError(dir, owner);
    const stale = `${file}.${process.pid}`;
    try {
      fs.renameSync(file, stale);
      fs.rmSync(stale, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirError(`Could not lock the data folder ${dir}; another server may be starting on it.`);
};

const readText = (file: string): string => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
};

export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/** The user's uid and gid from /etc/passwd, else from `id` (users from a directory service). */
const idsOf = (name: string): { uid: number; gid: number } | null => {
  try {
    const line = fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    if (line) {
      const [, , uid, gid] = line.split(':');
      return { uid: Number(uid), gid: Number(gid) };
    }
  } catch {
    /* no /etc/passwd: ask id */
  }
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
};

/**
 * PostgreSQL refuses to run as root. Run as root (a container, CI), the server runs it as the
 * unprivileged user `postgres`, creating that user when the system has none.
 */
export const unprivilegedUser = (name = 'postgres'): RunAs | undefined => {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  if (idsOf(name) === null) {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', name], {
        stdio: 'ignore',
      });
    } catch {
      throw new DataDirError(
        `PostgreSQL cannot run as root, and the user "${name}" to run it as could not be created. Create it (useradd --system ${name}) or start the server as an ordinary user.`,
      );
    }
  }
  return { ...idsOf(name)!, name };
};

/** The first folder on the way to dir that the user cannot pass through, if any (one child process). */
const unreachable = (dir: string, user: RunAs): string | undefined => {
  const chain: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    chain.unshift(d);
    if (path.dirname(d) === d) break;
  }
  const probe = spawnSync(
    '/bin/sh',
    ['-c', 'for d; do test -x "$d" || { printf %s "$d"; exit 1; }; done', 'sh', ...chain],
    {
      uid: user.uid,
      gid: user.gid,
      encoding: 'utf8',
    },
  );
  return probe.status === 0 ? undefined : probe.stdout || dir;
};

/** Creates the folder (0700) and, when PostgreSQL runs as another user, hands it to that user. */
export const prepareDataDir = (dir: string, user: RunAs | undefined) => {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (user) fs.chownSync(dir, user.uid, user.gid);
};

/**
 * After a failed start as another user: the clear reason when that user cannot reach PostgreSQL's
 * programs (in the console's node_modules) or the data folder. Checked only then, to keep starts fast.
 */
export const explainUnreachable = (dir: string, programs: string | undefined, user: RunAs) => {
  const programsBlocked = programs && unreachable(programs, user);
  if (programsBlocked)
    throw new DataDirError(
      `PostgreSQL runs as the unprivileged user "${user.name}", which cannot reach its programs in ${programs}: ` +
        `it may not enter ${programsBlocked}. Open that folder to it (chmod o+x ${programsBlocked}) or install the console in a folder it can reach.`,
    );
  const blocked = unreachable(dir, user);
  if (blocked)
    throw new DataDirError(
      `PostgreSQL runs as the unprivileged user "${user.name}", which cannot reach the data folder ${dir}: ` +
        `it may not enter ${blocked}. Open that folder to it (chmod o+x ${blocked}) or set DATA_DIR to a folder it can reach, such as one under /var/lib or /tmp.`,
    );
};
