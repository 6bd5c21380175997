import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the API tests make their databases on: TEST_DATABASE_URL, or an embedded one started here. */
    testDatabaseUrl: string;
  }
}

/**
 * The API suite runs on one PostgreSQL server: TEST_DATABASE_URL when set (as CI does), else the
 * product's own embedded PostgreSQL in a temp folder, started once for the run. Each test file
 * makes a database of its own on it (tests/support/database.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('testDatabaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-console-api-'));
  const server = await startEmbeddedPostgres(dir);
  project.provide('testDatabaseUrl', server.urlOf('postgres'));
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
