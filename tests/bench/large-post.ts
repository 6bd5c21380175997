import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { poster } from './poster';

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
const { post: send, finish } = poster(job.workers);
const post = (apiKey: string, body: string) => send(`${job.base}${job.path}`, { 'x-api-key': apiKey }, body);

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
finish(samples, performance.now() - t0, { answers, created, problems });
