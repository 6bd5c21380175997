import { COUNT_CAP } from '../../server/services/payins/payins-list';
import { others } from './measured';
import { CREATE_PER_SEC, HOT } from './payout-creation';
import type { PayoutsResult } from './payouts';
import { BIG_MERCHANT, MERCHANTS } from './seed/payouts';
import { abridged } from './sql-probes';
import { fmt, table } from './table';

const n0 = (v: number | undefined) => (v === undefined ? '–' : v.toLocaleString('en-US'));
const sessions = (waits: { what: string; sessions: number }[]) =>
  waits
    .slice(0, 4)
    .map((w) => `${w.what} ${fmt(w.sessions, 1)}`)
    .join(', ');

const listsTable = (r: PayoutsResult) => {
  const rows: (string | number)[][] = [];
  for (const f of r.floor)
    rows.push([
      'floor: GET /v1/health (select 1)',
      '',
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
  for (const l of r.lists)
    l.runs.forEach(({ connections, http: h, sql }, i) =>
      rows.push([
        i === 0 ? `${l.name} (${l.rows}/${n0(l.total)}${l.totalCapped ? '+' : ''})` : '',
        i === 0 ? l.token : '',
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
      'list (rows/total)',
      'token',
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

const creationLines = (r: PayoutsResult): string[] => {
  const c = r.creation;
  if (!c) return [];
  const health = r.floor.at(-1);
  const out = [
    '',
    `   9c. Pay-out creation: POST /v1/merchant-api/payouts with X-Api-Key, round robin over ${HOT} merchants (hot accounts), from a child`,
    `       process on kept-alive connections. A lone request sends ${c.statementsPerRequest} statements (the merchant's key, then createPayout's transaction);`,
    '       requests that arrive together share a transaction ("per tx": pay-outs written by each). Floor: a lone request\'s statements bare',
    `       (captured, replayed with a fresh order id on each connection, no batching), and GET /v1/health. Target: above ${CREATE_PER_SEC} created/s, no overdraft.`,
  ];
  const rows: (string | number)[][] = c.runs.map((x) => [
    `${x.name} (${x.merchants})`,
    n0(x.requests),
    n0(x.created),
    n0(x.answers['409 INSUFFICIENT_BALANCE'] ?? 0),
    n0(x.requests - x.created - (x.answers['409 INSUFFICIENT_BALANCE'] ?? 0)),
    fmt(x.ms / 1000, 1),
    n0(x.perSec),
    n0(x.rowsPerSec),
    fmt(x.p50, 1),
    fmt(x.p99, 1),
    fmt(x.check.rows / Math.max(1, x.check.transactions), 1),
    `${fmt(x.cpu.server, 2)} / ${fmt(x.cpu.database, 2)}`,
    sessions(x.waits),
    others(x.otherCpu),
  ]);
  if (c.floor)
    rows.push([
      "floor: a lone request's statements bare",
      n0(c.floor.requests),
      n0(c.floor.requests),
      '',
      '',
      fmt(c.floor.ms / 1000, 1),
      n0(c.floor.perSec),
      n0(c.floor.perSec),
      fmt(c.floor.p50, 1),
      fmt(c.floor.p99, 1),
      '1',
      `– / ${fmt(c.floor.cpu.database, 2)}`,
      sessions(c.floor.waits),
      others(c.floor.otherCpu),
    ]);
  if (health)
    rows.push([
      'floor: GET /v1/health',
      n0(health.http.requests),
      '',
      '',
      '',
      fmt(health.http.seconds, 0),
      n0(Math.round(health.http.reqPerSec)),
      '',
      fmt(health.http.latencyMs.p50, 0),
      fmt(health.http.latencyMs.p99, 0),
      '',
      '',
      '',
      others(health.http.otherCpu),
    ]);
  out.push(
    table(
      [
        'run',
        'requests',
        '201',
        '409 balance',
        'other',
        's',
        'req/s',
        'created/s',
        'p50 ms',
        'p99 ms',
        'per tx',
        'cores server / db',
        'database sessions (avg)',
        'others',
      ],
      rows,
    ),
  );
  for (const x of c.runs) {
    const k = x.check;
    out.push(
      `   ${x.name}: ${n0(k.rows)} pay-outs written for ${n0(x.created)} answers 201 (${k.missing} missing, ${k.extra} unanswered), ${k.badHolds} without exactly one PENDING hold of amount + fee, ${k.badAudits} without exactly one audit event` +
        (k.expectedEach === undefined
          ? '.'
          : `; each merchant ${k.perMerchant.every((m) => m.created === k.expectedEach) ? `created exactly the ${k.expectedEach} its money covered` : `created ${k.perMerchant.map((m) => m.created).join('/')} (expected ${k.expectedEach})`}, available left ${k.perMerchant.map((m) => `₹${fmt(m.available / 100, 0)}`).join('/')}.`),
    );
  }
  const l = c.ledger;
  if (l)
    out.push(
      `   Ledger afterwards: ${l.overdrawn} merchants overdrawn (balance − held < 0), ${l.heldVsHolds} accounts whose held is not their PENDING holds, ${l.heldVsWaiting} merchants whose held is not their INITIATED pay-outs, ${l.unbalancedJournals} unbalanced journals, ${l.balanceVsEntries} balances not the sum of their entries.`,
    );
  out.push('   Statements of one request:', ...c.statements.map((s, i) => `     ${i + 1}. ${s}`));
  return out;
};

export const payoutsReport = (r: PayoutsResult): string[] => {
  if (r.skipped) return [`9. Pay-outs: skipped (${r.skipped})`];
  const out: string[] = [
    `9. Pay-outs on PostgreSQL ${r.version ?? '?'} (${r.where ?? ''}); buildApp in this process (its pool: 10 connections), clients in child processes`,
  ];
  const s = r.seed;
  if (s) {
    const by = Object.entries(s.byStatus)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${n0(v)}`)
      .join(', ');
    out.push(
      `   Generated (INSERT … SELECT generate_series, indexes built after, VACUUM ANALYZE): ${n0(s.payouts)} pay-outs over ${MERCHANTS} merchants`,
      `   (${BIG_MERCHANT} ${fmt(s.share.top1 * 100, 0)} %, top ten ${fmt(s.share.top10 * 100, 0)} %) and 90 days: ${by}. Each merchant funded by one balanced`,
      `   journal (postJournals); the INITIATED ones hold ₹${n0(Math.round(s.held / 100))} (one PENDING hold each); the finished history has no journals.`,
      `   ${fmt(s.ms.total / 1000, 1)} s in all: rows ${fmt(s.ms.payouts / 1000, 1)} s, indexes ${fmt(s.ms.indexes / 1000, 1)} s, ledger ${fmt(s.ms.ledger / 1000, 1)} s, vacuum analyze ${fmt(s.ms.vacuumAnalyze / 1000, 1)} s.`,
    );
  }
  out.push(
    '',
    `   9a. Withdrawal lists (page 1 of 25, newest first; days ${r.days?.from} to ${r.days?.to}) over HTTP, and the same statements bare`,
    `       (pg client, listPayouts' statements one after another on one connection per worker). MERCHANT: the user of ${BIG_MERCHANT}.`,
    listsTable(r),
    '',
    `   9b. Plans: EXPLAIN (ANALYZE, BUFFERS) of the statements listPayouts sends (faster of two runs), abridged; counts stop at ${n0(COUNT_CAP)}.`,
    '       Each statement is planned again on every request (no prepared statements): planning is shown beside execution.',
  );
  for (const l of r.lists)
    for (const st of l.statements) {
      const what = /count\(\*\)/.test(st.sql) ? 'count' : /from "payouts"/i.test(st.sql) ? 'page' : 'scope';
      out.push(
        `   — ${l.name}, ${l.token}, ${what}: ${fmt(st.executionMs, 2)} ms (planning ${fmt(st.planningMs, 2)} ms)`,
      );
      if (l.token === 'ADMIN' || what === 'page') out.push(...abridged(st.plan).map((p) => `     ${p}`));
    }
  out.push(...creationLines(r));
  for (const p of r.problems) out.push(`   problem: ${p}`);
  return out;
};

export const payoutsOtherCpu = (r: PayoutsResult | undefined) => [
  ...(r?.floor ?? []).map((f) => f.http.otherCpu),
  ...(r?.lists ?? []).flatMap((l) => l.runs.flatMap((x) => [x.http.otherCpu, x.sql.otherCpu])),
  ...(r?.creation?.runs ?? []).map((x) => x.otherCpu),
  r?.creation?.floor?.otherCpu,
];
