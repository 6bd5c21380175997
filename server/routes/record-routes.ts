import type { Static, TSchema } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action, ApiResource } from '../../domain/access';
import type { ConfirmationKind } from '../../domain/confirmations';
import type { SessionUser } from '../services/common/session-user';
import { requireConfirmationFor, type Confirm } from '../services/identity/confirmations';
import { Data, IdParams, errorResponses, security } from '../schemas/common';

/** What a write's service is called with: the caller, the record, the validated body. */
export interface RecordCall<B> {
  user: SessionUser;
  id: string;
  body: B;
  ip: string;
  /** Spends the request's password confirmation (services/identity/confirmations). */
  confirm: Confirm;
}

interface Write<B extends TSchema> {
  summary: string;
  /** A password confirmation of this kind, spent before the handler runs. */
  confirm?: ConfirmationKind;
  body?: B;
  /** The answer's data when it is not the resource's view. */
  view?: TSchema;
  run: (call: RecordCall<Static<B>>) => Promise<unknown>;
}

interface RecordWrite<B extends TSchema> extends Write<B> {
  action: Action;
  /** Below `/{resource}/:id`: '' for the record itself, '/enabled', ... */
  path?: string;
}

/**
 * The writes of a resource, answering `{ data }` in its view: `create` is `POST /{resource}` (201),
 * `put`, `post` and `delete` act on `/{resource}/:id…` under the guard's action.
 */
export const recordRoutes = (app: FastifyInstance, resource: ApiResource, view: TSchema) => {
  const tags = [resource];
  const ok = { 200: Data(view), ...errorResponses };
  const callOf = (request: FastifyRequest): RecordCall<never> => ({
    user: request.session,
    id: (request.params as { id: string }).id,
    body: request.body as never,
    ip: request.ip,
    confirm: requireConfirmationFor(app, request),
  });
  const config = (action: Action, confirm?: ConfirmationKind) => ({
    access: { resource, action },
    ...(confirm ? { confirm } : {}),
  });

  const onRecord =
    (method: 'PUT' | 'POST' | 'DELETE') =>
    <B extends TSchema>(w: RecordWrite<B>) =>
      app.route({
        method,
        url: `/${resource}/:id${w.path ?? ''}`,
        config: config(w.action, w.confirm),
        schema: {
          tags,
          security,
          summary: w.summary,
          params: IdParams,
          ...(w.body ? { body: w.body } : {}),
          response: w.view ? { 200: Data(w.view), ...errorResponses } : ok,
        },
        handler: async (request) => ({ data: await w.run(callOf(request)) }),
      });

  const create = <B extends TSchema>(w: Write<B> & { body: B }) =>
    app.route({
      method: 'POST',
      url: `/${resource}`,
      config: config('create', w.confirm),
      schema: {
        tags,
        security,
        summary: w.summary,
        body: w.body,
        response: { 201: Data(w.view ?? view), ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send({ data: await w.run(callOf(request)) }),
    });

  return { create, put: onRecord('PUT'), post: onRecord('POST'), delete: onRecord('DELETE') };
};
