import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildDashboardIfStale } from '../../server/build';
import { CHROMIUM_PATH, ROOT_DIR } from './support/paths';

/** Browser tests need a browser and a built dashboard; both are checked once per run. */
export default async function setup() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}, which is missing. Install it with "apt-get install -y chromium".`,
    );
  }
  const cwd = process.cwd();
  process.chdir(ROOT_DIR);
  try {
    await buildDashboardIfStale(path.join(ROOT_DIR, 'dist'));
    execFileSync(process.execPath, ['scripts/start.mjs', '--bundle-only'], { stdio: 'inherit' });
  } finally {
    process.chdir(cwd);
  }
}
