import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest } from '../errors';

/**
 * The keys down to the first text holding a NUL character, which PostgreSQL cannot store. The
 * path is written only once one is found: this walks every request's parameters, query and body.
 */
const nulPath = (value: unknown): string[] | undefined => {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const found = nulPath((value as Record<string, unknown>)[key]);
      if (found) return [key, ...found];
    }
  }
  return undefined;
};

/*
 * These hooks run on every request: written with a callback, not as async functions, they cost no
 * promise and no extra turn of the event loop each.
 */

/** Before validation, on every route: text with a NUL character gets a clear 400 (the database would answer 500). */
export const refuseNulCharacters = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
  for (const part of [request.params, request.query, request.body]) {
    const found = nulPath(part);
    if (found) return done(badRequest('Text may not contain NUL characters.', found.join('.') || undefined));
  }
  done();
};

/**
 * Behind a trusted proxy the client's address comes from X-Forwarded-For; one that is not an
 * address gets a clear 400 instead of reaching the rate limits and the audit log.
 */
export const refuseMalformedClientAddress = (
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
) => {
  if (isIP(request.ip) === 0) return done(badRequest('The X-Forwarded-For header does not hold a valid address.'));
  done();
};
