import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT_DIR } from './paths';

export interface Product {
  url: string;
  stop: () => Promise<void>;
}

const READY = /Payment-Gateway console ready at http:\/\/localhost:(\d+)/;
const STARTUP_LIMIT_MS = 90_000;
const KEPT_LINES = 40;

/**
 * The real product process over a fresh embedded database (demo data seeded on first start),
 * listening on a free port of 127.0.0.1. The dashboard is built beforehand by the global setup.
 */
export const startProduct = async (): Promise<Product> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-console-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    DIST_DIR: path.join(ROOT_DIR, 'dist'),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output: string[] = [];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > KEPT_LINES) output.shift();
  };
  readline.createInterface({ input: child.stderr }).on('line', keep);
  const stdout = readline.createInterface({ input: child.stdout });

  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    }
    removeDataDir();
  };

  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the product did not report ready within ${STARTUP_LIMIT_MS / 1000} s`)),
        STARTUP_LIMIT_MS,
      );
      stdout.on('line', (line) => {
        keep(line);
        const match = READY.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the product exited with code ${code} before it was ready`));
      });
    });
    return { url: `http://127.0.0.1:${port}`, stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- product output ---\n${output.join('\n')}`);
  }
};
