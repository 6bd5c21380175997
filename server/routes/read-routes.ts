import {
  Type,
  type FastifyPluginAsyncTypebox,
  type TObject,
  type TProperties,
  type TSchema,
} from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../services/auth';
import { commaList, listQuery, sendCsv, type Paging } from '../services/lists';
import { Data, Page, errorResponses } from '../schemas';

type Filters = Record<string, unknown> & { ids?: string[] };
type Batches = (offset: number, limit: number) => Promise<Record<string, unknown>[]>;

export interface ReadRoutes<S extends string> {
  /** The API path and the name used in the CSV file. */
  path: string;
  screen: string;
  tags: string[];
  sorts: readonly S[];
  defaultSort: S;
  filters: TProperties;
  row: TObject;
  detail: TSchema;
  csvColumns: { key: string; header: string }[];
  list: (user: SessionUser, filters: Filters, paging: Paging<S>) => Promise<{ data: unknown[]; total: number }>;
  batches: (user: SessionUser, filters: Filters, paging: Paging<S>) => Batches | Promise<Batches>;
  get: (user: SessionUser, id: string) => Promise<unknown>;
  /** The id's schema when it is not a UUID. */
  id?: TSchema;
}

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** List, CSV export and show of a resource: the same scope and filters in all three. */
export const readRoutes =
  <S extends string>(r: ReadRoutes<S>): FastifyPluginAsyncTypebox =>
  async (app) => {
    const query = listQuery(r.sorts, r.defaultSort, {
      ...r.filters,
      ids: Type.Optional(Type.String({ maxLength: 4000 })),
    });
    const security = [{ bearer: [] }];
    const split = (request: FastifyRequest) => {
      const { page, pageSize, sortBy, sortOrder, ids, ...filters } = request.query as Paging<S> & {
        ids?: string;
      } & Filters;
      const idList = commaList(ids);
      return {
        filters: { ...filters, ids: idList },
        paging: { page, pageSize: idList ? Math.max(pageSize, idList.length) : pageSize, sortBy, sortOrder },
      };
    };

    app.get(
      `/${r.path}`,
      {
        config: { access: { screen: r.screen, action: 'read' } },
        schema: {
          tags: r.tags,
          security,
          summary: `List ${r.path}`,
          querystring: query,
          response: { 200: Page(r.row), ...errorResponses },
        },
      },
      async (request) => {
        const { filters, paging } = split(request);
        return (await r.list(request.session, filters, paging)) as never;
      },
    );

    app.get(
      `/${r.path}/export`,
      {
        config: { access: { screen: r.screen, action: 'export' } },
        schema: {
          tags: r.tags,
          security,
          summary: `${r.path} as CSV, same filters and scope as the list`,
          querystring: query,
        },
      },
      async (request, reply) => {
        const { filters, paging } = split(request);
        return sendCsv(reply, `${r.path}.csv`, r.csvColumns, await r.batches(request.session, filters, paging));
      },
    );

    app.get(
      `/${r.path}/:id`,
      {
        config: { access: { screen: r.screen, action: 'read' } },
        schema: {
          tags: r.tags,
          security,
          summary: `One of ${r.path}`,
          params: r.id ? Type.Object({ id: r.id }) : IdParams,
          response: { 200: Data(r.detail), ...errorResponses },
        },
      },
      async (request) => ({ data: (await r.get(request.session, (request.params as { id: string }).id)) as never }),
    );
  };
