import http from 'node:http';
import { percentile, round } from './stats';

/**
 * What the benches' writing child processes (post-entries.ts, post-payouts.ts, large-post.ts)
 * share: JSON POSTs over kept-alive connections, one per worker, and the one line of figures they
 * print for their parent.
 */
export const poster = (workers: number) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  const post = (url: string, headers: Record<string, string>, body: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
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
  /** Closes the connections and prints the run's figures beside `extra`, as one JSON line. */
  const finish = (samples: number[], ms: number, extra: Record<string, unknown>) => {
    agent.destroy();
    const sorted = samples.sort((a, b) => a - b);
    process.stdout.write(
      `${JSON.stringify({
        requests: sorted.length,
        ...extra,
        ms: round(ms, 0),
        perSec: round(sorted.length / (ms / 1000), 0),
        p50: round(percentile(sorted, 50), 2),
        p99: round(percentile(sorted, 99), 2),
      })}\n`,
    );
  };
  return { post, finish };
};
