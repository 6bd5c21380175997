import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { notFound } from '../errors';
import { payHtml, type PayState } from './pay-html';
import { isApiUrl } from './requests';

/** The customer's pay page: /pay/{pay-in id}. */
const PAY_PAGE = /^\/pay\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;

/**
 * Serves the built dashboard and the customer's pay page (pay.html, a bundle of its own). Hashed
 * assets are cached for a year; /pay/{id} gets pay.html with its pay-in and every other non-API path gets
 * index.html, so the dashboard's router decides. Unknown /v1 paths get a JSON 404.
 */
export const staticPlugin = fp<{
  distDir: string;
  payPagePolicy?: () => Promise<string>;
  /** The pay-in written into its page (pay-html.ts), so its first screen needs no call. */
  payPageState?: (id: string) => Promise<PayState>;
  payPageRateLimitPerMinute?: number;
}>(async (app, { distDir, payPagePolicy, payPageState: payState, payPageRateLimitPerMinute = 120 }) => {
  const hasDist = fs.existsSync(path.join(distDir, 'index.html'));
  const payTemplate = fs.existsSync(path.join(distDir, 'pay.html'))
    ? fs.readFileSync(path.join(distDir, 'pay.html'), 'utf8')
    : null;
  const payRateLimit = { max: payPageRateLimitPerMinute, timeWindow: '1 minute' };
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // A provider (PayU) sends the customer back by posting its result to the pay page: what it says
  // is not believed here (its signed webhook is), the customer is sent to the page itself.
  await app.register(async (payReturn) => {
    payReturn.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, _body, done) => done(null, null),
    );
    // The page itself, with its pay-in in it: rate-limited like the pay-in's own API, as it reads it.
    payReturn.get<{ Params: { id: string } }>(
      '/pay/:id',
      { config: { rateLimit: payRateLimit } },
      async (request, reply) => {
        const url = request.url.split('?')[0];
        if (!payTemplate || !hasDist || !PAY_PAGE.test(url)) return reply.callNotFound();
        // The pay page may hand the customer over to a payment provider: its policy says to which.
        if (payPagePolicy) reply.header('content-security-policy', await payPagePolicy());
        const html = payState ? payHtml(payTemplate, await payState(request.params.id)) : payTemplate;
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
      },
    );
    payReturn.post('/pay/:id', { config: { rateLimit: payRateLimit } }, async (request, reply) => {
      const url = request.url.split('?')[0];
      if (!PAY_PAGE.test(url)) throw notFound('Page');
      return reply.redirect(url.replace(/\/$/, ''), 303);
    });
  });
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const api = isApiUrl(request.url);
    if (api || !hasDist || (request.method !== 'GET' && request.method !== 'HEAD'))
      throw notFound(api ? 'API route' : 'Page');
    if (path.extname(url) && !url.endsWith('.html')) throw notFound('File');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
