import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import { moveOutboxIn } from './services/common/outbox-on-disk';
import { moveScreenshotsIn } from './services/payins/screenshots-on-disk';

/**
 * What earlier versions kept on this machine's disk (UPLOADS_DIR, OUTBOX_DIR), moved into the
 * database on start so that every instance serves it. Safe to run on any number of servers at
 * once, and again: each file is stored once and removed once stored.
 */
export const moveLocalFilesIn = async (
  db: Db,
  config: Pick<Config, 'uploadsDir' | 'outboxDir'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
) => {
  const screenshots = await moveScreenshotsIn(db, config.uploadsDir);
  const messages = await moveOutboxIn(db, config.outboxDir);
  if (screenshots.moved > 0 || messages.moved > 0)
    log.info(
      { screenshots: screenshots.moved, outboxMessages: messages.moved },
      'files of an earlier version moved into the database',
    );
  if (screenshots.left.length > 0)
    log.warn(
      { uploadsDir: config.uploadsDir, count: screenshots.left.length, first: screenshots.left.slice(0, 10) },
      'screenshots that no pay-in names, or that no upload could have kept, were left on disk',
    );
};
