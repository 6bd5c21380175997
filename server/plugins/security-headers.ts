import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once: the policy holds no per-request
 * part (no nonces), so every answer carries the same set. Helmet's own plugin for the framework
 * built its middleware anew for each request: 7 % of the server's time on a one-row list.
 */
const securityHeadersOf = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => (failed = error));
  if (failed) throw failed;
  return headers;
};

/** Every answer of this server carries helmet's security headers for `options` (a route may replace one). */
export const securityHeaders = fp<HelmetOptions>(async (app, options) => {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
