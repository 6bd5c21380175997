import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * What the server's log may hold (issue 9, item 6): never a reset token, API key, signing secret,
 * password, password hash or SQL parameter. Request lines carry the URL with secret-looking query
 * values blanked, and errors are logged without the query text, its parameters or row details.
 */
const SECRET_QUERY_VALUE =
  /([?&](?:token|reset|key|api[-_]?key|secret|signature|password|code|challenge|confirmation)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_QUERY_VALUE, '$1[redacted]');

/** Fields of PostgreSQL and Drizzle errors that are safe: they name things, not values. */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

const withheldMessage = (error: Error): string => {
  // Drizzle's "Failed query: <sql>\nparams: <values>" names the parameters: keep only the cause.
  if (error.message.startsWith('Failed query:')) return 'Failed query (SQL text and parameters withheld)';
  // PostgreSQL quotes the offending value in its messages (invalid input syntax for type integer: "…").
  if ('severity' in error) return error.message.replace(/"[^"]*"/g, '"…"');
  return error.message;
};

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

export const serializeError = (error: unknown, depth = 0): LoggedError => {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-Error value was thrown', stack: '' };
  const message = withheldMessage(error);
  const type = error.constructor?.name ?? 'Error';
  // The stack's first line repeats the message: it is rebuilt from the withheld one.
  const frames = (error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const logged: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const field of SAFE_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (error.cause && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
};

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The options every server logger gets, whatever its level and destination. */
export const logOptions = {
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers["x-api-key"]',
      'req.headers["x-confirmation"]',
      'req.headers.cookie',
      'body.password',
      'body.token',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req: (req: LoggedRequest) => ({
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
    err: serializeError,
  },
};

/** A logger setting (false, true or pino options) with the redaction above applied. */
export const withLogRedaction = (logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] => {
  if (!logger) return logger;
  const given = typeof logger === 'object' ? logger : {};
  return { ...given, ...logOptions, serializers: { ...(given.serializers ?? {}), ...logOptions.serializers } };
};

/**
 * One line a request, written when it is answered: method, route pattern, status, duration and the
 * address (secrets blanked), instead of Fastify's two lines ('incoming request' without the
 * outcome, 'request completed' without the route). Error lines stay as Fastify writes them.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // Nothing is worked out when the line would not be written: without a logger (Fastify's
    // stand-in has no levels) or below its level.
    const log = reply.log as { isLevelEnabled?: (level: string) => boolean };
    if (log.isLevelEnabled?.(error ? 'error' : 'info') !== true) return;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      url: redactUrl(request.url),
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
