import http from 'node:http';

/**
 * The client of list-growth.ts, in a process of its own: asks each path one request at a time on
 * one kept-alive connection (`warmup` first, not counted, then `n`), and prints each path's times
 * in microseconds as JSON. The load generator's latencies are whole milliseconds, too coarse for a
 * page that takes one or two.
 */
interface Ask {
  name: string;
  url: string;
  token: string;
}
const { asks, warmup, n } = JSON.parse(process.argv[2] ?? '{}') as { asks: Ask[]; warmup: number; n: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const get = (ask: Ask) =>
  new Promise<number>((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(ask.url, { agent, headers: { authorization: `Bearer ${ask.token}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${ask.name}: HTTP ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1000);
        });
      })
      .on('error', reject);
  });

const times: Record<string, number[]> = {};
for (const ask of asks) {
  for (let i = 0; i < warmup; i++) await get(ask);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) samples.push(await get(ask));
  times[ask.name] = samples;
}
agent.destroy();
console.log(JSON.stringify(times));
