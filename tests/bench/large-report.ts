import type { LargeRequest, LargeResult, LoadRun } from './large';
import { EXPORT_ROWS } from './large-export';
import { floorOf, shareOf } from './large-targets';
import { LARGE_CREATE } from './large-writes';
import { others } from './measured';
import { abridged, type Statement } from './sql-probes';
import { fmt, table } from './table';

const n0 = (v: number | undefined | null) => (v === undefined || v === null ? '–' : v.toLocaleString('en-US'));
const s1 = (ms: number | undefined) => `${fmt((ms ?? NaN) / 1000, 1)} s`;
const failed = (r: LoadRun) => r.non2xx + r.errors + r.timeouts;

const seedLines = (r: LargeResult): string[] => {
  const c = r.counts ?? {};
  const counts = `${n0(c.payins)} pay-ins, ${n0(c.payouts)} pay-outs, ${n0(c.ledger_journals)} journals, ${n0(c.ledger_entries)} ledger entries, ${n0(c.money_rollups)} rollup rows, ${n0(c.merchants)} merchants, ${n0(c.vendors)} vendors (estimates where millions)`;
  const s = r.seed;
  if (!s) return [`   Used as it was (ANALYZE only): ${counts}.`];
  const d = s.deposits.ms;
  const p = s.payouts.ms;
  const j = s.journals;
  return [
    `   Seeded here (seedBoards, 500 merchants, 100 pay-in accounts, 180 days, 20 vendors, journals): ${counts}.`,
    `   ${s1(s.ms.total)} in all. Pay-ins ${s1(s.ms.payins)} (setup ${s1(d.setup)}, rows ${s1(d.payins)}, indexes ${s1(d.indexes)}, vacuum analyze ${s1(d.vacuumAnalyze)});`,
    `   pay-outs ${s1(s.ms.payouts)} (rows ${s1(p.payouts)}, indexes ${s1(p.indexes)}, ledger ${s1(p.ledger)}, vacuum analyze ${s1(p.vacuumAnalyze)});`,
    j
      ? `   journals ${s1(j.ms.total)}: ${n0(j.journals)} journals (${s1(j.ms.journals)}), ${n0(j.entries)} entries (${s1(j.ms.entries)}), indexes ${s1(j.ms.indexes)}; ${j.unbalanced} unbalanced, sum ${j.total};`
      : '   no journals;',
    `   rollups ${s1(s.ms.rollups)}: ${n0(s.rollups.hourRows)} hour and ${n0(s.rollups.dayRows)} day rows (${fmt(s.rollups.mb, 0)} MB). Rollup totals against the rows: ${s.disagreements.length === 0 ? 'all agree' : `${s.disagreements.length} disagree`}.`,
  ];
};

const requestsTable = (r: LargeResult) => {
  const rows: (string | number)[][] = [];
  for (const h of r.health)
    rows.push([
      'floor: GET /v1/health (select 1)',
      h.connections,
      fmt(h.http.latencyMs.p50, 0),
      fmt(h.http.latencyMs.p99, 0),
      fmt(h.http.reqPerSec, 0),
      '',
      '',
      '',
      '',
      failed(h.http),
      '',
      others(h.http.otherCpu),
    ]);
  const met = (q: LargeRequest, conn: number) => {
    const label = `${q.name} (${q.who}), `;
    const mine = r.targets.filter((t) => t.what.startsWith(label) && t.what.includes(` ${conn} conn.`));
    return mine.length === 0 ? '' : mine.every((t) => t.met) ? 'met' : 'NOT MET';
  };
  for (const q of r.requests)
    q.runs.forEach((run, i) => {
      const judged = floorOf(r, run) === run.floorSession;
      // The judged share: the median of the rounds, each round's shown after it.
      const rounds = run.shares ? ` (${run.shares.map((x) => fmt(x * 100, 0)).join('/')})` : '';
      rows.push([
        i === 0 ? `${q.name} (${q.who}; ${q.rows === null ? `${n0(q.bytes)} B` : `${q.rows}/${n0(q.total)}`})` : '',
        run.connections,
        fmt(run.http.latencyMs.p50, 0),
        fmt(run.http.latencyMs.p99, 0),
        fmt(run.http.reqPerSec, 0),
        fmt(run.floor.reqPerSec, 0),
        `${fmt(shareOf(run.http, run.floor) * 100, 0)} %${judged ? '' : `*${rounds}`}`,
        fmt(run.floorSession.reqPerSec, 0),
        `${fmt(shareOf(run.http, run.floorSession) * 100, 0)} %${judged ? `*${rounds}` : ''}`,
        failed(run.http) + failed(run.floor) + failed(run.floorSession),
        met(q, run.connections),
        others(run.http.otherCpu),
      ]);
    });
  return table(
    [
      'request (user; rows/total or body)',
      'conn',
      'HTTP p50 ms',
      'p99 ms',
      'req/s',
      'floor req/s',
      'share',
      'floor+session req/s',
      'share',
      'failed',
      'targets',
      'others before / during',
    ],
    rows,
  );
};

const planLines = (st: Statement) => abridged(st.plan).map((p) => `       ${p}`);
/** A statement in a few words: a list's page (its capped count inside, or alone), else its first words. */
const whatOf = (sql: string) => {
  const counts = /count\(\*\)/i.test(sql);
  const pages = /order by/i.test(sql) && /limit/i.test(sql);
  if (counts && pages) return 'page with its capped count';
  if (counts) return 'capped count';
  return sql.replace(/\s+/g, ' ').trim().slice(0, 50);
};

const statementLines = (r: LargeResult): string[] => {
  const out: string[] = [];
  for (const q of r.requests) {
    out.push(`   — ${q.name} (${q.who}): ${q.path}`);
    q.statements.forEach((st, i) =>
      out.push(
        `     ${i + 1}. ${whatOf(st.sql)} (${i < q.atOnceFrom ? 'in turn' : 'at once'}): ${fmt(st.executionMs, 2)} ms, planning ${fmt(st.planningMs, 2)} ms`,
      ),
    );
  }
  // The plans of the main lists (staff's) and of any other statement of 5 ms or more.
  for (const q of r.requests)
    for (const st of q.statements)
      if ((q.kind === 'list' && q.who === 'admin') || st.executionMs >= 5)
        out.push('', `   ${q.name} (${q.who}), ${whatOf(st.sql)}: ${fmt(st.executionMs, 2)} ms`, ...planLines(st));
  return out;
};

const exportLines = (r: LargeResult): string[] => {
  const e = r.export;
  if (!e || e.runs.length === 0) return [];
  return [
    '',
    `   Payins report CSV of ${e.from} to ${e.to} (the newest IST days holding ${n0(EXPORT_ROWS)} pay-ins or more: ${n0(e.rows)}), as ADMIN`,
    e.where === 'child process'
      ? "   from the product in a child process (boards-export.ts: its memory sampled from /proc; cores: the product's / the database's / this reader's):"
      : '   through the app in this process (a product process would have dropped the expired open links of the given database), its memory sampled here:',
    table(
      [
        'Accept-Encoding',
        'rows',
        'MB',
        'first byte s',
        'total s',
        'rows/s',
        'RSS before MB',
        'peak MB',
        'growth MB',
        'cores',
        'others',
      ],
      e.runs.map((x) => [
        x.encoding,
        n0(x.rows),
        fmt(x.bytes / 2 ** 20, 1),
        fmt(x.firstChunkMs / 1000, 2),
        fmt(x.totalMs / 1000, 1),
        n0(x.rowsPerSec),
        fmt(x.rssBeforeMb, 1),
        fmt(x.peakRssMb, 1),
        fmt(x.growthMb, 1),
        `${fmt(x.cores.server, 2)} / ${fmt(x.cores.database, 2)} / ${fmt(x.cores.client, 2)}`,
        others(x.otherCpu),
      ]),
    ),
    ...(e.statement
      ? [`   The export's statement: ${fmt(e.statement.executionMs, 0)} ms, abridged:`, ...planLines(e.statement)]
      : []),
  ];
};

const writeLines = (r: LargeResult): string[] => {
  const out: string[] = [];
  const c = r.creation;
  if (c)
    out.push(
      '',
      `   Pay-in creation: POST /v1/merchant-api/payins (X-Api-Key, unique merchantOrderId) on ${c.merchants}, ${n0(LARGE_CREATE)} requests from a child process:`,
      `   ${n0(c.created)} created in ${s1(c.ms)} = ${n0(c.rowsPerSec)} rows/s; p50 ${fmt(c.p50, 1)} ms, p99 ${fmt(c.p99, 1)} ms; answers ${Object.entries(
        c.answers,
      )
        .map(([k, v]) => `${k}: ${n0(v)}`)
        .join(', ')};`,
      `   the same ${c.floor.statements} statements from a bare route: ${n0(c.floor.rowsPerSec)} rows/s (p50 ${fmt(c.floor.p50, 1)} ms, p99 ${fmt(c.floor.p99, 1)} ms): the product at ${fmt((100 * c.rowsPerSec) / c.floor.rowsPerSec, 0)} % of it;`,
      `   cores: server ${fmt(c.cpu.server, 2)}, database ${fmt(c.cpu.database, 2)}; database sessions ${c.waits
        .slice(0, 4)
        .map((w) => `${w.what} ${fmt(w.sessions, 1)}`)
        .join(
          ', ',
        )}; others ${others(c.otherCpu)}.${r.removed === undefined ? '' : ` Taken out again after: ${n0(r.removed)} pay-ins.`}`,
    );
  const s = r.signIns;
  if (s) {
    out.push(
      '',
      `   Sign-in: POST /v1/login of ${s.user} (override), a closed loop in this process. scrypt cost log2 N = ${s.defaultCost} (passwords.ts default, r=8, p=1;`,
      `   the stored hash: ${s.storedCost ?? '?'}); one hashPassword at ${s.defaultCost} measured: ${fmt(s.hashMs, 0)} ms.`,
      table(
        ['connections', 'sign-ins', 'per s', 'p50 ms', 'p99 ms', 'others'],
        s.runs.map((x) => [
          x.connections,
          x.requests,
          fmt(x.perSec, 1),
          fmt(x.p50, 0),
          fmt(x.p99, 0),
          others(x.otherCpu),
        ]),
      ),
    );
  }
  return out;
};

export const largeReport = (r: LargeResult): string[] => {
  if (r.skipped) return [`11. Large: skipped (${r.skipped})`];
  const sent = r.sent;
  return [
    `11. Large (issue 15) on PostgreSQL ${r.version ?? '?'} (${r.where ?? ''}); buildApp in this process (its pool: 10), load generator in a child process`,
    ...seedLines(r),
    `   The merchant user: ${r.users?.merchant.join(', ') ?? '?'}; the vendor user: ${r.users?.vendor ?? '?'}.`,
    sent
      ? `   Over ${sent.requests} repeated requests of the first list with one token the product sent ${sent.statements} statements, ${sent.sessionChecks} of them the session check.`
      : '',
    '',
    '   Each request over HTTP, then its same-SQL floor: a bare Fastify route in this process (pg pool of 10) sending the statements the',
    "   service sends (captured), answering their rows; then that floor with the session check first. share: HTTP req/s of the floor's;",
    '   * marks the floor judged against (with the session check only if the product sends it per request); at many connections',
    "   product and floors run in turn LARGE_ROUNDS times (3 unless set), the round of the median share kept, each round's share in brackets.",
    requestsTable(r),
    '',
    '   The statements of each request: EXPLAIN (ANALYZE, BUFFERS), the faster of two runs',
    ...statementLines(r),
    ...exportLines(r),
    ...writeLines(r),
    '',
    '   Targets (issue 15): lists p99 < 20 ms at 50 connections, staff list ≥ 4,000 req/s, each request ≥ 80 % of its floor; Dashboard',
    '   p99 < 50 ms; Accounts report < 200 ms; export < 10 s with memory growth < 50 MB.',
    table(
      ['what', 'target', 'measured', 'met'],
      r.targets.map((t) => [t.what, t.target, t.figure, t.met ? 'MET' : 'NOT MET']),
    ),
    ...r.problems.map((p) => `   problem: ${p}`),
  ];
};

export const largeOtherCpu = (r: LargeResult | undefined) => [
  ...(r?.health ?? []).map((h) => h.http.otherCpu),
  ...(r?.requests ?? []).flatMap((q) =>
    q.runs.flatMap((x) => [x.http.otherCpu, x.floor.otherCpu, x.floorSession.otherCpu]),
  ),
  ...(r?.export?.runs ?? []).map((x) => x.otherCpu),
  r?.creation?.otherCpu,
  ...(r?.signIns?.runs ?? []).map((x) => x.otherCpu),
];
