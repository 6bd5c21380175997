import type pg from 'pg';
import type { Db } from '../../server/db';
import type { SessionUser } from '../../server/services/common/session-user';
import { payinReportCsv } from '../../server/services/reports/reports-payins';
import type { BoardsResult } from './boards';
import { benchExport, type BoardsExport, type BoardsExports } from './boards-export';
import { measured } from './measured';
import { signIn } from './measure';
import { exportOnce } from './scale';
import { explain, watchCpu } from './sql-probes';
import { round } from './stats';
import type { LargeResult } from './large';

/**
 * The Payins report's CSV of about EXPORT_ROWS pay-ins (issue 15): the newest IST days that hold
 * that many, exported by the boards bench's benchExport (the product in a child process, its
 * memory sampled). The product is started with the sign-in user's stored hash cost, so that its
 * sign-in re-hashes nothing on a database the bench did not create.
 */
export const EXPORT_ROWS = 1_000_000;
const ENCODINGS = ['gzip, deflate', 'identity'];

export type LargeExport = BoardsExports & {
  from: string;
  to: string;
  rows: number;
  /** The product in a child process, or (see inProcess) the app in this process. */
  where: 'child process' | 'this process';
};

/**
 * On a database the bench did not create, a product process of its own would run its expiry job:
 * links the seed left open and now past their time become DROPPED, and their callbacks are queued
 * to the generated merchants' addresses. Then the export goes through the app in this process
 * (its jobs off), its memory sampled here, the CSV read here too.
 */
const inProcess = async (base: string, pool: pg.Pool, range: { from: string; to: string; rows: number }) => {
  const token = `Bearer ${await signIn(base, 'admin')}`;
  const path = `/v1/reports/payins/export?from=${range.from}&to=${range.to}`;
  await exportOnce(
    `${base}/v1/reports/payins/export?from=${range.to}&to=${range.to}`,
    { authorization: token },
    process.pid,
    0,
  );
  const runs: BoardsExport[] = [];
  for (const encoding of ENCODINGS) {
    const stopCpu = await watchCpu(pool);
    const r = await measured(async () =>
      exportOnce(`${base}${path}`, { authorization: token, 'accept-encoding': encoding }, process.pid, range.rows),
    );
    const { server, database } = await stopCpu();
    const growthMb = r.peakRssMb === null || r.rssBeforeMb === null ? null : round(r.peakRssMb - r.rssBeforeMb, 1);
    runs.push({ ...r, path, encoding, lines: r.rows + 1, growthMb, cores: { server, database, client: 0 } });
  }
  return runs;
};

/** The newest IST days holding at least `rows` pay-ins (fewer when the history is smaller). */
const daysHolding = async (pool: pg.Pool, rows: number) => {
  const { rows: days } = await pool.query<{ day: string; running: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(n) OVER (ORDER BY day DESC) AS running
     FROM (SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, count(*) AS n FROM payins
           WHERE NOT test GROUP BY 1) x
     ORDER BY day DESC`,
  );
  const at = days.find((d) => Number(d.running) >= rows) ?? days.at(-1)!;
  return { from: at.day, to: days[0].day, rows: Number(at.running) };
};

export const largeExport = async (
  out: LargeResult,
  log: (line: string) => void,
  target: { url: string; base: string; seeded: boolean },
  db: Db,
  pool: pg.Pool,
): Promise<LargeExport> => {
  const range = await daysHolding(pool, EXPORT_ROWS);
  const { rows: open } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM payins WHERE status IN ('INITIATED', 'ASSIGNED') AND expires_at <= now()`,
  );
  const { rows } = await pool.query<{ id: string; hash: string }>(
    `SELECT id, password_hash AS hash FROM users WHERE user_name = 'admin'`,
  );
  const admin: SessionUser = {
    id: rows[0].id,
    userName: 'admin',
    role: 'ADMIN',
    merchantCodes: [],
    vendorCode: null,
    sessionId: '',
  };
  const cost = Math.round(Math.log2(Number(rows[0].hash.split('$')[1])));
  const paging = { page: 1, pageSize: 25, sortBy: 'createdAt', sortOrder: 'desc' } as const;
  if (!target.seeded && Number(open[0].n) > 0) {
    log(`large: the Payins report export of ${range.from} to ${range.to} through the app in this process`);
    const runs = await inProcess(target.base, pool, range);
    for (const r of runs)
      if (r.rows !== r.expected)
        out.problems.push(`GET ${r.path} (${r.encoding}): ${r.rows} rows, ${r.expected} expected`);
    const statement = await explain(pool, await payinReportCsv(db, admin, range, paging));
    return { runs, statement, ...range, where: 'this process' };
  }
  const boards: BoardsResult = {
    periods: { board: range, report: range },
    floor: [],
    requests: [],
    targets: [],
    problems: [],
  };
  const before = process.env.PASSWORD_HASH_COST;
  process.env.PASSWORD_HASH_COST = String(Math.min(20, Math.max(15, cost)));
  try {
    log(`large: the Payins report export of ${range.from} to ${range.to} (${range.rows.toLocaleString('en-US')} rows)`);
    await benchExport(boards, log, target.url, pool, db, admin);
  } finally {
    if (before === undefined) delete process.env.PASSWORD_HASH_COST;
    else process.env.PASSWORD_HASH_COST = before;
  }
  // The boards bench exports every pay-in; here fewer days are asked for on purpose.
  out.problems.push(...boards.problems.filter((p) => !p.startsWith("the export's days hold")));
  return { ...boards.export!, ...range, where: 'child process' };
};
