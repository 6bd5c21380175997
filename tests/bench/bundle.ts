import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from './settings';
import { fmt, table } from './table';
import { others, type Measured } from './measured';
import {
  DASHBOARD_CHUNKS,
  fileWeight,
  htmlAssets,
  pageWeight,
  readManifest,
  routeWeight,
  SIGN_IN_CHUNKS,
  type PageWeight,
  type RouteWeight,
} from '../support/page-weight';

export interface Sized {
  files: number;
  raw: number;
  gzip: number;
}
export interface LazyChunk {
  file: string;
  /** The module it starts from (a lazy screen) or the chunk's name for a shared chunk. */
  source: string;
  raw: number;
  gzip: number;
}
export interface BundleResult {
  buildMs: number;
  html: Sized;
  initialJs: Sized & { list: string[] };
  initialCss: Sized & { list: string[] };
  initial: Sized;
  /** Whether the built index.html loads exactly the manifest's entry, its static imports and CSS. */
  htmlMatchesManifest: boolean;
  largestLazy: LazyChunk | null;
  lazy: Sized;
  /** The lazy screen whose chunk plus its own static imports (beyond the initial load) weigh most. */
  heaviestLazyRoute: (Sized & { source: string }) | null;
  /** The customer's pay page (pay.html, a build of its own): what it loads before it draws. */
  payPage: PageWeight;
  /** The sign-in page at / until its form is usable (target 120 kB gzip). */
  signIn: RouteWeight;
  /** An ADMIN's cold start at /app until the Dashboard and its charts have drawn (target 350 kB gzip). */
  dashboard: RouteWeight;
}

/** A production build of the dashboard into outDir, with its manifest; returns the build time. */
export const buildDashboard = async (outDir: string): Promise<number> => {
  const { build } = await import('vite');
  const t0 = performance.now();
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
  });
  return performance.now() - t0;
};

const sizeCache = new Map<string, { raw: number; gzip: number }>();
/** Raw and gzip (level 9) bytes of a built file, each compressed alone as a server would send it. */
const sizeOf = (file: string) => {
  let s = sizeCache.get(file);
  if (!s) {
    s = fileWeight(file);
    sizeCache.set(file, s);
  }
  return s;
};
const sum = (dir: string, files: Iterable<string>): Sized => {
  let raw = 0;
  let gzip = 0;
  let n = 0;
  for (const f of files) {
    const s = sizeOf(path.join(dir, f));
    raw += s.raw;
    gzip += s.gzip;
    n++;
  }
  return { files: n, raw, gzip };
};

/** Sizes of the initial load and of the lazy chunks of a build made with buildDashboard. */
export const analyzeBundle = (outDir: string, buildMs: number): BundleResult => {
  const manifest = readManifest(outDir);
  const entryKey = manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');

  /** A chunk and everything it imports statically (the manifest's imports may loop back). */
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const k of manifest[key].imports ?? []) closure(k, into);
    return into;
  };
  const initialKeys = closure(entryKey);
  const initialJs = new Set([...initialKeys].map((k) => manifest[k].file));
  const initialCss = new Set([...initialKeys].flatMap((k) => manifest[k].css ?? []));

  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const loaded = htmlAssets(html);
  const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
  const htmlMatchesManifest = same(loaded.js, initialJs) && same(loaded.css, initialCss);
  // What the browser really fetches first: both views (they agree on a plain Vite build).
  for (const f of loaded.js) initialJs.add(f);
  for (const f of loaded.css) initialCss.add(f);

  const js = sum(outDir, initialJs);
  const css = sum(outDir, initialCss);

  const lazyChunks: LazyChunk[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (initialJs.has(chunk.file) || !chunk.file.endsWith('.js')) continue;
    const s = sizeOf(path.join(outDir, chunk.file));
    lazyChunks.push({ file: chunk.file, source: chunk.src ?? chunk.name ?? key, ...s });
  }
  lazyChunks.sort((a, b) => b.raw - a.raw);

  let heaviestLazyRoute: BundleResult['heaviestLazyRoute'] = null;
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const files = new Set([...closure(key)].map((k) => manifest[k].file).filter((f) => !initialJs.has(f)));
    const route = { source: chunk.src ?? key, ...sum(outDir, files) };
    if (!heaviestLazyRoute || route.raw > heaviestLazyRoute.raw) heaviestLazyRoute = route;
  }

  return {
    buildMs,
    html: sum(outDir, ['index.html']),
    initialJs: { ...js, list: [...initialJs] },
    initialCss: { ...css, list: [...initialCss] },
    initial: { files: js.files + css.files, raw: js.raw + css.raw, gzip: js.gzip + css.gzip },
    htmlMatchesManifest,
    largestLazy: lazyChunks[0] ?? null,
    lazy: {
      files: lazyChunks.length,
      raw: lazyChunks.reduce((s, c) => s + c.raw, 0),
      gzip: lazyChunks.reduce((s, c) => s + c.gzip, 0),
    },
    heaviestLazyRoute,
    payPage: pageWeight(outDir, 'pay.html'),
    signIn: routeWeight(outDir, SIGN_IN_CHUNKS),
    dashboard: routeWeight(outDir, DASHBOARD_CHUNKS),
  };
};

const kb = (bytes: number) => fmt(bytes / 1024, 1);

export const bundleReport = (r: Measured<BundleResult>): string[] => {
  const row = (what: string, s: Sized) => [what, s.files, kb(s.raw), kb(s.gzip)];
  const rows: (string | number)[][] = [
    row('index.html', r.html),
    row('initial JS: entry script + static imports / module preloads', r.initialJs),
    row('initial CSS', r.initialCss),
    row('initial load (JS + CSS)', r.initial),
  ];
  if (r.largestLazy)
    rows.push([
      `largest lazy chunk: ${path.basename(r.largestLazy.file)} (${r.largestLazy.source})`,
      1,
      kb(r.largestLazy.raw),
      kb(r.largestLazy.gzip),
    ]);
  if (r.heaviestLazyRoute)
    rows.push(
      row(
        `most one lazy screen adds to the initial load: ${r.heaviestLazyRoute.source} + its imports`,
        r.heaviestLazyRoute,
      ),
    );
  rows.push(row('all lazy chunks', r.lazy));
  const route = (what: string, w: RouteWeight) => [what, w.files.length, kb(w.raw), kb(w.gzip)];
  rows.push(
    route('sign-in page at / until its form is usable (target 120 kB gzip)', r.signIn),
    route("ADMIN's Dashboard with charts from a cold start (target 350 kB gzip)", r.dashboard),
  );
  const pay = r.payPage;
  rows.push(
    ['pay page JS (pay.html, its own build; budget 40 kB gzip)', pay.js.files.length, kb(pay.js.raw), kb(pay.js.gzip)],
    ['pay page CSS (budget 10 kB gzip)', pay.css.files.length, kb(pay.css.raw), kb(pay.css.gzip)],
  );
  return [
    `4. Dashboard bundle: production vite build (manifest) into a temp folder, ${fmt(r.buildMs / 1000, 1)} s to build (others before / during: ${others(r.otherCpu)})`,
    table(['part', 'files', 'raw kB', 'gzip -9 kB'], rows),
    `   Initial load: ${r.initialJs.list.map((f) => path.basename(f)).join(', ')}${r.initialCss.list.length ? `; ${r.initialCss.list.map((f) => path.basename(f)).join(', ')}` : ''}.`,
    `   gzip: each file alone at level 9 (what a compressing server would send).${r.htmlMatchesManifest ? '' : ' NOTE: index.html and the manifest disagree on the initial files; the union is counted.'}`,
  ];
};
