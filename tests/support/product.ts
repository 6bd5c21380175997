import { spawn, type ChildProcess } from 'node:child_process';
import { CHILD_HASH_COST } from './test-config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const READY = /Payment-Gateway console ready at http:\/\/localhost:(\d+)/;
const STARTUP_LIMIT_MS = 90_000;
const KEPT_LINES = 60;

export interface Product {
  url: string;
  child: ChildProcess;
  /** The process's latest output lines, stdout and stderr together. */
  output: () => string;
  /** SIGTERM (SIGKILL after 15 s); resolves with the exit code. Removes the data folder unless kept. */
  stop: () => Promise<number | null>;
}

export interface ProductOptions {
  /** The data folder; a fresh temp folder (removed at stop) when not given. */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Run what npm start runs (scripts/start.mjs and the server bundle) instead of the sources. */
  bundled?: boolean;
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });

/** Runs the product as `npm start` does (without the build step), on a free port of 127.0.0.1. */
export const spawnProduct = (dataDir: string, extra: NodeJS.ProcessEnv = {}, bundled = false) => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    DIST_DIR: path.join(ROOT_DIR, 'dist'),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Quicker password hashes than production's, as in the API suites.
    PASSWORD_HASH_COST: String(CHILD_HASH_COST),
    // Stopped at once: a test that follows a drain asks for one.
    SHUTDOWN_DRAIN_SECONDS: '0',
  };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  // npm start's launcher (which runs the bundle, built beforehand by the caller) or the TypeScript sources.
  const entry = bundled ? ['scripts/start.mjs'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT_DIR,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > KEPT_LINES) lines.shift();
  };
  readline.createInterface({ input: child.stderr! }).on('line', keep);
  const stdout = readline.createInterface({ input: child.stdout! });
  stdout.on('line', keep);
  const exited = exitOf(child);
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the product did not report ready within ${STARTUP_LIMIT_MS / 1000} s`)),
      STARTUP_LIMIT_MS,
    );
    stdout.on('line', (line) => {
      const match = READY.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the product exited with code ${code} before it was ready`));
    });
  });
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => lines.join('\n') };
};

/** The real product process over its embedded database (demo data seeded on first start). */
export const startProduct = async (opts: ProductOptions = {}): Promise<Product> => {
  const temp = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pg-console-e2e-'));
  const run = spawnProduct(dataDir, opts.env, opts.bundled);
  const stop = async () => {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGTERM');
      const forced = setTimeout(() => run.child.kill('SIGKILL'), 15_000);
      await run.exited;
      clearTimeout(forced);
    }
    if (temp) fs.rmSync(dataDir, { recursive: true, force: true });
    return run.child.exitCode;
  };
  try {
    return { url: await run.ready, child: run.child, output: run.output, stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- product output ---\n${run.output()}`);
  }
};
