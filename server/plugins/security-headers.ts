import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiUrl } from './requests';

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

/**
 * What an answer of the API carries instead. It is data (JSON, a CSV, an image), never a document
 * whose scripts, windows, prefetches or downloads a browser would govern by the rest of helmet's
 * set; so, as for any REST API, a policy that allows nothing and lets no page frame it, kept to
 * https, never sniffed into another type, never read by another origin's page, no referrer. A
 * one-row answer was 1,490 bytes, 870 of them headers and most of those a document's, which the
 * server, the kernel and every client paid for on each request.
 */
const apiHeadersOf = (document: Record<string, string>): Record<string, string> => {
  const kept = [
    'strict-transport-security',
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-resource-policy',
  ];
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of kept) {
    if (!document[name]) throw new Error(`the security headers lack ${name}`);
    headers[name] = document[name];
  }
  return headers;
};

/**
 * Every answer of this server carries helmet's security headers for `options`, an API answer
 * the API's set (a route may replace one).
 */
export const securityHeaders = fp<HelmetOptions>(async (app, options) => {
  const document = securityHeadersOf(options);
  const api = apiHeadersOf(document);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? api : document);
    done();
  });
});
