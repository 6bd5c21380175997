import type { TeamResult, TeamRun } from './embedded-team';
import { others } from './measured';
import { BIG_MERCHANT } from './seed/deposits';
import { round } from './stats';
import { fmt, table, times } from './table';

/** The issue's targets. */
export const LIST_P99_MS = 100;
/** The embedded database within this share of the system's PostgreSQL. */
export const WITHIN = 0.1;
/** Creations count as kept up with at this share of the rate asked. */
const KEPT_UP = 0.95;

const failedOf = (r: TeamRun) => r.load.browsing.failed + r.load.creations.failed;

/** Each target of the issue, met or not, with its figure. */
export const judgeTeam = (out: TeamResult, screens: number) => {
  for (const r of out.runs) {
    const who = r.engine === 'embedded' ? 'embedded' : 'system PostgreSQL';
    const measuredScreens = r.load.screens.filter((s) => s.requests > 0);
    const worst = [...measuredScreens].sort((a, b) => b.p99 - a.p99)[0];
    out.targets.push(
      {
        what: `${who}: every screen's p99 (slowest: ${worst?.name ?? '–'})`,
        target: `< ${LIST_P99_MS} ms`,
        figure: `${fmt(worst?.p99)} ms`,
        met: !!worst && worst.p99 < LIST_P99_MS && measuredScreens.length >= screens - 1,
      },
      {
        what: `${who}: failed requests (browsing and creations)`,
        target: '0',
        figure: String(failedOf(r)),
        met: failedOf(r) === 0,
      },
      {
        what: `${who}: pay-ins created per second`,
        target: `≥ ${round(r.load.creations.target * KEPT_UP, 1)}/s`,
        figure: `${fmt(r.load.creations.perSec)}/s`,
        met: r.load.creations.perSec >= r.load.creations.target * KEPT_UP,
      },
    );
  }
  const [e, s] = [out.runs.find((r) => r.engine === 'embedded'), out.runs.find((r) => r.engine === 'postgres')];
  if (!e || !s) return;
  const ratio = (a: number, b: number) => a / Math.max(b, 0.1);
  for (const [what, a, b] of [
    ['browsing p50', e.load.browsing.p50, s.load.browsing.p50],
    ['browsing p99', e.load.browsing.p99, s.load.browsing.p99],
    ['pay-in creation p99', e.load.creations.p99, s.load.creations.p99],
  ] as const)
    out.targets.push({
      what: `embedded ÷ system PostgreSQL: ${what}`,
      target: `≤ ${times(1 + WITHIN)}`,
      figure: times(ratio(a, b)),
      met: ratio(a, b) <= 1 + WITHIN,
    });
};

const label = (r: TeamRun) => (r.engine === 'embedded' ? 'embedded' : 'system PG');

/** The section's tables: each screen on both databases side by side, then the whole, the settings, the targets. */
export const teamReport = (out: TeamResult): string[] => {
  const p = out.plan;
  const lines: string[] = [
    `Small team on the product as npm start runs it (server bundle in a child process): ${p.payins.toLocaleString('en-US')} generated pay-ins,`,
    `${p.people} people browsing (closed loop, think time uniform 0–${p.thinkMs} ms; 3 in 5 staff, 1 in 5 merchant user of ${BIG_MERCHANT}, 1 in 5 vendor user)`,
    `while one merchant creates ${p.createPerSec} pay-ins/s through POST /v1/merchant-api/payins (open loop), ${p.seconds} s after ${p.warmupSeconds} s unmeasured.`,
    'Latency: request sent to whole body read, in the bench process (ms).',
  ];
  if (out.skipped) lines.push(`Note: ${out.skipped}.`);
  const runs = out.runs;
  if (runs.length === 0) return [...lines, 'No run finished.'];
  const [a, b] = runs;
  const e = runs.find((r) => r.engine === 'embedded');
  const sys = runs.find((r) => r.engine === 'postgres');
  const x = (of: (r: TeamRun) => number) => (e && sys ? [times(of(e) / Math.max(of(sys), 0.1))] : []);
  const names = a.load.screens.map((s) => s.name);
  const headers = [
    'screen',
    ...runs.flatMap((r) => [`${label(r)} n`, 'p50', 'p99']),
    ...(e && sys ? ['p50 ×', 'p99 ×'] : []),
    'failed',
  ];
  const row = (name: string, of: (r: TeamRun) => { requests: number; p50: number; p99: number; failed: number }) => [
    name,
    ...runs.flatMap((r) => [of(r).requests, fmt(of(r).p50), fmt(of(r).p99)]),
    ...x((r) => of(r).p50),
    ...x((r) => of(r).p99),
    runs.map((r) => of(r).failed).join(' / '),
  ];
  const rows = names.map((name, i) => row(name, (r) => r.load.screens[i]));
  rows.push(row('all screens', (r) => r.load.browsing));
  rows.push(row(`pay-in creations (${p.createPerSec}/s asked)`, (r) => r.load.creations));
  lines.push('', table(headers, rows), `   ×: embedded ÷ system PostgreSQL; failed: ${runs.map(label).join(' / ')}.`);

  lines.push(
    '',
    table(
      [
        'database',
        'version',
        'browsing req/s',
        'created/s',
        'cores: server',
        'database',
        'load gen.',
        'others before / during',
        'sessions mostly',
      ],
      runs.map((r) => [
        label(r),
        r.version.replace(/\s*\(.*\)\s*$/, ''),
        fmt(r.load.browsing.perSec),
        fmt(r.load.creations.perSec),
        fmt(r.load.cores.server, 2),
        fmt(r.load.cores.database, 2),
        fmt(r.load.cores.loadGenerator, 2),
        others(r.load.otherCpu),
        r.load.waits.map((w) => `${w.what} ${fmt(w.sessions, 2)}`).join(', '),
      ]),
    ),
    '   cores: CPU used over the window (server: the product process; database: its sessions; load gen.: this process).',
    `   Seeding: ${runs.map((r) => `${label(r)} ${fmt(r.seed.ms.total / 1000)} s pay-ins + ${fmt(r.seed.rollupsMs / 1000)} s rollups`).join('; ')}.`,
  );

  const keys = Object.keys(a.settings);
  lines.push(
    '',
    table(
      ['setting', ...runs.map(label), ''],
      keys.map((k) => [
        k,
        ...runs.map((r) => r.settings[k] ?? '–'),
        b && a.settings[k] !== b.settings[k] ? 'differs' : '',
      ]),
    ),
  );
  for (const r of runs)
    if (r.load.failures.length > 0) lines.push(`   ${label(r)} failures: ${r.load.failures.join(' | ')}`);
  lines.push(
    '',
    table(
      ['target', 'wanted', 'figure', ''],
      out.targets.map((t) => [t.what, t.target, t.figure, t.met ? 'MET' : 'NOT MET']),
    ),
  );
  return lines;
};
