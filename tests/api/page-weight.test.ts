import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../support/product';
import {
  DASHBOARD_CHUNKS,
  pageWeight,
  readManifest,
  routeWeight,
  SIGN_IN_CHUNKS,
  type PageWeight,
  type RouteWeight,
} from '../support/page-weight';

/**
 * Issue 33: budgets of what pages download, checked on a production build. Bytes of a build are
 * the same on every machine: this is a size check, not a timed one.
 */
const KB = 1024;
const PAY_JS_BUDGET = 40 * KB;
const PAY_CSS_BUDGET = 10 * KB;
/**
 * Issue 33's targets: the sign-in page at most 120 kB, an ADMIN's Dashboard with its charts at most
 * 350 kB (kB = 1024 B, as above). Reached: sign-in 119,289 B (from 136,676 B, then 125,034 B), the
 * Dashboard 352,747 B (from 448,417 B, then 391,563 B). React DOM alone is about 66 kB gzip, and
 * MUI's theme, baseline, card, filled input and button bring the sign-in page to about 110 kB; the
 * Dashboard's charts are @mui/x-charts, 77 kB of it, loaded with the first chart.
 */
const SIGN_IN_BUDGET = 120 * KB;
const DASHBOARD_BUDGET = 350 * KB;

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-weight-'));
let pay: PageWeight;
let signIn: RouteWeight;
let dashboard: RouteWeight;

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
      build: { outDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  pay = pageWeight(outDir, 'pay.html');
  signIn = routeWeight(outDir, SIGN_IN_CHUNKS);
  dashboard = routeWeight(outDir, DASHBOARD_CHUNKS);
  console.info(
    `sign-in page: ${signIn.gzip} B gzip (budget ${SIGN_IN_BUDGET} B); ` +
      `Dashboard with charts: ${dashboard.gzip} B gzip (budget ${DASHBOARD_BUDGET} B)`,
  );
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

describe('the console', () => {
  const list = (r: RouteWeight) => r.files.map((f) => path.basename(f)).join(', ');

  it(`the sign-in page loads at most ${SIGN_IN_BUDGET / KB} kB gzip of JS and CSS before its form is usable`, () => {
    // The form comes with what index.html loads: were it a lazy chunk again, SIGN_IN_CHUNKS must name it.
    const manifest = readManifest(outDir);
    for (const source of ['src/SignInApp.tsx', 'src/pages/LoginPage.tsx'])
      if (!SIGN_IN_CHUNKS.includes(source)) expect(manifest[source]?.isDynamicEntry, source).toBeFalsy();
    expect(signIn.gzip, `sign-in page: ${list(signIn)}`).toBeLessThanOrEqual(SIGN_IN_BUDGET);
  });

  it(`an ADMIN's Dashboard with its charts loads at most ${DASHBOARD_BUDGET / KB} kB gzip from a cold start`, () => {
    expect(dashboard.gzip, `Dashboard: ${list(dashboard)}`).toBeLessThanOrEqual(DASHBOARD_BUDGET);
  });
});
