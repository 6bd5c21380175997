import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { poster } from './poster';

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
const { post: send, finish } = poster(job.workers);
const post = (url: string, body: string) => send(url, { authorization: `Bearer ${job.token}` }, body);
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
finish(samples, performance.now() - t0, { matched, problems });
