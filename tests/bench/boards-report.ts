import { DASHBOARD_P99_MS, type BoardsResult } from './boards';
import { EXPORT_GROWTH_MB, EXPORT_SECONDS } from './boards-export';
import { others } from './measured';
import { BIG_MERCHANT, MERCHANTS } from './seed/deposits';
import { abridged, type Statement } from './sql-probes';
import { fmt, table } from './table';

const n0 = (v: number | undefined) => (v === undefined ? '–' : v.toLocaleString('en-US'));
const byStatus = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${n0(v)}`)
    .join(', ');

/** What a statement of the boards' services does, in a few words. */
const labelOf = (sql: string) => {
  if (/with members/i.test(sql)) return 'days of the parties (rollups)';
  if (/generate_series/i.test(sql)) return 'series (rollups)';
  if (/from payin_speeds/i.test(sql)) return 'medians (payin_speeds)';
  if (/from ledger_accounts/i.test(sql)) return 'net balance (ledger_accounts)';
  if (/from money_rollups/i.test(sql)) return 'sums (rollups)';
  if (/from vendors v left join bank_accounts/i.test(sql)) return "the vendor's parties";
  if (/select code from merchants/i.test(sql)) return 'the parties (merchant codes)';
  if (/from merchants/i.test(sql)) return 'the merchant ids';
  return sql.replace(/\s+/g, ' ').slice(0, 40);
};

const requestsTable = (r: BoardsResult) => {
  const rows: (string | number)[][] = [];
  for (const f of r.floor)
    rows.push([
      'floor: GET /v1/health (select 1)',
      f.connections,
      fmt(f.http.reqPerSec, 0),
      fmt(f.http.latencyMs.p50, 0),
      fmt(f.http.latencyMs.p99, 0),
      '',
      '',
      '',
      f.http.non2xx + f.http.errors + f.http.timeouts,
      others(f.http.otherCpu),
    ]);
  for (const q of r.requests)
    q.runs.forEach(({ connections, http: h, sql }, i) =>
      rows.push([
        i === 0 ? `${q.name} (${n0(q.bytes)} B)` : '',
        connections,
        fmt(h.reqPerSec, 0),
        fmt(h.latencyMs.p50, 0),
        fmt(h.latencyMs.p99, 0),
        fmt(sql.perSec, 0),
        fmt(sql.p50, 2),
        fmt(sql.p99, 2),
        h.non2xx + h.errors + h.timeouts,
        `${others(h.otherCpu)}; ${others(sql.otherCpu)}`,
      ]),
    );
  return table(
    [
      'request (body)',
      'conn',
      'HTTP req/s',
      'p50 ms',
      'p99 ms',
      'SQL req/s',
      'SQL p50 ms',
      'SQL p99 ms',
      'failed',
      'others HTTP; SQL',
    ],
    rows,
  );
};

const planLines = (st: Statement) => abridged(st.plan).map((p) => `       ${p}`);

const statementLines = (r: BoardsResult): string[] => {
  const out: string[] = [];
  for (const q of r.requests) {
    out.push(`   — ${q.name}: ${q.path}`);
    q.statements.forEach((st, i) => {
      const how = i < q.atOnceFrom ? 'in turn' : 'at once';
      out.push(
        `     ${i + 1}. ${labelOf(st.sql)} (${how}): ${fmt(st.executionMs, 2)} ms, planning ${fmt(st.planningMs, 2)} ms`,
      );
    });
  }
  const dash = r.requests.filter((q) => q.path.startsWith('/v1/dashboard'));
  for (const q of dash) {
    const sums = q.statements.find((st) => labelOf(st.sql) === 'sums (rollups)');
    if (!sums) continue;
    out.push(
      '',
      `   The Dashboard's sums statement (${q.name}), EXPLAIN (ANALYZE, BUFFERS), abridged:`,
      ...planLines(sums),
    );
  }
  const slow = r.requests.flatMap((q) =>
    q.statements
      .filter((st) => st.executionMs >= 10 && labelOf(st.sql) !== 'sums (rollups)')
      .map((st) => [q, st] as const),
  );
  for (const [q, st] of slow) out.push('', `   ${labelOf(st.sql)} of ${q.name} (10 ms or more):`, ...planLines(st));
  return out;
};

const exportLines = (r: BoardsResult): string[] => {
  const e = r.export;
  const first = e?.runs[0];
  if (!e || !first) return [];
  const out = [
    '',
    `   10c. GET ${first.path} as ADMIN from the product (node --import tsx server/main.ts, a child process), read as a`,
    "        stream here with its lines counted (MB: the CSV as inflated here); the server's resident memory sampled every 20 ms",
    '        from /proc (VmRSS, and VmHWM reset just before), after one unmeasured export of a day. One COPY of the report query, newest',
    "        first. Asked for compressed as a browser asks, then uncompressed. Cores: busy during the export, the product's",
    "        process / the database's backends / this process reading.",
    table(
      [
        'Accept-Encoding',
        'rows',
        'lines',
        'MB',
        'first byte s',
        'total s',
        'rows/s',
        'RSS before MB',
        'peak RSS MB',
        'growth MB',
        'peak from',
        'cores',
        'others',
      ],
      e.runs.map((x) => [
        x.encoding,
        n0(x.rows),
        n0(x.lines),
        fmt(x.bytes / 2 ** 20, 1),
        fmt(x.firstChunkMs / 1000, 2),
        fmt(x.totalMs / 1000, 1),
        n0(x.rowsPerSec),
        fmt(x.rssBeforeMb, 1),
        fmt(x.peakRssMb, 1),
        fmt(x.growthMb, 1),
        x.peakFrom,
        `${fmt(x.cores.server, 2)} / ${fmt(x.cores.database, 2)} / ${fmt(x.cores.client, 2)}`,
        others(x.otherCpu),
      ]),
    ),
  ];
  const st = e.statement;
  if (st)
    out.push(
      `   The export's statement (inside COPY … TO STDOUT): ${fmt(st.executionMs, 2)} ms (planning ${fmt(st.planningMs, 2)} ms), abridged:`,
      ...planLines(st),
    );
  return out;
};

export const boardsReport = (r: BoardsResult): string[] => {
  if (r.skipped) return [`10. Boards: skipped (${r.skipped})`];
  const out: string[] = [
    `10. Boards on PostgreSQL ${r.version ?? '?'} (${r.where ?? ''}); the boards through buildApp in this process (its pool: 10 connections),`,
    '    the export through the product in a child process; load generator in a child process',
  ];
  const s = r.seed;
  if (s) {
    const ro = s.rollups;
    out.push(
      `   Generated (the deposits' and pay-outs' benches' generators, VACUUM ANALYZE) on ${MERCHANTS} merchants over 90 days: ${n0(s.deposits.payins)} pay-ins`,
      `   (${byStatus(s.deposits.byStatus)}) and ${n0(s.payouts.payouts)} pay-outs (${byStatus(s.payouts.byStatus)}).`,
      `   Their rollups filled in SQL as the services would have written them: ${n0(ro.hourRows)} hour and ${n0(ro.dayRows)} day rows of`,
      `   ${n0(ro.parties)} parties in money_rollups (${fmt(ro.mb, 1)} MB with its index), ${n0(ro.speedRows)} payin_speeds rows. ${fmt(s.ms.total / 1000, 1)} s in all: pay-ins`,
      `   ${fmt(s.ms.payins / 1000, 1)} s, pay-outs ${fmt(s.ms.payouts / 1000, 1)} s, rollups ${fmt(s.ms.rollups / 1000, 1)} s. Rollup totals against the rows: ${s.disagreements.length === 0 ? 'all agree' : `${s.disagreements.length} disagree (below)`}.`,
    );
  }
  const p = r.periods;
  out.push(
    '',
    `   10a. As ADMIN: the boards over ${p?.board.from} to ${p?.board.to} (30 IST days), the Accounts report over ${p?.report.from} to ${p?.report.to};`,
    `        ${BIG_MERCHANT} is the biggest merchant. Over HTTP, and bare: the statements the service sends (captured), replayed with pg on a`,
    '        pool of 10 as the service sends them (its first statement, then the rest at once for the boards; in turn for the report).',
    requestsTable(r),
    '',
    '   10b. The statements of each request: EXPLAIN (ANALYZE, BUFFERS), the faster of two runs',
    ...statementLines(r),
    ...exportLines(r),
    '',
    `   Targets (issue 13): Dashboard p99 < ${DASHBOARD_P99_MS} ms; export of every pay-in < ${EXPORT_SECONDS} s, server memory growth < ${EXPORT_GROWTH_MB} MB.`,
    table(
      ['what', 'target', 'measured', 'met'],
      r.targets.map((t) => [t.what, t.target, t.figure, t.met ? 'MET' : 'NOT MET']),
    ),
  );
  for (const problem of r.problems) out.push(`   problem: ${problem}`);
  return out;
};

export const boardsOtherCpu = (r: BoardsResult | undefined) => [
  ...(r?.floor ?? []).map((f) => f.http.otherCpu),
  ...(r?.requests ?? []).flatMap((q) => q.runs.flatMap((x) => [x.http.otherCpu, x.sql.otherCpu])),
  ...(r?.export?.runs ?? []).map((x) => x.otherCpu),
];
