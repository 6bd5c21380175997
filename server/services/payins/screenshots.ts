import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, DbOrTx } from '../../db';
import { STORED_FILE_MAX_BYTES } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { openStoredFile, storeFile } from '../common/stored-files';

/** A payment screenshot: at most 5 MB, PNG or JPEG as its bytes say (the name and the declared type are not believed). */
export const SCREENSHOT_MAX_BYTES = STORED_FILE_MAX_BYTES;
const ACCEPTED = ['image/png', 'image/jpeg'];
export const SCREENSHOT = 'payin-screenshot';

export const checkScreenshot = async (bytes: Buffer): Promise<string> => {
  if (bytes.length === 0) throw badRequest('file is empty', 'file');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.includes(type.mime)) throw badRequest('file must be a PNG or JPEG image', 'file');
  return type.mime;
};

/** The name a pay-in keeps of its screenshot: the stored file's id and the type's extension. */
export const screenshotName = (fileId: string, mime: string) => `${fileId}.${mime === 'image/png' ? 'png' : 'jpg'}`;

/** Kept in the database with the pay-in's change (the caller's transaction); answers its name. */
export const storeScreenshot = async (tx: DbOrTx, payinId: string, bytes: Buffer, mime: string) => {
  const id = randomUUID();
  await storeFile(tx, { id, kind: SCREENSHOT, ownerId: payinId, contentType: mime, content: bytes });
  return screenshotName(id, mime);
};

export const openScreenshot = async (db: Db, payinId: string) => {
  const file = await openStoredFile(db, { kind: SCREENSHOT, ownerId: payinId });
  if (!file) throw notFound('Screenshot');
  return file;
};
