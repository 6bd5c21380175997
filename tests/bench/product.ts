import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { onCleanup } from './cleanup';
import { ROOT } from './settings';

const READY = /ready at http:\/\/localhost:(\d+)/;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export interface Product {
  url: string;
  pid: number;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process has exited. */
  stop: () => Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

/**
 * The production entry point (node --import tsx server/main.ts) on 127.0.0.1 with an ephemeral
 * port; env is added to this process's environment (database, data folder and build unset first).
 */
export const startProduct = async (env: NodeJS.ProcessEnv): Promise<Product> => {
  const full: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'SEED_DEMO', 'JWT_SECRET', 'DIST_DIR', 'DATA_DIR']) delete full[name];
  Object.assign(full, { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], {
    cwd: ROOT,
    env: full,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = onCleanup('product process', async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited(child);
    clearTimeout(forced);
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ready line within ${START_TIMEOUT_MS / 1000} s: ${output.slice(-500)}`)),
        START_TIMEOUT_MS,
      );
      child.stdout!.on('data', (chunk) => {
        output = (output + chunk).slice(-4000);
        const match = READY.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code} before it was ready: ${output.slice(-500)}`));
      });
    });
    return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** Resets the peak resident memory (VmHWM) of a process of ours; false where the kernel refuses. */
export const resetPeakRss = (pid: number): boolean => {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};
