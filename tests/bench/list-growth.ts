import { spawn } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../../server/database';
import type { Database } from '../../server/db';
import { signIn } from './measure';
import { poolOf } from './seed/scale';
import { largeApp, largeUsers } from './large';
import { requestsOf, type Who } from './large-requests';
import { ROOT } from './settings';

/**
 * Issue 33, part 3: the cost of a page must not grow with the table. Every list of the large bench
 * (large-requests.ts) on two kept databases of the large seed (large-seed.ts), say 1,000,000 and
 * 10,000,000 pay-ins: the product on each, asked one request at a time on one connection by a
 * client in its own process (one-at-a-time.ts), the two databases in turn GROWTH_ROUNDS times
 * (3 unless set), GROWTH_REQUESTS requests a round (300). Prints each list's median time on each,
 * in microseconds (the median of the rounds' medians), and their ratio against the target 1.2.
 * `node --import tsx tests/bench/list-growth.ts <smaller database url> <larger database url>`
 */
const TARGET = 1.2;
const urls = process.argv.slice(2, 4);
if (urls.length !== 2) throw new Error('usage: list-growth.ts <smaller database url> <larger database url>');
const rounds = Number(process.env.GROWTH_ROUNDS ?? 3);
const n = Number(process.env.GROWTH_REQUESTS ?? 300);

interface Side {
  database: Database;
  close: () => Promise<unknown>;
  asks: { name: string; url: string; token: string }[];
}

const open = async (url: string): Promise<Side> => {
  const database = await openDatabase(url);
  const pool = poolOf(database);
  const { app, base } = await largeApp(database);
  const specs = (await requestsOf(pool, await largeUsers(pool))).filter((s) => s.kind === 'list');
  const tokens = new Map<Who, string>();
  for (const who of new Set(specs.map((s) => s.who))) tokens.set(who, await signIn(base, who));
  return {
    database,
    close: async () => (await app.close(), database.close()),
    asks: specs.map((s) => ({ name: `${s.name} (${s.who})`, url: `${base}${s.path}`, token: tokens.get(s.who)! })),
  };
};

const ask = (side: Side) =>
  new Promise<Record<string, number[]>>((resolve, reject) => {
    const job = JSON.stringify({ asks: side.asks, warmup: 30, n });
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/bench/one-at-a-time.ts'), job], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`client exited ${code}`))));
  });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const sides = [await open(urls[0]), await open(urls[1])];
try {
  const medians = sides.map(() => new Map<string, number[]>());
  for (let round = 0; round < rounds; round++)
    for (const [i, side] of sides.entries())
      for (const [name, times] of Object.entries(await ask(side))) {
        const kept = medians[i].get(name) ?? [];
        kept.push(median(times));
        medians[i].set(name, kept);
      }
  console.log(
    `p50 at one connection, µs (median of ${rounds} rounds of ${n}): smaller | larger | ratio (target ≤ ${TARGET})`,
  );
  for (const [name, small] of medians[0]) {
    const large = medians[1].get(name);
    if (!large) {
      console.log(`${name}: not asked on the larger database`);
      continue;
    }
    const [a, b] = [median(small), median(large)];
    const ratio = b / a;
    console.log(
      `${name.padEnd(58)} ${a.toFixed(0).padStart(6)} | ${b.toFixed(0).padStart(6)} | ${ratio.toFixed(2)} ${ratio <= TARGET ? 'met' : 'NOT MET'}`,
    );
  }
} finally {
  for (const side of sides) await side.close();
}
