import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { storedFiles } from '../../db/schema';

/** What a file is of, and whose: one file per kind and owner. */
export interface FileOwner {
  kind: string;
  ownerId: string;
}

/**
 * How much of a file is read at once when it is served: a slow reader holds one slice in memory
 * and no database connection between slices.
 */
export const SLICE_BYTES = 256 * 1024;

/** Keeps a file in the database, in the caller's transaction: it exists exactly when the change that took it in does. */
export const storeFile = async (tx: DbOrTx, file: FileOwner & { id: string; contentType: string; content: Buffer }) => {
  await tx.insert(storedFiles).values({ ...file, size: file.content.length });
};

const readSlice = async (db: Db, id: string, offset: number) => {
  const { rows } = await db.execute<{ slice: Buffer | null }>(
    sql`SELECT substring(content FROM ${offset + 1}::int FOR ${SLICE_BYTES}::int) AS slice FROM stored_files WHERE id = ${id}`,
  );
  if (!rows[0]?.slice) throw new Error(`stored file ${id} is gone`);
  return rows[0].slice;
};

/** A stored file's type and size, and its bytes as a stream read slice by slice; undefined when there is none. */
export const openStoredFile = async (db: Db, { kind, ownerId }: FileOwner) => {
  const [file] = await db
    .select({ id: storedFiles.id, contentType: storedFiles.contentType, size: storedFiles.size })
    .from(storedFiles)
    .where(and(eq(storedFiles.kind, kind), eq(storedFiles.ownerId, ownerId)));
  if (!file) return undefined;
  const stream = () => {
    let offset = 0;
    return new Readable({
      read() {
        if (offset >= file.size) return void this.push(null);
        readSlice(db, file.id, offset).then(
          (slice) => {
            offset += slice.length;
            this.push(slice);
          },
          (error: Error) => this.destroy(error),
        );
      },
    });
  };
  return { ...file, stream };
};
