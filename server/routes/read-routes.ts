import { Type, type Static, type TObject, type TProperties, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ApiResource } from '../../domain/access';
import type { SessionUser } from '../services/common/session-user';
import { sendCsv, type Batches, type CsvColumn } from '../services/common/csv';
import { listQuery, type Paging } from '../services/common/lists';
import { Data, IdParams, Page, errorResponses, security } from '../schemas/common';

/** The filters of a list as its service receives them: the declared ones, plus the ids of a getMany. */
export type ListFilters<F extends TProperties> = Static<TObject<F>> & { ids?: string[] };

export interface ReadRoutes<S extends string, F extends TProperties, R extends TSchema, D extends TSchema> {
  /** The API path, the resource the guard checks, and the name of the CSV file. */
  resource: ApiResource;
  sorts: readonly S[];
  defaultSort: S;
  filters: F;
  row: R;
  detail: D;
  csvColumns: CsvColumn[];
  list: (
    user: SessionUser,
    filters: ListFilters<F>,
    paging: Paging<S>,
  ) => Promise<{ data: Static<R>[]; total: number; totalCapped?: boolean }>;
  batches: (user: SessionUser, filters: ListFilters<F>, paging: Paging<S>) => Promise<Batches>;
  /** The show view; `query` is the detailQuery's, when one is declared. */
  get: (user: SessionUser, id: string, query: Record<string, unknown>) => Promise<Static<D>>;
  /** Options of the show view, read from its query string. */
  detailQuery?: TObject;
  /** The id's schema when it is not a UUID. */
  id?: TSchema;
}

/** Array filters arrive comma-joined (DESIGN §7: `status=INITIATED,ASSIGNED`); split them before validation. */
export const splitCommaLists = (query: Record<string, unknown>, keys: string[]) => {
  for (const key of keys) {
    const value = query[key];
    if (typeof value === 'string')
      query[key] = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
  }
};

/** List, CSV export and show of a resource: the same scope and filters in all three. */
export const readRoutes =
  <S extends string, F extends TProperties, R extends TSchema, D extends TSchema>(
    r: ReadRoutes<S, F, R, D>,
  ): FastifyPluginAsync =>
  async (app) => {
    const idSchema = r.id ?? IdParams.properties.id;
    const ids = Type.Optional(Type.Array(idSchema, { maxItems: 100, description: 'comma-joined ids' }));
    const query = listQuery(r.sorts, r.defaultSort, { ...r.filters, ids });
    const listKeys = Object.entries(query.properties)
      .filter(([, schema]) => (schema as { type?: string }).type === 'array')
      .map(([key]) => key);
    const tags = [r.resource];
    // The schema has validated the query: this is its one typed reading.
    const split = (request: FastifyRequest) => {
      const { page, pageSize, sortBy, sortOrder, ...filters } = request.query as Static<typeof query> & Paging<S>;
      const wanted = (filters as { ids?: string[] }).ids?.length ?? 0;
      return {
        filters: filters as ListFilters<F>,
        paging: { page, pageSize: Math.max(pageSize, wanted), sortBy, sortOrder } as Paging<S>,
      };
    };
    const preValidation = async (request: FastifyRequest) =>
      splitCommaLists(request.query as Record<string, unknown>, listKeys);

    app.get(
      `/${r.resource}`,
      {
        config: { access: { resource: r.resource, action: 'read' } },
        preValidation,
        schema: {
          tags,
          security,
          summary: `List ${r.resource}`,
          querystring: query,
          response: { 200: Page(r.row), ...errorResponses },
        },
      },
      async (request) => {
        const { filters, paging } = split(request);
        return r.list(request.session, filters, paging);
      },
    );

    app.get(
      `/${r.resource}/export`,
      {
        config: { access: { resource: r.resource, action: 'export' } },
        preValidation,
        schema: {
          tags,
          security,
          summary: `${r.resource} as CSV, same filters and scope as the list`,
          querystring: query,
        },
      },
      async (request, reply) => {
        const { filters, paging } = split(request);
        return sendCsv(reply, `${r.resource}.csv`, r.csvColumns, await r.batches(request.session, filters, paging));
      },
    );

    app.get(
      `/${r.resource}/:id`,
      {
        config: { access: { resource: r.resource, action: 'read' } },
        schema: {
          tags,
          security,
          summary: `One of ${r.resource}`,
          params: Type.Object({ id: idSchema }),
          ...(r.detailQuery ? { querystring: r.detailQuery } : {}),
          response: { 200: Data(r.detail), ...errorResponses },
        },
      },
      async (request) => ({
        data: await r.get(
          request.session,
          (request.params as { id: string }).id,
          (request.query ?? {}) as Record<string, unknown>,
        ),
      }),
    );
  };
