import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Multipart bodies (payment screenshots, bank statements), registered only in the route plugins
 * that take uploads: the multipart plugin's hooks run on every request of the context it is
 * registered in (a listener on each response, a clean-up of saved files after it), which the
 * other routes do not need. Every upload route sets its own smaller limits.
 */
export const acceptUploads = (app: FastifyInstance) =>
  app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
