import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db';
import { payins } from '../../server/db/schema';
import { readOutbox } from '../../server/services/common/outbox';
import { createPayin } from '../support/fault-flows';
import { freshDatabase, keyOf, openSeeded, productOn, signIn, until } from '../support/faults';
import { ROOT_DIR } from '../support/product';

/**
 * Issue 32, item 2: no file lives on one machine's disk. Two server processes on one PostgreSQL,
 * each with its own data folder (and so its own uploads and outbox folders of old): what one
 * takes in, the other gives out.
 */
let drop: () => Promise<void>;
let dbUrl: string;
let seeded: Database;
const servers = [0, 1].map(() => ({}) as ReturnType<typeof productOn>);

/**
 * A PNG's signature and header chunk, then an image-data chunk of `size` random bytes. Random bytes
 * straight after the header were read as chunks of random types and lengths, and about one upload
 * in two was refused as no PNG. What is served must be these bytes.
 */
const pngOf = (size: number) => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', Buffer.alloc(13)),
    chunk('IDAT', randomBytes(size)),
  ]);
};

/** A pay-in of BOLT's, created and assigned through the first server. */
const assignedPayin = async () => {
  const [a] = servers;
  const created = await createPayin(a.call, await keyOf(seeded.db, 'BOLT'), 300);
  const id = created.body.data.id as string;
  expect((await a.call('POST', `/v1/pay/${id}/assign`, { body: {} })).status).toBe(200);
  return id;
};

const screenshotFrom = async (server: (typeof servers)[number], id: string) => {
  const admin = await signIn(server.call, 'admin');
  return fetch(`${server.url()}/v1/payins/${id}/screenshot`, { headers: { authorization: `Bearer ${admin}` } });
};

const storedCount = async (ownerId: string) =>
  (await seeded.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stored_files WHERE owner_id = ${ownerId}`))
    .rows[0].n;

/** What an administrator runs to read the outbox (README), on the servers' database. */
const outboxCommand = async (...args: string[]) =>
  (
    await promisify(execFile)('npm', ['run', '--silent', 'outbox', '--', ...args], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATABASE_URL: dbUrl },
    })
  ).stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string>);

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  dbUrl = fresh.url;
  seeded = await openSeeded(fresh.url);
  servers.splice(0, 2, productOn(fresh.url), productOn(fresh.url));
  await Promise.all(servers.map((s) => s.start()));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await seeded?.close();
  await drop?.();
});

describe('two servers on one database', () => {
  it('serve a screenshot uploaded through either, byte for byte, to staff only', async () => {
    const [a, b] = servers;
    const id = await assignedPayin();
    const png = pngOf(300_000);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'shot.png');
    const sent = await fetch(`${a.url()}/v1/pay/${id}/screenshot`, { method: 'POST', body: form });
    expect(sent.status, await sent.clone().text()).toBe(200);

    const shot = await screenshotFrom(b, id);
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/png');
    expect(shot.headers.get('content-length')).toBe(String(png.length));
    expect(shot.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await shot.arrayBuffer()).equals(png)).toBe(true);

    const merchant = await signIn(b.call, 'merchant');
    const refused = await b.call('GET', `/v1/payins/${id}/screenshot`, { token: merchant });
    expect(refused.status).toBe(403);
  });

  it('keep a reset link asked for through one where an administrator reads it, and honour it through the other', async () => {
    const [a, b] = servers;
    expect((await a.call('POST', '/v1/forgot-password', { body: { userName: 'merchant' } })).status).toBe(200);
    // forgot-password answers before the link is written (known and unknown names take the same time).
    await until('the reset link', async () => (await readOutbox(seeded.db, 'password-resets')).length > 0);
    const [message] = await readOutbox(seeded.db, 'password-resets');
    expect(message).toMatchObject({ userName: 'merchant', link: expect.stringContaining('/reset-password?token=') });
    expect(await outboxCommand()).toEqual([message]);
    expect(await outboxCommand('password-resets', '--since', message.at)).toEqual([]);

    const token = new URL(message.link as string, 'http://x').searchParams.get('token');
    const reset = await b.call('POST', '/v1/reset-password', { body: { token, password: 'Fresh1234567' } });
    expect(reset.status).toBe(200);
  });

  it('move the files an earlier version left on disk into the database on start, once, however many start', async () => {
    // What an earlier version left: a pay-in's screenshot in UPLOADS_DIR and reset links in OUTBOX_DIR.
    const legacy = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-legacy-files-'));
    const uploads = path.join(legacy, 'uploads');
    const outbox = path.join(legacy, 'outbox');
    fs.mkdirSync(uploads);
    fs.mkdirSync(outbox);
    const id = await assignedPayin();
    const name = `${randomUUID()}.png`;
    const orphan = `${randomUUID()}.png`;
    const png = pngOf(50_000);
    await seeded.db
      .update(payins)
      .set({ status: 'IMG_PENDING', screenshotPath: name, screenshotType: 'image/png' })
      .where(eq(payins.id, id));
    const lines = [
      { at: '2026-01-02T03:04:05.000Z', userName: 'operations', link: '/reset-password?token=old-one' },
      { at: '2026-01-02T03:04:06.000Z', userName: 'admin', link: '/reset-password?token=old-two' },
    ];
    const leave = () => {
      fs.writeFileSync(path.join(uploads, name), png);
      fs.writeFileSync(path.join(uploads, orphan), png);
      fs.writeFileSync(path.join(outbox, 'password-resets.jsonl'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    };
    leave();
    const moved = () =>
      seeded.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM outbox_messages WHERE payload->>'link' LIKE '%token=old-%'`,
      );
    const env = { UPLOADS_DIR: uploads, OUTBOX_DIR: outbox };
    const starting = [productOn(dbUrl, env), productOn(dbUrl, env)];
    try {
      await Promise.all(starting.map((s) => s.start()));
      expect(await storedCount(id)).toBe(1);
      expect((await moved()).rows[0].n).toBe(2);
      expect(fs.readdirSync(uploads)).toEqual([orphan]);
      expect(fs.readdirSync(outbox)).toEqual([]);
      for (const server of [...starting, servers[1]]) {
        const shot = await screenshotFrom(server, id);
        expect(Buffer.from(await shot.arrayBuffer()).equals(png)).toBe(true);
      }
      const messages = await outboxCommand();
      for (const line of lines) expect(messages).toContainEqual(line);

      // The same files again (a copy restored, or a server stopped before it removed them): nothing twice.
      leave();
      const again = productOn(dbUrl, env);
      starting.push(again);
      await again.start();
      expect(await storedCount(id)).toBe(1);
      expect((await moved()).rows[0].n).toBe(2);
      expect(fs.readdirSync(uploads)).toEqual([orphan]);
      expect(fs.readdirSync(outbox)).toEqual([]);
    } finally {
      await Promise.all(starting.map((s) => s.stop()));
      fs.rmSync(legacy, { recursive: true, force: true });
    }
  }, 180_000);
});
