import type { FastifyInstance } from 'fastify';
import { jsonBodyParser } from './amounts';
import { registerErrorHandling } from './errors';
import { refuseMalformedClientAddress, refuseNulCharacters } from './input';

/** An address of the API (under /v1), as the router reads it. */
export const isApiUrl = (url: string) =>
  url.startsWith('/v1') && (url.length === 3 || url[3] === '/' || url[3] === '?');

/**
 * How every request is read and answered, before any plugin: JSON bodies (amounts judged as
 * written), the request id echoed, API answers never stored, one error shape, and the input that
 * is refused before validation.
 */
export const handleRequests = (app: FastifyInstance) => {
  // The dashboard declares JSON on every signed-in call, also a DELETE without a body.
  const parseJson = jsonBodyParser(app.getDefaultJsonParser('error', 'ignore'));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parseJson(request, body as string, done),
  );
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // Answers of the API carry people's and merchants' data: no browser or proxy keeps them.
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  registerErrorHandling(app);
  app.addHook('onRequest', refuseMalformedClientAddress);
  app.addHook('preValidation', refuseNulCharacters);
};
