import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import * as people from '../services/users/users';
import * as peopleList from '../services/users/users-list';
import { requireConfirmationFor } from '../services/identity/confirmations';
import { Data, EnabledBody, IdParams, errorResponses, security } from '../schemas/common';
import { PasswordBody, USER_SORTS, UserBody, UserFilters, UserUpdate, UserView } from '../schemas/users';
import { readRoutes } from './read-routes';

const tags = ['users'];
const resource = 'users';
const ok = { 200: Data(UserView), ...errorResponses };

export const userRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      resource,
      sorts: USER_SORTS,
      defaultSort: 'createdAt',
      filters: UserFilters,
      row: UserView,
      detail: UserView,
      csvColumns: peopleList.USER_CSV_COLUMNS,
      list: (user, f, paging) => peopleList.listUsers(db, user, f, paging),
      batches: (user, f, paging) => peopleList.exportUsers(db, user, f, paging),
      get: (user, id) => peopleList.getUser(db, user, id),
    }),
  );

  app.post(
    '/users',
    {
      config: { access: { resource, action: 'create' } },
      schema: {
        tags,
        security,
        summary: 'Create a user with one of the roles the caller may assign',
        body: UserBody,
        response: { 201: Data(UserView), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await people.createUser(db, request.session, request.body, request.ip) }),
  );

  app.put(
    '/users/:id',
    {
      config: { access: { resource, action: 'update' } },
      schema: {
        tags,
        security,
        summary: 'Edit a user; changing its role or codes needs password confirmation',
        params: IdParams,
        body: UserUpdate,
        response: ok,
      },
    },
    async (request) => ({
      data: await people.updateUser(
        db,
        request.session,
        request.params.id,
        request.body,
        requireConfirmationFor(app, request),
        request.ip,
      ),
    }),
  );

  app.put(
    '/users/:id/enabled',
    {
      config: { access: { resource, action: 'toggle' }, confirm: 'user.toggle' },
      schema: {
        tags,
        security,
        summary: 'Enable or disable; disabling ends the sessions (password confirmation)',
        params: IdParams,
        body: EnabledBody,
        response: ok,
      },
    },
    async (request) => ({
      data: await people.setUserEnabled(db, request.session, request.params.id, request.body.enabled, request.ip),
    }),
  );

  app.post(
    '/users/:id/reset-password',
    {
      config: { access: { resource, action: 'update' }, confirm: 'user.reset-password' },
      schema: {
        tags,
        security,
        summary: 'Set a new password for a user; ends its sessions (password confirmation)',
        params: IdParams,
        body: PasswordBody,
        response: ok,
      },
    },
    async (request) => ({
      data: await people.adminResetPassword(db, request.session, request.params.id, request.body.password, request.ip),
    }),
  );
};
