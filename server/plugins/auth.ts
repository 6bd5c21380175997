import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canDo, isApiResource, type Action, type ApiResource } from '../../domain/access';
import type { ConfirmationKind } from '../../domain/confirmations';
import type { Db } from '../db';
import { AppError, forbidden, unauthorized } from '../errors';
import type { TokenClaims } from '../services/identity/auth';
import type { SessionUser } from '../services/common/session-user';
import { activeSession } from '../services/identity/session-check';
import { requireConfirmation, spendConfirmation } from '../services/identity/confirmations';
import type { SessionCache } from '../services/identity/session-cache';
import { merchantByApiKey, WRONG_KEYS_PER_MINUTE, type MerchantRow } from '../services/merchants/merchant-api-keys';

export type { Action };

/**
 * What every /v1 route declares: public, the merchant API (a merchant's `X-Api-Key`), or the API
 * resource it serves to signed-in users and what it does there.
 */
export type Access = { public: true } | { merchantApi: true } | { resource: ApiResource; action: Action };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A sensitive action: the request must carry a fresh password confirmation given for this kind,
     * spent on the record it acts on once the request is valid, before the handler runs.
     */
    confirm?: ConfirmationKind;
    /** Open to a user whose password an administrator set and who has not changed it yet. */
    duringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    session: SessionUser;
    /** The merchant whose API key signed a merchant API request. */
    merchant: MerchantRow;
  }
  interface FastifyInstance {
    /** Every /v1 route with the access it declares: the policy as the server applies it. */
    accessTable: { method: string; url: string; access: Access }[];
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

export const JWT_ALGORITHM = 'HS256';
/** Verified tokens kept: a few per signed-in user. */
const TOKEN_CACHE_SIZE = 10_000;

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
};

export const PASSWORD_CHANGE_REQUIRED =
  'Your password was set by an administrator. Please choose a new password of your own before you go on.';

interface AuthPluginOptions {
  db: Db;
  secret: string;
  tokenTtlSeconds: number;
  idleTimeoutSeconds?: number;
  /** The sessions checked lately (services/identity/session-cache.ts); without it every request reads its session. */
  sessions?: SessionCache;
  /** Wrong merchant API keys an address may send a minute (services/merchants/merchant-api-keys.ts). */
  merchantApiWrongKeysPerMinute?: number;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes that never touch a session or a user: the merchant API, the customer's pay page, providers' webhooks. */
const writesNoSession = (request: FastifyRequest) => {
  const access = request.routeOptions.config?.access;
  return (
    (access !== undefined && 'merchantApi' in access) ||
    request.url.startsWith('/v1/pay/') ||
    request.url.startsWith('/v1/webhooks/')
  );
};

/**
 * Deny by default: a /v1 route without an access declaration refuses to register, and every
 * request to a declared screen passes one guard derived from the role tables in domain/.
 */
export const authPlugin = fp<AuthPluginOptions>(async (app, opts) => {
  // One algorithm, pinned both ways: a token naming another (or none) is not valid.
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { algorithm: JWT_ALGORITHM, expiresIn: opts.tokenTtlSeconds },
    // A verified token is kept until it expires (at most 10 minutes), so a user's next requests skip
    // the signature check (6 % of a one-row list request); a failed one is checked again each time.
    // Ending a session does not rest on this: every request still checks its session.
    verify: { algorithms: [JWT_ALGORITHM], cache: TOKEN_CACHE_SIZE, cacheKeyBuilder: (token: string) => token },
  });
  app.decorateRequest('session', null as unknown as SessionUser);
  const table: { method: string; url: string; access: Access }[] = [];
  app.decorate('accessTable', table);

  app.addHook('onRoute', (route) => {
    // A sensitive action spends its confirmation before its handler; other routes have no such step.
    const kind = route.config?.confirm;
    if (kind) {
      const spend = async (request: FastifyRequest) => spendConfirmation(opts.db, app, request, kind);
      route.preHandler = [spend, ...[route.preHandler ?? []].flat()];
    }
    if (!route.url.startsWith('/v1')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    if ('resource' in access && !isApiResource(access.resource))
      throw new Error(`Route ${route.url} names unknown resource ${access.resource}`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    if ('merchantApi' in access) {
      request.merchant = await merchantByApiKey(opts.db, request.headers['x-api-key'], {
        ip: request.ip,
        perMinute: opts.merchantApiWrongKeysPerMinute ?? WRONG_KEYS_PER_MINUTE,
      });
      return;
    }
    const token = bearer(request);
    if (!token) throw unauthorized();
    let claims: TokenClaims;
    try {
      claims = app.jwt.verify<TokenClaims>(token);
      if (claims.typ !== 'access') throw new Error('not an access token');
    } catch (error) {
      const expired = (error as { code?: string }).code === 'FAST_JWT_EXPIRED';
      throw unauthorized(
        expired
          ? 'Your session has expired. Please sign in again.'
          : 'Your session is not valid. Please sign in again.',
      );
    }
    request.session = await activeSession(opts.db, claims, opts.idleTimeoutSeconds, opts.sessions);
    if (request.session.mustChangePassword && !request.routeOptions.config.duringPasswordChange)
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED);
    if (!canDo(request.session.role, access.resource, access.action)) throw forbidden();
    const kind = request.routeOptions.config.confirm;
    if (kind) requireConfirmation(app, request, kind);
  });

  // A write of this server may have ended sessions or changed a user (sign-out, a role, a password):
  // forget what it held before the answer leaves, so the next request cannot outrun the database's
  // announcement of the change (other servers hear that announcement).
  const sessions = opts.sessions;
  if (sessions)
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!READS.has(request.method) && !writesNoSession(request)) sessions.forgetAll();
      done(null, payload);
    });
});
