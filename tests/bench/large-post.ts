import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile, round } from './stats';

/**
 * The large bench's creation client, run in a child process as the load generator is (each body
 * differs, which the load generator cannot do): POSTs each request of the JSON file named on the
 * command line to `path` with its merchant's X-Api-Key on `workers` kept-alive connections, and
 * prints one JSON line: the answers by status and code, the latency, the 201s counted.
 */
interface Job {
  base: string;
  path: string;
  workers: number;
  requests: { apiKey: string; body: Record<string, unknown> }[];
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Job;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.workers });

const post = (apiKey: string, body: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${job.base}${job.path}`, {
      method: 'POST',
      agent,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
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
const answers: Record<string, number> = {};
const problems: string[] = [];
let created = 0;
let next = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: job.workers }, async () => {
    while (next < job.requests.length) {
      const { apiKey, body } = job.requests[next++];
      const t = performance.now();
      let status = 0;
      let text = '';
      try {
        ({ status, body: text } = await post(apiKey, JSON.stringify(body)));
      } catch (error) {
        text = JSON.stringify({ error: { code: (error as Error).message } });
      }
      samples.push(performance.now() - t);
      let code = '';
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? '';
      } catch {
        /* counted under its status */
      }
      const what = `${status}${code ? ` ${code}` : ''}`;
      answers[what] = (answers[what] ?? 0) + 1;
      if (status === 201) created += 1;
      else if (problems.length < 10) problems.push(`${String(body.merchantOrderId)}: ${status} ${text.slice(0, 200)}`);
    }
  }),
);
const ms = performance.now() - t0;
const sorted = samples.sort((a, b) => a - b);
agent.destroy();
process.stdout.write(
  `${JSON.stringify({
    requests: sorted.length,
    answers,
    created,
    ms: round(ms, 0),
    perSec: round(sorted.length / (ms / 1000), 0),
    p50: round(percentile(sorted, 50), 2),
    p99: round(percentile(sorted, 99), 2),
    problems,
  })}\n`,
);
