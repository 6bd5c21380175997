import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { dropDatabase } from '../support/database';
import { makeDemoTemplate, type DemoTemplate } from '../support/demo-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the API tests make their databases on: TEST_DATABASE_URL, or an embedded one started here. */
    testDatabaseUrl: string;
    /** The run's demo database, for each file to copy (tests/support/demo-template.ts). */
    demoTemplate: DemoTemplate;
  }
}

/**
 * The API suite runs on one PostgreSQL server: TEST_DATABASE_URL when set (as CI does), else the
 * product's own embedded PostgreSQL in a temp folder, started once for the run. The demo database is
 * made on it once (migrated, seeded, signed in); each test file copies it, or makes an empty database
 * of its own (tests/support/database.ts).
 */
export default async function setup(project: TestProject) {
  const withTemplate = async (base: string) => {
    project.provide('testDatabaseUrl', base);
    const template = await makeDemoTemplate(base);
    project.provide('demoTemplate', template);
    return () => dropDatabase(base, template.name);
  };
  if (process.env.TEST_DATABASE_URL) return withTemplate(process.env.TEST_DATABASE_URL);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-console-api-'));
  const server = await startEmbeddedPostgres(dir);
  const dropTemplate = await withTemplate(server.urlOf('postgres'));
  return async () => {
    await dropTemplate();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
