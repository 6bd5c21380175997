import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db';
import { outboxMessages } from '../../db/schema';

const FILE = /^([a-z0-9-]+)\.jsonl(\.moving-[0-9a-f]+)?$/;

/** A message's id from its kind and its line: the same line moved twice is one row. */
const idOf = (kind: string, line: string) => {
  const hex = createHash('sha256').update(`${kind}\n${line}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

const rowsOf = (kind: string, text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        const { at, ...payload } = JSON.parse(line) as Record<string, unknown>;
        const createdAt = typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? new Date(at) : new Date();
        return [{ id: idOf(kind, line), kind, payload, createdAt }];
      } catch {
        return [];
      }
    });

/**
 * The `<kind>.jsonl` files earlier versions wrote to OUTBOX_DIR, moved into outbox_messages on
 * start. A file is first renamed (only one server wins the rename; a line an old server appends
 * afterwards starts a new file, moved at the next start), then its lines are stored under ids
 * made from their text, so a server stopped before removing it stores nothing twice on the next try.
 */
export const moveOutboxIn = async (db: Db, dir: string) => {
  let moved = 0;
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const name of names) {
    const match = FILE.exec(name);
    if (!match) continue;
    let file = path.join(dir, name);
    if (!match[2]) {
      const moving = `${file}.moving-${randomBytes(4).toString('hex')}`;
      if (
        !(await rename(file, moving).then(
          () => true,
          () => false,
        ))
      )
        continue;
      file = moving;
    }
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const rows = rowsOf(match[1], text);
    if (rows.length > 0) await db.insert(outboxMessages).values(rows).onConflictDoNothing();
    await rm(file, { force: true });
    moved += rows.length;
  }
  return { moved };
};
