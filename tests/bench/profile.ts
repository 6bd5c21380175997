import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { openDatabase } from '../../server/database';
import { runLoad } from './load';
import { watchCpuSplit } from './machine';
import { signIn } from './measure';
import { poolOf } from './seed/scale';
import { largeApp, largeUsers } from './large';
import { requestsOf } from './large-requests';
import { sessionStatement, startFloor } from './large-floor';
import { capture } from './sql-probes';

/**
 * Where the server's time goes for one request of the large bench (large-requests.ts, picked by a
 * pattern on "name (who)"): the product (buildApp, as the large bench runs it) on a seeded
 * database and the request's same-SQL floor (large-floor.ts) in this process, each loaded
 * PROFILE_SECONDS at PROFILE_CONNECTIONS. Prints each one's requests a second and this process's
 * CPU time per request (steadier than a share of req/s on cores shared with the load generator and
 * the database), and the product's functions with the most time of their own; writes its profile.
 * PROFILE_ROUNDS pairs them that many times, the order swapped each time, and prints the median share.
 * `node --import tsx tests/bench/profile.ts <database url> <request pattern> [out.cpuprofile]`; with
 * PROFILE_TARGET=floor the profile is the floor's.
 */
const [url, pattern, out = '.bench/list.cpuprofile'] = process.argv.slice(2);
if (!url || !pattern) throw new Error('usage: profile.ts <database url> <request pattern> [out.cpuprofile]');
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 50);
const rounds = Number(process.env.PROFILE_ROUNDS ?? 1);

const database = await openDatabase(url);
const pool = poolOf(database);
const { app, base } = await largeApp(database);
const specs = (await requestsOf(pool, await largeUsers(pool))).filter((s) =>
  new RegExp(pattern).test(`${s.name} (${s.who})`),
);
if (specs.length === 0) throw new Error(`no request of the large bench matches ${pattern}`);
const token = await signIn(base, specs[0].who);
const floor = await startFloor(url, await sessionStatement(pool, token));

/**
 * Load on a path; CPU time meanwhile, per request: this process's (µs, from the runtime), and in
 * clock ticks the database's, the load generator's and all cores' (`split`).
 */
const cpuPerRequest = async (target: string, headers: Record<string, string>) => {
  await runLoad({ url: target, headers, connections, seconds: 2 });
  const before = process.cpuUsage();
  const watch = watchCpuSplit();
  const load = await runLoad({ url: target, headers, connections, seconds });
  const used = process.cpuUsage(before);
  const ticks = watch();
  const per = (v: number) => (v / Math.max(1, load.requests)).toFixed(0);
  const split = ticks
    ? `database ${per(ticks.database)}, load ${per(ticks.children)}, all ${per(ticks.busy)} µs`
    : 'no /proc';
  return { load, us: (used.user + used.system) / Math.max(1, load.requests), split };
};

const tokens = new Map<string, string>([[specs[0].who, token]]);
const tokenOf = async (who: (typeof specs)[number]['who']) => {
  if (!tokens.has(who)) tokens.set(who, await signIn(base, who));
  return tokens.get(who)!;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [i, spec] of specs.entries()) {
  const captured = await capture(pool, spec.call);
  floor.add(String(i), { statements: captured, atOnceFrom: Math.max(0, spec.atOnceFrom(captured.length)) });
  const headers = { authorization: `Bearer ${await tokenOf(spec.who)}` };
  // PROFILE_ROUNDS rounds of floor and product in turn (the order swapped each round): the cores'
  // speed here drifts by a third between minutes, so one pair proves little.
  const shares: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const runFloor = () => cpuPerRequest(`${floor.url}/floor/${i}`, {});
    const runProduct = () => cpuPerRequest(`${base}${spec.path}`, headers);
    const floorFirst = round % 2 === 0;
    const first = await (floorFirst ? runFloor() : runProduct());
    const second = await (floorFirst ? runProduct() : runFloor());
    const [floorRun, product] = floorFirst ? [first, second] : [second, first];
    shares.push(product.load.reqPerSec / Math.max(1, floorRun.load.reqPerSec));
    console.log(
      `${spec.name} (${spec.who}) at ${connections} connections: product ${product.load.reqPerSec.toFixed(0)} req/s, ` +
        `${product.us.toFixed(0)} µs CPU a request (${product.split}; ${product.load.non2xx} not 2xx); ` +
        `floor ${floorRun.load.reqPerSec.toFixed(0)} req/s, ${floorRun.us.toFixed(0)} µs (${floorRun.split}); ` +
        `share ${(100 * shares.at(-1)!).toFixed(0)} %`,
    );
  }
  if (rounds > 1)
    console.log(
      `  median share over ${rounds} rounds: ${(100 * median(shares)).toFixed(0)} % (${shares.map((x) => (100 * x).toFixed(0)).join(', ')})`,
    );
}
const spec = specs[0];
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
// PROFILE_TARGET=floor profiles the floor's route instead, to hold the two profiles side by side.
const profiled: { url: string; headers: Record<string, string> } =
  process.env.PROFILE_TARGET === 'floor'
    ? { url: `${floor.url}/floor/0`, headers: {} }
    : { url: `${base}${spec.path}`, headers: { authorization: `Bearer ${await tokenOf(spec.who)}` } };
await runLoad({ ...profiled, connections, seconds });
const { profile } = await session.post('Profiler.stop');
fs.mkdirSync('.bench', { recursive: true });
fs.writeFileSync(out, JSON.stringify(profile));

const self = new Map<string, number>();
const packages = new Map<string, number>();
const dt = new Map<number, number>();
profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
let total = 0;
for (const node of profile.nodes) {
  const us = dt.get(node.id) ?? 0;
  total += us;
  const f = node.callFrame;
  const file = f.url.replace(/^file:\/\//, '').replace(process.cwd(), '');
  const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + us);
  const pkg =
    /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? (file.startsWith('/') ? 'product' : file || f.functionName);
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
}
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
console.log(`profile of ${spec.name} (${spec.who}), ${out}:`);
console.log('by package:', ...top(packages, 15).map((l) => `\n${l}`));
console.log('by function (self time):', ...top(self, 40).map((l) => `\n${l}`));
await floor.close();
await app.close();
await database.close();
