import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, notFound } from '../../errors';

/** A payment screenshot: at most 5 MB, PNG or JPEG as its bytes say (the name and the declared type are not believed). */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['image/png', 'image/jpeg'];

export const checkScreenshot = async (bytes: Buffer): Promise<string> => {
  if (bytes.length === 0) throw badRequest('file is empty', 'file');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.includes(type.mime)) throw badRequest('file must be a PNG or JPEG image', 'file');
  return type.mime;
};

/** Kept under the uploads folder by a random name, readable by the server's user only. */
export const storeScreenshot = async (dir: string, bytes: Buffer, mime: string) => {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomUUID()}.${mime === 'image/png' ? 'png' : 'jpg'}`;
  await writeFile(path.join(dir, name), bytes, { mode: 0o600 });
  return name;
};

export const removeScreenshot = (dir: string, name: string) => rm(path.join(dir, name), { force: true });

export const readScreenshot = async (dir: string, name: string | null) => {
  // Names are ours (uuid.ext); anything else never reaches the file system.
  if (!name || !/^[0-9a-f-]{36}\.(png|jpg)$/.test(name)) throw notFound('Screenshot');
  return readFile(path.join(dir, name)).catch(() => {
    throw notFound('Screenshot');
  });
};
