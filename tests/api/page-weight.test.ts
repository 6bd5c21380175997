import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../support/product';
import { pageWeight, type PageWeight } from '../support/page-weight';

/**
 * Issue 33: budgets of what pages download, checked on a production build. Bytes of a build are
 * the same on every machine: this is a size check, not a timed one.
 */
const KB = 1024;
const PAY_JS_BUDGET = 40 * KB;
const PAY_CSS_BUDGET = 10 * KB;

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-weight-'));
let pay: PageWeight;

beforeAll(async () => {
  const { build } = await import('vite');
  // The test runner sets NODE_ENV=test, under which Vite builds React's development code: a
  // production build is what customers download.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: ROOT_DIR,
      configFile: path.join(ROOT_DIR, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, reportCompressedSize: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  pay = pageWeight(outDir, 'pay.html');
  console.info(`pay page: JavaScript ${pay.js.gzip} B gzip (${pay.js.files.join(', ')}), CSS ${pay.css.gzip} B gzip`);
}, 300_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe("the customer's pay page", () => {
  it(`loads at most ${PAY_JS_BUDGET / KB} kB of gzipped JavaScript and ${PAY_CSS_BUDGET / KB} kB of CSS`, () => {
    expect(pay.js.files.length).toBeGreaterThan(0);
    expect(pay.js.gzip, `pay page JavaScript: ${pay.js.files.join(', ')}`).toBeLessThanOrEqual(PAY_JS_BUDGET);
    expect(pay.css.gzip, `pay page CSS: ${pay.css.files.join(', ')}`).toBeLessThanOrEqual(PAY_CSS_BUDGET);
  });

  it('shares no file with the console and carries neither MUI nor React DOM', () => {
    for (const file of [...pay.js.files, ...pay.css.files]) expect(path.basename(file)).toMatch(/^pay-/);
    const code = pay.js.files.map((f) => fs.readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    // MUI names its components' classes (MuiButton…); React DOM exposes its internals by this name.
    expect(code).not.toMatch(/\bMui(Button|Paper|Typography|Alert)\b/);
    expect(code).not.toContain('__CLIENT_INTERNALS_DO_NOT_USE');
  });
});
