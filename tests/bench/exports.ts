import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { signIn } from './measure';
import { startProduct } from './product';
import { exportOnce, type ExportResult } from './scale';
import { seedAll } from './seed/scale';
import { ROOT, type Settings } from './settings';
import { round } from './stats';
import { fmt, table } from './table';
import { openBenchDatabase, postgresReachable } from './targets';

interface Walk {
  mode: 'keyset' | 'offset' | 'floor';
  rows: number;
  ms: number;
  rowsPerSec: number;
  peakRssMb: number | null;
}

export interface ExportsResult {
  skipped?: string;
  merchants?: number;
  http?: Omit<ExportResult, 'path'>;
  walks: Walk[];
  problems: string[];
}

const run = promisify(execFile);

const walk = async (mode: Walk['mode'], url: string): Promise<Walk> => {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join('tests', 'bench', 'export-walk.ts'), mode, url],
    {
      cwd: ROOT,
      maxBuffer: 1024 * 1024,
    },
  );
  const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as Omit<Walk, 'mode' | 'rowsPerSec'>;
  return { mode, ...r, rowsPerSec: round(r.rows / (r.ms / 1000), 0) };
};

/**
 * The merchants CSV export over BENCH_EXPORT_ROWS generated merchants on PostgreSQL: through the
 * product's HTTP route (keyset), and walked in a process of its own by key, by OFFSET (the way
 * before) and as one bare SQL statement (the floor), all in the same run.
 */
export const benchExports = async (settings: Settings, log: (line: string) => void): Promise<ExportsResult> => {
  const out: ExportsResult = { walks: [], problems: [] };
  const reason = await postgresReachable(settings.postgresUrl);
  if (reason) return { ...out, skipped: `PostgreSQL not reachable: ${reason}` };
  const opened = await openBenchDatabase('postgres', settings.postgresUrl);
  try {
    log(`exports: seeding ${settings.exportRows} merchants`);
    const seed = await seedAll(opened.database, { merchants: settings.exportRows, bankAccounts: 10, vendors: 3 });
    out.merchants = seed.merchants;
    const product = await startProduct({ DATABASE_URL: opened.url!, AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
    try {
      const headers = { authorization: `Bearer ${await signIn(product.url, 'admin')}` };
      log('exports: GET /v1/merchants/export');
      out.http = await exportOnce(`${product.url}/v1/merchants/export`, headers, product.pid, seed.merchants);
      if (out.http.rows !== seed.merchants)
        out.problems.push(`HTTP export: ${out.http.rows} rows of ${seed.merchants}`);
    } finally {
      await product.stop();
    }
    for (const mode of ['floor', 'keyset', 'offset'] as const) {
      log(`exports: ${mode} walk`);
      const w = await walk(mode, opened.url!);
      out.walks.push(w);
      if (w.rows !== seed.merchants) out.problems.push(`${mode} walk: ${w.rows} rows of ${seed.merchants}`);
    }
  } finally {
    await opened.close();
  }
  return out;
};

export const exportsReport = (r: ExportsResult): string[] => {
  if (r.skipped) return [`7. Exports: skipped (${r.skipped})`];
  const lines = [`7. Merchants CSV export over ${r.merchants?.toLocaleString('en-US')} merchants on PostgreSQL`];
  const rows: string[][] = [];
  if (r.http)
    rows.push([
      'HTTP export (keyset), product process',
      String(r.http.rows),
      fmt(r.http.totalMs / 1000, 1),
      String(r.http.rowsPerSec),
      r.http.peakRssMb === null ? '?' : fmt(r.http.peakRssMb, 1),
    ]);
  for (const w of r.walks)
    rows.push([
      {
        floor: 'bare SQL, one statement (floor)',
        keyset: 'walk by key (the export now)',
        offset: 'walk by OFFSET (before)',
      }[w.mode],
      String(w.rows),
      fmt(w.ms / 1000, 1),
      String(w.rowsPerSec),
      w.peakRssMb === null ? '?' : fmt(w.peakRssMb, 1),
    ]);
  lines.push(table(['how', 'rows', 's', 'rows/s', 'peak RSS MB'], rows));
  for (const p of r.problems) lines.push(`  problem: ${p}`);
  return lines;
};
