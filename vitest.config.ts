import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const unitFiles = ['domain/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'];
const apiProject = (name: string, engine: 'embedded' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    // The data-folder test is about the embedded engine alone.
    exclude: engine === 'postgres' ? ['tests/api/database.test.ts'] : [],
    environment: 'node',
    env: { TEST_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
        },
      },
      apiProject('api', 'embedded'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
