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
