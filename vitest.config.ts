import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const unitFiles = ['domain/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'];
/** Properties and fuzzing: in both stages, with fewer runs in the first (tests/support/depth.ts). */
const propertyFiles = ['tests/api/*-property.test.ts', 'tests/api/*-property-?.test.ts', 'tests/api/*-fuzz.test.ts'];
/** What the deep stage's money property files reached, judged over both after them (project deep-reach). */
const reachFile = 'tests/api/money-property-reach.test.ts';
/** Faults and soak: the deep stage only (kills, restarts and a steady load take their own time). */
const faultFiles = ['tests/api/faults-*.test.ts', 'tests/api/soak.test.ts'];
const apiSetup = {
  environment: 'node' as const,
  globalSetup: ['tests/api/global-setup.ts'],
  // A worker keeps the server's modules loaded from file to file (each file still has its own
  // database and server): loading them again took 2 to 4 s of each of 75 files.
  isolate: false,
  // Two cores shared by the tests, their servers and PostgreSQL: a limit for a hang, not a speed check.
  testTimeout: 60_000,
  hookTimeout: 120_000,
};
export default defineConfig({
  test: {
    // Two files at a time: most of a file's time is spent waiting on PostgreSQL, a server or a browser,
    // and vitest's default on two cores is one (the cores less one).
    maxWorkers: 2,
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      { test: { name: 'unit', include: unitFiles, environment: 'node' } },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/ui-setup.ts'],
          // A worker keeps react-admin and MUI loaded from file to file (2 s of each file's import);
          // tests/ui-setup.ts cleans the DOM and storage after every test.
          isolate: false,
          // A screen of react-admin renders in about a second alone, but the whole suite runs beside
          // the API and browser suites on two cores: a limit for a hang, not a speed check.
          testTimeout: 20_000,
        },
      },
      {
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: [...faultFiles, reachFile], ...apiSetup },
      },
      {
        // The second stage (npm run test:deep): the same files as the API's at full strength.
        // Each file in a fresh module graph: the fault files kill and restart servers of their own.
        test: {
          name: 'deep',
          include: [...propertyFiles, ...faultFiles],
          env: { TEST_DEPTH: 'deep' },
          ...apiSetup,
          globalSetup: [...apiSetup.globalSetup, 'tests/api/money-reach-setup.ts'],
          isolate: true,
        },
      },
      {
        // After the deep project's files (a later group): what they reached, over all their runs.
        test: {
          name: 'deep-reach',
          include: [reachFile],
          environment: 'node',
          globalSetup: ['tests/api/money-reach-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One file at a time: two browsers at once on two cores took 2.2 times as long per file (the
          // shell's 163 s became 364 s), so nothing was gained. npm test runs this project after
          // stage 1, beside the deep one (scripts/test.mjs).
          fileParallelism: false,
          // Concurrent tests (the accessibility walk's users): two at a time.
          maxConcurrency: 2,
          // How long expect.poll waits for the page (1 s by default): a list's refresh after a filter
          // took longer than that on a loaded machine. A ceiling on waiting, not a speed check.
          expect: { poll: { timeout: 10_000 } },
          // A ceiling on a hung test, not a speed check: a test is many steps of up to 25 s each, and
          // the first files run beside the deep project. In CI admin.test.ts's first test took over
          // 60 s there (15 s alone on a quiet machine) and was cut although every step had passed.
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
