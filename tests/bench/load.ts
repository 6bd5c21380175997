import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './settings';
import { onCleanup } from './cleanup';

/** The load generator's CLI, run in a child process so it does not share the server's event loop. */
const LOADGEN = path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');

export interface LoadOptions {
  /** Several: the connections are spread over them in turn (a round-robin balancer). */
  url: string | string[];
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  seconds: number;
  connections: number;
  requests: number;
  /** Mean of the per-second request counts. */
  reqPerSec: number;
  latencyMs: { mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface RawResult {
  duration: number;
  connections: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  requests: { average: number; total: number };
  latency: { mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
}

/** One fixed-duration run against url; resolves with the parsed figures. */
export const runLoad = ({ url, seconds, connections, headers = {} }: LoadOptions): Promise<LoadResult> => {
  const args = [LOADGEN, '--json', '-n', '-c', String(connections), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(...[url].flat());
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = onCleanup('load generator', () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const guard = setTimeout(() => child.kill('SIGKILL'), (seconds + 30) * 1000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      void stop();
      if (code !== 0) return reject(new Error(`load generator exited with ${code}: ${err.trim().slice(-500)}`));
      let raw: RawResult;
      try {
        raw = JSON.parse(out.trim().split('\n').pop() ?? '');
      } catch {
        return reject(new Error(`load generator printed no result: ${out.slice(-300)} ${err.slice(-300)}`));
      }
      const l = raw.latency;
      resolve({
        seconds: raw.duration,
        connections: raw.connections,
        requests: raw.requests.total,
        reqPerSec: raw.requests.average,
        latencyMs: { mean: l.mean, p50: l.p50, p90: l.p90, p97_5: l.p97_5, p99: l.p99, max: l.max },
        ok: raw['2xx'],
        non2xx: raw.non2xx,
        errors: raw.errors,
        timeouts: raw.timeouts,
      });
    });
  });
};
