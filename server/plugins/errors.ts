import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors';

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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : (error.code ?? 'BAD_REQUEST');
      const message = status === 429 ? 'Too many requests. Please wait a minute and try again.' : error.message;
      return reply.status(status).send({ error: { message, code } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } });
  });
};
