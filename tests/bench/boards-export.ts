import fs from 'node:fs';
import type pg from 'pg';
import type { Db } from '../../server/db';
import type { SessionUser } from '../../server/services/common/session-user';
import { payinReportCsv } from '../../server/services/reports/reports-payins';
import { istDayStart } from '../../domain/format';
import { DASHBOARD_P99_MS, failed, type BoardsResult } from './boards';
import { measured, type OtherCpu } from './measured';
import { signIn } from './measure';
import { startProduct } from './product';
import { exportOnce, type ExportResult } from './scale';
import { explain, watchCpu, type Statement } from './sql-probes';
import { round } from './stats';

/**
 * The boards bench's export (issue 13, item 9): the Payins report's CSV of every generated pay-in
 * from the product in a child process (its memory is its own), and the targets judged.
 * The CSV is asked for compressed, as a browser asks (the server gzips it), then once more
 * uncompressed, to show what the compression costs; the target is judged on the first.
 */
export const EXPORT_SECONDS = 15;
export const EXPORT_GROWTH_MB = 50;
const ENCODINGS = ['gzip, deflate', 'identity'];

export type BoardsExport = Omit<ExportResult, 'path'> & {
  path: string;
  /** The Accept-Encoding sent (bytes are counted after the client has inflated the body). */
  encoding: string;
  lines: number;
  growthMb: number | null;
  otherCpu: OtherCpu;
  /** Cores busy during the export: the product's process, the bench database's backends, this process reading. */
  cores: { server: number | null; database: number; client: number };
};
export interface BoardsExports {
  runs: BoardsExport[];
  /** The export's statement (the SELECT inside its COPY). */
  statement?: Statement;
}

/** CPU seconds a process has used (user and system), from /proc; null where it cannot be read. */
const cpuSeconds = (pid: number): number | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
};

export const benchExport = async (
  out: BoardsResult,
  log: (line: string) => void,
  url: string,
  pool: pg.Pool,
  db: Db,
  admin: SessionUser,
) => {
  const { report } = out.periods!;
  const range = [istDayStart(report.from), istDayStart(report.to, 1)];
  const one = async (text: string, params: unknown[] = []) =>
    Number((await pool.query<{ n: string }>(text, params)).rows[0].n);
  const expected = await one(
    'SELECT count(*) AS n FROM payins WHERE NOT test AND created_at >= $1 AND created_at < $2',
    range,
  );
  const all = await one('SELECT count(*) AS n FROM payins');
  if (expected !== all) out.problems.push(`the export's days hold ${expected} of the ${all} pay-ins`);
  const exports: BoardsExports = { runs: [] };
  out.export = exports;
  log('boards: the product in a child process for the Payins report export');
  // Two-factor is not what is measured: the admin signs in with its password alone.
  const product = await startProduct({
    DATABASE_URL: url,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    REQUIRE_2FA_ROLES: 'none',
  });
  try {
    const token = `Bearer ${await signIn(product.url, 'admin')}`;
    const path = `/v1/reports/payins/export?from=${report.from}&to=${report.to}`;
    // One unmeasured export of today's pay-ins first: the route's code is loaded before the figures.
    const today = `/v1/reports/payins/export?from=${report.to}&to=${report.to}`;
    await exportOnce(`${product.url}${today}`, { authorization: token }, product.pid, 0);
    for (const encoding of ENCODINGS) {
      log(`boards: GET ${path}, Accept-Encoding ${encoding} (${expected.toLocaleString('en-US')} rows expected)`);
      const headers = { authorization: token, 'accept-encoding': encoding };
      const stopCpu = await watchCpu(pool);
      const server0 = cpuSeconds(product.pid);
      const r = await measured(async () => exportOnce(`${product.url}${path}`, headers, product.pid, expected));
      const server1 = cpuSeconds(product.pid);
      const { server: client, database } = await stopCpu();
      const server = server0 === null || server1 === null ? null : round((server1 - server0) / (r.totalMs / 1000), 2);
      const growthMb = r.peakRssMb === null || r.rssBeforeMb === null ? null : round(r.peakRssMb - r.rssBeforeMb, 1);
      exports.runs.push({ ...r, path, encoding, lines: r.rows + 1, growthMb, cores: { server, database, client } });
      if (r.rows !== expected) out.problems.push(`GET ${path} (${encoding}): ${r.rows} rows, ${expected} expected`);
    }
  } finally {
    await product.stop();
  }
  // The export's one statement (COPY runs it as it is; EXPLAIN takes it with its parameters).
  const paging = { page: 1, pageSize: 25, sortBy: 'createdAt', sortOrder: 'desc' } as const;
  exports.statement = await explain(pool, await payinReportCsv(db, admin, report, paging));
};

/** The targets, each met or not, with its figure. */
export const judge = (out: BoardsResult) => {
  const dash = out.requests.filter((r) => r.path.startsWith('/v1/dashboard'));
  for (const r of dash)
    for (const run of r.runs)
      out.targets.push({
        what: `${r.name}, p99 at ${run.connections} conn.`,
        target: `< ${DASHBOARD_P99_MS} ms`,
        figure: `${run.http.latencyMs.p99} ms`,
        value: run.http.latencyMs.p99,
        met: run.http.latencyMs.p99 < DASHBOARD_P99_MS && failed(run.http) === 0,
      });
  const e = out.export?.runs[0];
  if (!e) return;
  out.targets.push(
    {
      what: `Payins export of ${e.rows.toLocaleString('en-US')} rows (${e.encoding}), total time`,
      target: `< ${EXPORT_SECONDS} s`,
      figure: `${round(e.totalMs / 1000, 1)} s`,
      value: round(e.totalMs / 1000, 2),
      met: e.totalMs < EXPORT_SECONDS * 1000 && e.rows === e.expected,
    },
    {
      what: `Payins export (${e.encoding}), server memory growth (peak RSS − RSS before)`,
      target: `< ${EXPORT_GROWTH_MB} MB`,
      figure: e.growthMb === null ? 'not measured' : `${e.growthMb} MB`,
      value: e.growthMb,
      met: e.growthMb !== null && e.growthMb < EXPORT_GROWTH_MB,
    },
  );
};
