import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDashboardIfStale } from '../../server/build';
import { CHROMIUM_PATH, ROOT_DIR } from './support/paths';
import { SHARED_PRODUCT_ENV, startProduct } from './support/product';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The product the browser files share (support/suite.ts), started once for the run. */
    productUrl: string;
  }
}

/**
 * Browser tests need a browser and a built dashboard; both are checked once per run. Then the one
 * product the files share is started (npm start's bundle over its embedded database, demo data
 * seeded): each file works on records of its own or puts back what it changes, so the files may
 * follow each other on it in any order.
 */
export default async function setup(project: TestProject) {
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
  const product = await startProduct({ env: SHARED_PRODUCT_ENV });
  project.provide('productUrl', product.url);
  return async () => {
    await product.stop();
  };
}
