import { randomUUID } from 'node:crypto';
import type Ajv from 'ajv';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { RequestLog, withLogRedaction } from '../logging';
import { amountKeyword } from './amounts';

/** What Fastify itself is told: log redaction, request ids, trusted proxies, body limit, bad URLs and the validator. */
export const serverOptions = (
  config: Partial<Pick<Config, 'trustProxy'>>,
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions => {
  // A hop count trusts that many proxies nearest the server (as proxy-addr counts hops).
  const trusted = config.trustProxy ?? false;
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
  return {
    logger: withLogRedaction(logger),
    logController: new RequestLog(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
    },
    // Only the configured proxies may name the client; anyone can send X-Forwarded-For.
    trustProxy,
    bodyLimit: 1024 * 1024,
    // An address the router cannot read (bad escapes, an id past the 100 characters a parameter may
    // hold) is answered in the house's shape, without echoing the address back.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message = tooLong ? 'The address is too long.' : 'The address is not valid.';
      void reply.status(tooLong ? 414 : 400).send({ error: { message, code: 'BAD_URL' } });
    },
    // Coercion serves query strings; amounts are judged as written first (plugins/amounts.ts).
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, verbose: true },
      plugins: [(ajv: Ajv) => ajv.addKeyword(amountKeyword)],
    },
  };
};
