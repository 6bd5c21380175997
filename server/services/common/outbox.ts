import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Messages for people, kept until a mail transport is configured: one JSON line each in
 * `OUTBOX_DIR/<kind>.jsonl`, readable by the server's user only (an administrator passes them
 * on). Never the server log, which more people and systems read.
 */
export const writeToOutbox = async (dir: string, kind: string, message: Record<string, unknown>) => {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${kind}.jsonl`);
  await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), ...message })}\n`, { mode: 0o600 });
  return file;
};
