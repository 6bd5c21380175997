import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, RATE_LIMITED_MESSAGE } from '../errors';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { description?: string };
}

const fieldOf = (e: AjvError): string => {
  const path = e.instancePath.split('/').filter(Boolean).join('.');
  if (e.keyword === 'required') return [path, String(e.params.missingProperty)].filter(Boolean).join('.');
  return path;
};

/** A schema validation failure as one readable sentence naming the field. */
export const validationMessage = (errors: AjvError[], context?: string): { message: string; field?: string } => {
  const e = errors[0];
  if (!e) return { message: 'The request is not valid.' };
  const field = fieldOf(e);
  const name = field || context || 'request';
  if (e.keyword === 'required') return { message: `${name} is Required!`, field };
  if (e.keyword === 'pattern' && e.params.pattern === '\\S') return { message: `${name} is Required!`, field };
  if (e.keyword === 'additionalProperties')
    return { message: `${name ? `${name}: ` : ''}unknown field ${String(e.params.additionalProperty)}`, field };
  const described = e.parentSchema?.description;
  if (described && (e.keyword === 'pattern' || e.keyword === 'format'))
    return { message: `${name} must be ${described}`, field };
  return { message: `${name} ${e.message ?? 'is not valid'}`, field };
};

export const RETRY_MESSAGE =
  'Another change to the same records was being made at that moment; nothing was saved. Please try again.';

export const UNAVAILABLE_MESSAGE = 'The database is not reachable at the moment; nothing was saved. Please try again.';

/**
 * The database cannot be reached or is restarting: refused or cut connections (Node), PostgreSQL
 * shutting down or starting up (57P0x), connection failures (class 08), and node-postgres's own
 * words for a connection lost or not made in time.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/** Whether the error, or one it wraps (drizzle's query error, Node's AggregateError), says the database is out of reach. */
export const isDatabaseUnreachable = (error: unknown, depth = 0): boolean => {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnreachable(e, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
};

/** One error shape for every failure: { error: { message, code } }. No stack or SQL leaves the server. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & { validation?: AjvError[] }, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply
        .status(error.statusCode)
        .send({ error: { message: error.message, code: error.code, field: error.field, rows: error.rows } });
    }
    if (error.validation) {
      const { message, field } = validationMessage(error.validation, error.validationContext);
      return reply.status(400).send({ error: { message, code: 'VALIDATION', field } });
    }
    // Two transactions crossed (a deadlock, or a serialisation failure): PostgreSQL rolled this one
    // back whole, so nothing was written and the same request may simply be sent again.
    const pgCode = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (pgCode === '40P01' || pgCode === '40001') {
      request.log.warn({ err: error }, 'transaction rolled back by a conflicting one');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ error: { message: RETRY_MESSAGE, code: 'RETRY' } });
    }
    // PostgreSQL is restarting or out of reach: a transaction cut off before its commit is rolled
    // back whole, the pool reconnects by itself, and the request may be sent again in a moment.
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: { message: UNAVAILABLE_MESSAGE, code: 'DB_UNAVAILABLE' } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : (error.code ?? 'BAD_REQUEST');
      const message = status === 429 ? RATE_LIMITED_MESSAGE : error.message;
      return reply.status(status).send({ error: { message, code } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } });
  });
};
