import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { poster } from './poster';

/**
 * The pay-out creation bench's client, run in a child process (as the load generator is) so that
 * it does not share the server's event loop: POSTs each request of the JSON file named on the
 * command line to /v1/merchant-api/payouts with its merchant's X-Api-Key on `workers` kept-alive
 * connections, and prints one JSON line: the answers by status and code, the latency of the
 * requests and the order ids and pay-out ids of the 201s.
 */
interface Job {
  base: string;
  workers: number;
  requests: { apiKey: string; body: { merchantOrderId: string } & Record<string, unknown> }[];
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Job;
const { post: send, finish } = poster(job.workers);
const post = (url: string, apiKey: string, body: string) => send(url, { 'x-api-key': apiKey }, body);

const samples: number[] = [];
const answers: Record<string, number> = {};
const created: [string, string][] = [];
const problems: string[] = [];
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
        ({ status, body: text } = await post(`${job.base}/v1/merchant-api/payouts`, apiKey, JSON.stringify(body)));
      } catch (error) {
        text = JSON.stringify({ error: { code: (error as Error).message } });
      }
      samples.push(performance.now() - t);
      let parsed: { data?: { id: string; merchantOrderId: string; status: string }; error?: { code?: string } } = {};
      try {
        parsed = JSON.parse(text);
      } catch {
        /* counted under its status */
      }
      const what = `${status}${parsed.error?.code ? ` ${parsed.error.code}` : ''}`;
      answers[what] = (answers[what] ?? 0) + 1;
      if (status === 201 && parsed.data?.status === 'INITIATED' && parsed.data.merchantOrderId === body.merchantOrderId)
        created.push([body.merchantOrderId, parsed.data.id]);
      else if (status !== 409 && problems.length < 20)
        problems.push(`pay-out ${body.merchantOrderId}: ${status} ${text.slice(0, 200)}`);
    }
  }),
);
finish(samples, performance.now() - t0, { answers, created, problems });
