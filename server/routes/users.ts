import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { ROLES, type Role } from '../../domain/roles';
import { BooleanFilter } from '../services/lists';
import * as people from '../services/user-admin';
import { Data, EnabledBody, RequiredText, errorResponses } from '../schemas';
import { IdParams, readRoutes } from './read-routes';

const RoleSchema = Type.Unsafe<Role>(Type.String({ enum: [...ROLES] }));
const editable = {
  fullName: RequiredText(100),
  role: RoleSchema,
  merchantCodes: Type.Optional(Type.Array(Type.String({ maxLength: 30 }), { maxItems: 100 })),
  vendorCode: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 30 })])),
};
const UserBody = Type.Object(
  {
    userName: Type.String({
      pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9._@-]{2,49}\\s*$',
      description: '3–50 letters, digits, . _ @ or -',
    }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    ...editable,
  },
  { additionalProperties: false },
);
const UserUpdate = Type.Object(editable, { additionalProperties: false });
const UserView = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  userName: Type.String(),
  role: Type.String(),
  roleLabel: Type.String(),
  merchantCodes: Type.Array(Type.String()),
  vendorCode: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  lastLoginAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

const tags = ['users'];
const security = [{ bearer: [] }];
const screen = 'user';
const ok = { 200: Data(UserView), ...errorResponses };

export const userRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      path: 'users',
      screen,
      tags,
      sorts: people.USER_SORTS,
      defaultSort: 'createdAt',
      filters: {
        q: Type.Optional(Type.String({ maxLength: 100 })),
        role: Type.Optional(RoleSchema),
        enabled: BooleanFilter,
        merchantCode: Type.Optional(Type.String({ maxLength: 30 })),
        vendorCode: Type.Optional(Type.String({ maxLength: 30 })),
      },
      row: UserView,
      detail: UserView,
      csvColumns: people.USER_CSV_COLUMNS,
      list: (user, f, paging) => people.listUsers(db, user, f as people.UserFilters, paging),
      batches: (user, f, paging) => people.userBatches(db, user, f as people.UserFilters, paging),
      get: (user, id) => people.getUser(db, user, id),
    }),
  );

  app.post(
    '/users',
    {
      config: { access: { screen, action: 'create' } },
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
      config: { access: { screen, action: 'update' } },
      schema: { tags, security, summary: 'Edit a user', params: IdParams, body: UserUpdate, response: ok },
    },
    async (request) => ({
      data: await people.updateUser(db, request.session, request.params.id, request.body, request.ip),
    }),
  );

  app.put(
    '/users/:id/enabled',
    {
      config: { access: { screen, action: 'toggle' }, confirm: true },
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
      config: { access: { screen, action: 'update' }, confirm: true },
      schema: {
        tags,
        security,
        summary: 'Set a new password for a user; ends its sessions (password confirmation)',
        params: IdParams,
        body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }),
        response: ok,
      },
    },
    async (request) => ({
      data: await people.adminResetPassword(db, request.session, request.params.id, request.body.password, request.ip),
    }),
  );
};
