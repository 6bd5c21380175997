import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/faults';
import { ROOT_DIR } from '../support/product';
import { CHILD_HASH_COST } from '../support/test-config';

/**
 * Build once, run anywhere: `npm run build` in a copy of the sources, then `npm run start:prod` in a
 * folder holding only what the README says a production machine needs. That folder has no
 * node_modules (so no build tool, no compiler and no embedded PostgreSQL to reach), nothing to
 * build from, and a preloaded hook that refuses and reports any attempt to load the build tools.
 */
const SOURCES = [
  'src',
  'domain',
  'server',
  'scripts',
  'index.html',
  'pay.html',
  'vite.config.ts',
  'vite.pay.config.ts',
  'vite.chunks.ts',
  'tsconfig.json',
];
const SHIPPED = ['package.json', 'scripts/start.mjs', 'dist', 'dist-server', 'server/db/migrations'];
const REFUSING_HOOK = path.join(ROOT_DIR, 'tests', 'support', 'refuse-build-tools.mjs');
const READY = /Payment-Gateway console ready at http:\/\/localhost:(\d+)/;
/** What the server prints when it builds the dashboard (server/build.ts). */
const BUILD_LINE = /Building the dashboard|rebuilding/;
const run = promisify(execFile);

const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `pgc-${name}-`));
const copy = (names: string[], from: string, to: string) => {
  for (const name of names) fs.cpSync(path.join(from, name), path.join(to, name), { recursive: true });
};

/** Every file under a folder with its size and modification time: what a build would change. */
const snapshot = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).sort().map((name) => {
    const stat = fs.statSync(path.join(dir, name));
    return `${name} ${stat.size} ${stat.mtimeMs}`;
  });

/** The production start exactly as package.json spells it, with the refusing hook preloaded. */
const startProd = (cwd: string, env: NodeJS.ProcessEnv) => {
  const command = (JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8')).scripts['start:prod'] ?? '')
    .split(' ')
    .filter(Boolean);
  expect(command[0], 'package.json has a start:prod script run by node').toBe('node');
  const child = spawn(process.execPath, ['--import', REFUSING_HOOK, ...command.slice(1)], {
    cwd,
    // Nothing inherited that could reach the repository's packages (NODE_PATH, NODE_OPTIONS).
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (line) => lines.push(line));
  readline.createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = READY.exec(line);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}:\n${lines.join('\n')}`)));
  });
  ready.catch(() => undefined);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return { ready, exited, stop, output: () => lines.join('\n') };
};

let checkout: string;
let shipped: string;
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  checkout = temp('checkout');
  copy([...SOURCES, 'package.json', 'package-lock.json'], ROOT_DIR, checkout);
  fs.symlinkSync(path.join(ROOT_DIR, 'node_modules'), path.join(checkout, 'node_modules'));
  await run('npm', ['run', 'build'], { cwd: checkout, maxBuffer: 16 * 1024 * 1024 });
  shipped = temp('shipped');
  copy(SHIPPED, checkout, shipped);
  database = await freshDatabase();
}, 300_000);

afterAll(async () => {
  await database?.drop();
  for (const dir of [checkout, shipped]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('build once, run anywhere', () => {
  it('npm run build makes the dashboard and the server bundle', () => {
    for (const file of ['dist/index.html', 'dist/pay.html', 'dist-server/main.mjs'])
      expect(fs.existsSync(path.join(checkout, file)), file).toBe(true);
    const assets = fs.readdirSync(path.join(checkout, 'dist', 'assets'));
    expect(assets.some((name) => name.endsWith('.js'))).toBe(true);
  });

  it('the refusing hook refuses a build tool that is there to load', async () => {
    const attempt = run(process.execPath, ['--import', REFUSING_HOOK, '--input-type=module', '-e', "import('vite')"], {
      cwd: ROOT_DIR,
    });
    await expect(attempt).rejects.toThrow(/refused to load vite/);
  });

  it('the production start serves the API and the dashboard from the build alone, never building', async () => {
    const before = snapshot(shipped);
    const dataDir = temp('prod-data');
    const product = startProd(shipped, {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'build-once-test-secret-0123456789-0123456789',
      PASSWORD_HASH_COST: String(CHILD_HASH_COST),
    });
    try {
      const url = await product.ready;
      const health = await fetch(`${url}/v1/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ data: { status: 'ok', database: 'ok' } });
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<div id="root">');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script, 'index.html names its script').toBeDefined();
      expect((await fetch(`${url}${script}`)).status).toBe(200);
    } finally {
      await product.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(product.output()).not.toMatch(/REFUSED/);
    expect(product.output()).not.toMatch(BUILD_LINE);
    expect(snapshot(shipped)).toEqual(before);
  });

  it('without DATABASE_URL or the embedded PostgreSQL, it says what to do and changes nothing', async () => {
    const parent = temp('prod-none');
    try {
      const dataDir = path.join(parent, 'data');
      const product = startProd(shipped, { DATA_DIR: dataDir });
      expect(await product.exited).toBe(1);
      expect(product.output()).toMatch(/No embedded PostgreSQL here/);
      expect(product.output()).toMatch(/Set DATABASE_URL/);
      expect(product.output()).toMatch(/npm ci/);
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it('without a build, the production start says to build and builds nothing', async () => {
    const bare = temp('unbuilt');
    try {
      copy(['package.json', 'scripts/start.mjs'], shipped, bare);
      const product = startProd(bare, {});
      expect(await product.exited).toBe(1);
      expect(product.output()).toMatch(/Run `npm run build` first/);
      expect(fs.existsSync(path.join(bare, 'dist-server'))).toBe(false);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
