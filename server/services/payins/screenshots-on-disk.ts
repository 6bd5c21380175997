import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { STORED_FILE_MAX_BYTES, payins, storedFiles } from '../../db/schema';
import { SCREENSHOT } from './screenshots';

const NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg)$/;

/** Pay-ins looked up per query: payins has no index on the name, and this runs once per file moved in. */
const BATCH = 1000;

const namesIn = async (dir: string) =>
  readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });

const moveOne = async (db: Db, file: string, match: RegExpExecArray, owner: { id: string; type: string | null }) => {
  const content = await readFile(file).catch(() => undefined);
  // Another server moved it meanwhile.
  if (!content) return 'gone';
  // Never what an upload kept: left for a person to look at.
  if (content.length === 0 || content.length > STORED_FILE_MAX_BYTES) return 'unfit';
  await db
    .insert(storedFiles)
    .values({
      id: match[1],
      kind: SCREENSHOT,
      ownerId: owner.id,
      contentType: owner.type ?? (match[2] === 'png' ? 'image/png' : 'image/jpeg'),
      size: content.length,
      content,
    })
    .onConflictDoNothing();
  await rm(file, { force: true });
  return 'moved';
};

/**
 * Screenshots earlier versions kept in UPLOADS_DIR, moved into the database on start, one file in
 * memory at a time. A file keeps its id (the uuid of its name), so two servers moving the same
 * file, or a server stopped between storing and removing it, store it once. A file no pay-in
 * names (an upload whose pay-in change failed or is not committed yet), or one no upload could
 * have kept (empty, too large), stays where it is.
 */
export const moveScreenshotsIn = async (db: Db, dir: string) => {
  let moved = 0;
  const left: string[] = [];
  const names = (await namesIn(dir)).filter((name) => NAME.test(name));
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH);
    const owners = await db
      .select({ id: payins.id, name: payins.screenshotPath, type: payins.screenshotType })
      .from(payins)
      .where(inArray(payins.screenshotPath, batch));
    const ownerOf = new Map(owners.map((o) => [o.name, o]));
    for (const name of batch) {
      const owner = ownerOf.get(name);
      const outcome = owner ? await moveOne(db, path.join(dir, name), NAME.exec(name)!, owner) : 'unfit';
      if (outcome === 'moved') moved += 1;
      if (outcome === 'unfit') left.push(name);
    }
  }
  return { moved, left };
};
