import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, openEmbedded } from '../../server/db';
import { seedDemo } from '../../server/db/seed';
import { users } from '../../server/db/schema';

describe('embedded database folder', () => {
  it('is created, migrated and seeded once, reopened after, and owned by one process at a time', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-data-')), 'data');
    const first = await openEmbedded(dir);
    expect(await seedDemo(first.db)).toBe(true);
    await expect(openEmbedded(dir)).rejects.toThrow(DataDirInUseError);
    await expect(openEmbedded(dir)).rejects.toThrow(/in use by another running server/);
    await first.close();

    const again = await openEmbedded(dir);
    expect(await seedDemo(again.db)).toBe(false);
    const [{ n }] = await again.db.select({ n: count() }).from(users);
    expect(n).toBe(8);
    await again.close();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});
