import fs from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'src',
  'domain',
  'index.html',
  'pay.html',
  'vite.config.ts',
  'vite.pay.config.ts',
  'vite.chunks.ts',
  'package.json',
];

const newest = (target: string): number => {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newest(path.join(target, name))));
};

/** Builds the dashboard when dist/ is missing or older than its sources, so `npm start` is enough. */
export const buildDashboardIfStale = async (distDir: string) => {
  const built = newest(path.join(distDir, 'index.html'));
  const changed = Math.max(...SOURCES.map((s) => newest(path.resolve(s))));
  if (built > changed) return;
  console.log(built ? 'Dashboard sources changed: rebuilding…' : 'Building the dashboard (first start)…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
};
