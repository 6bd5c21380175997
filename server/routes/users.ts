import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import * as people from '../services/users/users';
import * as peopleList from '../services/users/users-list';
import { EnabledBody } from '../schemas/common';
import { PasswordBody, USER_SORTS, UserBody, UserFilters, UserUpdate, UserView } from '../schemas/users';
import { readRoutes } from './read-routes';
import { recordRoutes } from './record-routes';

const resource = 'users';

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

  const records = recordRoutes(app, resource, UserView);
  records.create({
    summary: 'Create a user with one of the roles the caller may assign',
    body: UserBody,
    run: (c) => people.createUser(db, c.user, c.body, c.ip),
  });
  records.put({
    action: 'update',
    summary: 'Edit a user; changing its role or codes needs password confirmation',
    body: UserUpdate,
    run: (c) => people.updateUser(db, c.user, c.id, c.body, c.confirm, c.ip),
  });
  records.put({
    path: '/enabled',
    action: 'toggle',
    confirm: 'user.toggle',
    summary: 'Enable or disable; disabling ends the sessions (password confirmation)',
    body: EnabledBody,
    run: (c) => people.setUserEnabled(db, c.user, c.id, c.body.enabled, c.ip),
  });
  records.post({
    path: '/reset-password',
    action: 'update',
    confirm: 'user.reset-password',
    summary: 'Set a new password for a user; ends its sessions (password confirmation)',
    body: PasswordBody,
    run: (c) => people.adminResetPassword(db, c.user, c.id, c.body.password, c.ip),
  });
};
