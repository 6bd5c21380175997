import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from './settings';
import { onCleanup } from './cleanup';

export interface StartResult {
  /** From spawn until the "ready" line on stdout. */
  readyMs: number;
  /** From spawn until GET /v1/health first answers 200. */
  healthMs: number;
  /** Peak and current resident memory of the server process, read just before stopping it. */
  peakRssMb: number | null;
  rssMb: number | null;
  /** The embedded PostgreSQL's processes (postmaster and its children): their summed proportional set size. */
  databaseMb: number | null;
  /** From SIGTERM until the process exited. */
  stopMs: number;
  exitCode: number | null;
}

const READY = /ready at http:\/\/localhost:(\d+)/;
const START_TIMEOUT_MS = 120_000;

export const memoryMb = (pid: number, field: 'VmHWM' | 'VmRSS'): number | null => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
};

/** Proportional set size: shared pages (PostgreSQL's shared buffers) divided among the processes that map them. */
const pssMb = (pid: number): number => {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

/** The memory of the PostgreSQL that the server runs in dataDir, if it runs one. */
export const databaseMb = (dataDir: string): number | null => {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Field 4 of /proc/<pid>/stat, after the command in parentheses, is the parent's pid.
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children].reduce((sum, pid) => sum + pssMb(pid), 0);
};

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });

/**
 * Starts the production entry point (no dashboard build) on dataDir with an ephemeral port,
 * times it until /v1/health answers 200, reads its memory, then stops it with SIGTERM.
 */
/** What is started: npm start's launcher and server bundle (built beforehand), or the TypeScript sources through tsx. */
export type StartedFrom = 'bundle' | 'sources';
const ENTRY: Record<StartedFrom, string[]> = {
  bundle: ['scripts/start.mjs'],
  sources: ['--import', 'tsx', path.join('server', 'main.ts')],
};

export const measureStart = async (dataDir: string, from: StartedFrom = 'bundle'): Promise<StartResult> => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'SEED_DEMO', 'JWT_SECRET', 'DIST_DIR']) delete env[name];

  const t0 = performance.now();
  const child = spawn(process.execPath, ENTRY[from], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const kill = onCleanup('server process', async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited(child);
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));

  try {
    const { port, readyMs } = await new Promise<{ port: number; readyMs: number }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ready line within ${START_TIMEOUT_MS / 1000} s: ${output.slice(-500)}`)),
        START_TIMEOUT_MS,
      );
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        const match = READY.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve({ port: Number(match[1]), readyMs: performance.now() - t0 });
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code} before it was ready: ${output.slice(-500)}`));
      });
    });

    let healthMs = NaN;
    while (performance.now() - t0 < START_TIMEOUT_MS) {
      const res = await fetch(`http://127.0.0.1:${port}/v1/health`).catch(() => null);
      if (res) await res.arrayBuffer();
      if (res?.status === 200) {
        healthMs = performance.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    if (Number.isNaN(healthMs)) throw new Error('GET /v1/health never answered 200');

    const peakRssMb = memoryMb(child.pid!, 'VmHWM');
    const rssMb = memoryMb(child.pid!, 'VmRSS');
    const dbMb = databaseMb(dataDir);
    const t1 = performance.now();
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited(child).then((code) => ({ code })),
      new Promise<null>((r) => setTimeout(() => r(null), 15_000).unref()),
    ]);
    if (!stopped) throw new Error('server did not stop within 15 s of SIGTERM');
    return {
      readyMs,
      healthMs,
      peakRssMb,
      rssMb,
      databaseMb: dbMb,
      stopMs: performance.now() - t1,
      exitCode: stopped.code,
    };
  } finally {
    await kill();
  }
};
