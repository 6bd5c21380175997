import { DASHBOARD_P99_MS } from './boards';
import { EXPORT_GROWTH_MB } from './boards-export';
import type { LargeRequest, LargeResult, LoadRun } from './large';
import { round } from './stats';

/** Issue 15's targets; the share of the floor is issue 33's (lists, boards and the report at 90 %). */
export const LIST_P99_MS = 20;
export const STAFF_LIST_PER_SEC = 4_000;
export const FLOOR_SHARE = 0.9;
export const REPORT_MS = 200;
export const EXPORT_SECONDS = 10;

export interface Target {
  what: string;
  target: string;
  figure: string;
  met: boolean;
}

const failed = (r: LoadRun) => r.non2xx + r.errors + r.timeouts;

/** The floor the product is judged against: with the session check only if it sends one per request. */
export const floorOf = (out: LargeResult, run: LargeRequest['runs'][number]) =>
  out.sent && out.sent.sessionChecks >= out.sent.requests / 2 ? run.floorSession : run.floor;

export const shareOf = (http: LoadRun, floor: LoadRun) => round(http.reqPerSec / Math.max(1, floor.reqPerSec), 3);

export const judgeLarge = (out: LargeResult, connections: number) => {
  const t = out.targets;
  for (const q of out.requests) {
    const label = `${q.name} (${q.who})`;
    for (const run of q.runs) {
      const ok = failed(run.http) === 0;
      const share = shareOf(run.http, floorOf(out, run));
      t.push({
        what: `${label}, ${run.connections} conn., share of its same-SQL floor`,
        target: `≥ ${FLOOR_SHARE * 100} %`,
        figure: `${round(share * 100, 0)} %`,
        met: ok && share >= FLOOR_SHARE,
      });
      const p99 = run.http.latencyMs.p99;
      if (q.kind === 'list' && run.connections === connections)
        t.push({
          what: `${label}, p99 at ${connections} conn.`,
          target: `< ${LIST_P99_MS} ms`,
          figure: `${p99} ms`,
          met: ok && p99 < LIST_P99_MS,
        });
      if (q.kind === 'list' && q.who === 'admin' && run.connections === connections)
        t.push({
          what: `${label}, req/s at ${connections} conn.`,
          target: `≥ ${STAFF_LIST_PER_SEC}`,
          figure: `${Math.round(run.http.reqPerSec)}`,
          met: ok && run.http.reqPerSec >= STAFF_LIST_PER_SEC,
        });
      if (q.kind === 'board')
        t.push({
          what: `${label}, p99 at ${run.connections} conn.`,
          target: `< ${DASHBOARD_P99_MS} ms`,
          figure: `${p99} ms`,
          met: ok && p99 < DASHBOARD_P99_MS,
        });
      if (q.kind === 'report' && run.connections === 1)
        t.push({
          what: `${label}, p99 at 1 conn.`,
          target: `< ${REPORT_MS} ms`,
          figure: `${p99} ms`,
          met: ok && p99 < REPORT_MS,
        });
    }
  }
  const e = out.export?.runs[0];
  if (e)
    t.push(
      {
        what: `Payins export of ${e.rows.toLocaleString('en-US')} rows (${e.encoding}), total time`,
        target: `< ${EXPORT_SECONDS} s`,
        figure: `${round(e.totalMs / 1000, 1)} s`,
        met: e.totalMs < EXPORT_SECONDS * 1000 && e.rows === e.expected,
      },
      {
        what: `Payins export (${e.encoding}), server memory growth`,
        target: `< ${EXPORT_GROWTH_MB} MB`,
        figure: e.growthMb === null ? 'not measured' : `${e.growthMb} MB`,
        met: e.growthMb !== null && e.growthMb < EXPORT_GROWTH_MB,
      },
    );
};
