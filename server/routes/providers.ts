import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteSettings } from '../plugins/route-settings';
import { Data, errorResponses, security } from '../schemas/common';
import { ProviderParams, ProviderUpdate, ProviderView } from '../schemas/providers';
import { listProviders, updateProvider } from '../services/providers/providers';

const tags = ['providers'];
const resource = 'providers';

/** Issue 14: the payment providers' accounts, set by ADMIN (GET /v1/providers, PUT /v1/providers/:provider). */
export const providerRoutes: FastifyPluginAsyncTypebox<Pick<RouteSettings, 'db' | 'providers'>> = async (
  app,
  { db, providers },
) => {
  app.get(
    '/providers',
    {
      config: { access: { resource, action: 'read' } },
      schema: {
        tags,
        security,
        summary:
          "Every payment provider's account: non-secret values, secrets masked, which fields the environment sets",
        response: { 200: Data(Type.Array(ProviderView)), ...errorResponses },
      },
    },
    async () => ({ data: await listProviders(db, providers) }),
  );

  app.put(
    '/providers/:provider',
    {
      config: { access: { resource, action: 'update' }, confirm: 'provider.update' },
      schema: {
        tags,
        security,
        summary:
          "Save a provider's account (password confirmation): omitted fields stay, '' clears; a field the environment sets cannot be changed",
        params: ProviderParams,
        body: ProviderUpdate,
        response: { 200: Data(ProviderView), ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateProvider(db, providers, request.session, request.params.provider, request.body, request.ip),
    }),
  );
};
