import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile, round } from './stats';

/**
 * The matching bench's client, run in a child process (as the load generator is) so that it does
 * not share the server's event loop: POSTs each bank entry of the JSON file named on the command
 * line to /v1/bank-entries on `workers` workers and prints one JSON line with the figures.
 */
interface Job {
  base: string;
  token: string;
  workers: number;
  entries: { bankAccountId: string; utr: string; amount: number }[];
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Job;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.workers });

const post = (url: string, body: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: {
        authorization: `Bearer ${job.token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
const samples: number[] = [];
const problems: string[] = [];
let matched = 0;
let next = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: job.workers }, async () => {
    while (next < job.entries.length) {
      const entry = job.entries[next++];
      const t = performance.now();
      const res = await post(`${job.base}/v1/bank-entries`, JSON.stringify(entry));
      const body = JSON.parse(res.body) as { data?: { matched?: { status: string } | null } };
      samples.push(performance.now() - t);
      if (res.status === 201 && body.data?.matched?.status === 'SUCCESS') matched += 1;
      else if (problems.length < 20)
        problems.push(`bank entry ${entry.utr}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
  }),
);
const ms = performance.now() - t0;
const sorted = samples.sort((a, b) => a - b);
agent.destroy();
process.stdout.write(
  `${JSON.stringify({
    requests: sorted.length,
    matched,
    ms: round(ms, 0),
    perSec: round(sorted.length / (ms / 1000), 0),
    p50: round(percentile(sorted, 50), 2),
    p99: round(percentile(sorted, 99), 2),
    problems,
  })}\n`,
);
