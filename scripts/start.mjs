// npm start: bundles the server (scripts/bundle.mjs) when its sources changed, then runs the bundle;
// the server then builds the dashboard when its sources changed (--build-if-stale).
// `--bundle-only` bundles when stale and exits.
// `--built` (npm run start:prod) runs what npm run build made and never builds: it needs neither the
// sources nor the build tools, and says so when the build is missing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BUNDLE = path.join(ROOT, 'dist-server', 'main.mjs');

if (process.argv.includes('--built')) {
  const dashboard = path.resolve(process.env.DIST_DIR || 'dist', 'index.html');
  const missing = [BUNDLE, dashboard].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    console.error(`Could not start: ${missing.join(' and ')} missing. Run \`npm run build\` first.`);
    process.exit(1);
  }
} else {
  const { bundleIsStale, bundleServer } = await import('./bundle.mjs');
  if (bundleIsStale()) await bundleServer();
}
if (!process.argv.includes('--bundle-only')) {
  await import(pathToFileURL(BUNDLE).href);
}
