import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * The deep stage runs the money property in two files side by side, and judges what their runs
 * reached together, after both (money-property-reach.test.ts, a later group). Both projects run this
 * setup in the one vitest process, so its id names the same folder for both, new for each run.
 */
export default function setup(project: TestProject) {
  const dir = path.join(os.tmpdir(), `money-reach-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  project.provide('moneyReachDir', dir);
}
