import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteSettings } from '../plugins/route-settings';
import { Data, errorResponses, Message, security } from '../schemas/common';
import { forgetPreference, keepPreference, readPreferences } from '../services/identity/preferences';

const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 96 }) });
const access = (action: 'read' | 'update') => ({ access: { resource: 'account' as const, action } });

/**
 * Issue 31, item 10: the signed-in user's preferences (theme, language, rows per page, columns,
 * Live switches, saved filters), kept so that they follow the user to another browser.
 * Which keys and values are kept: domain/preferences.ts.
 */
export const preferenceRoutes: FastifyPluginAsyncTypebox<Pick<RouteSettings, 'db'>> = async (app, { db }) => {
  app.get(
    '/me/preferences',
    {
      config: access('read'),
      schema: {
        tags: ['auth'],
        security,
        summary: "The signed-in user's preferences, by the dashboard's store key",
        response: { 200: Data(Type.Record(Type.String(), Type.Unknown())), ...errorResponses },
      },
    },
    async (request) => ({ data: await readPreferences(db, request.session.id) }),
  );

  app.put(
    '/me/preferences/:key',
    {
      config: access('update'),
      schema: {
        tags: ['auth'],
        security,
        summary: 'Keeps one preference: a value of the shape its key takes (domain/preferences.ts)',
        params: KeyParams,
        body: Type.Object({ value: Type.Unknown() }, { additionalProperties: false }),
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      await keepPreference(db, request.session.id, request.params.key, request.body.value);
      return { data: { message: 'Preference kept.' } };
    },
  );

  app.delete(
    '/me/preferences/:key',
    {
      config: access('update'),
      schema: {
        tags: ['auth'],
        security,
        summary: "Forgets one preference: the dashboard's default applies again",
        params: KeyParams,
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      await forgetPreference(db, request.session.id, request.params.key);
      return { data: { message: 'Preference forgotten.' } };
    },
  );
};
