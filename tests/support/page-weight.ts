import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes of a built file as a server sends it: raw, and gzip at level 9 (each file alone). */
export const fileWeight = (file: string) => {
  const bytes = fs.readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

/** What a built HTML page loads at once: its module scripts, module preloads and style sheets. */
export const htmlAssets = (html: string) => {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const local = (href: string | undefined) => (href && !/^[a-z]+:/i.test(href) ? href.replace(/^\//, '') : undefined);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (/type\s*=\s*["']module["']/i.test(tag)) {
      const src = local(attr(tag, 'src'));
      if (src) js.add(src);
    }
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')?.toLowerCase();
    const href = local(attr(tag, 'href'));
    if (!href) continue;
    if (rel === 'modulepreload') js.add(href);
    if (rel === 'stylesheet') css.add(href);
  }
  return { js, css };
};

export interface PageWeight {
  js: { files: string[]; raw: number; gzip: number };
  css: { files: string[]; raw: number; gzip: number };
}

/** The JavaScript and CSS a built page (e.g. `pay.html`) loads before it can draw. */
export const pageWeight = (outDir: string, htmlFile: string): PageWeight => {
  const { js, css } = htmlAssets(fs.readFileSync(path.join(outDir, htmlFile), 'utf8'));
  return { js: weightOf(outDir, js), css: weightOf(outDir, css) };
};

/** The files of a build folder, and their bytes together. */
const weightOf = (outDir: string, files: Iterable<string>) => {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const w = fileWeight(path.join(outDir, f));
    raw += w.raw;
    gzip += w.gzip;
  }
  return { files: [...files], raw, gzip };
};

/** One chunk of Vite's build manifest (build.manifest: true). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const readManifest = (outDir: string): Manifest =>
  JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

export interface RouteWeight {
  files: string[];
  raw: number;
  gzip: number;
}

/**
 * What a route downloads from a cold start, by the build manifest: the entry (index.html) with its
 * static imports and CSS, plus each lazy step the route loads with its own static imports and CSS.
 * A step is a lazy module by its source (e.g. `src/pages/dashboard/Dashboard.tsx`) or a chunk the
 * build names (e.g. `console`, vite.config.ts), and must be loaded lazily by the steps before it.
 */
export const routeWeight = (outDir: string, steps: readonly string[], entry = 'index.html'): RouteWeight => {
  const manifest = readManifest(outDir);
  const keys = new Set<string>();
  const add = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const k of manifest[key].imports ?? []) add(k);
  };
  if (!manifest[entry]?.isEntry) throw new Error(`the build manifest has no entry ${entry}`);
  add(entry);
  for (const step of steps) {
    const key = step.includes('/')
      ? step
      : Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k].name === step);
    // A step no longer a lazy chunk of its own, or not loaded by the steps before, must be named
    // anew, never skipped: a route is never measured short.
    if (!key || !manifest[key] || ![...keys].some((k) => manifest[k].dynamicImports?.includes(key)))
      throw new Error(`${step} is not a chunk the route loads lazily`);
    add(key);
  }
  const files = new Set<string>();
  for (const key of keys) {
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
  }
  return weightOf(outDir, [...files].sort());
};

/**
 * The lazy steps each route loads from a cold start beyond what index.html loads: none for the
 * sign-in form at / (Root draws it from the entry's own chunk), and for an ADMIN's /app the
 * console, its shell and the Dashboard's parts (chunks vite.config.ts names), the Dashboard and its
 * charts. A step renamed or merged makes routeWeight fail, so a route is never measured short.
 */
export const SIGN_IN_CHUNKS: string[] = [];
export const DASHBOARD_CHUNKS = [
  'console',
  'shell',
  'src/pages/dashboard/Dashboard.tsx',
  'src/pages/dashboard/BarChartView.tsx',
];
