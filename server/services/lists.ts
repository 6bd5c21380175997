import { Type, type TProperties } from '@fastify/type-provider-typebox';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The query every list takes (DESIGN §7): page, pageSize, sortBy, sortOrder; filters come beside it. */
export const listQuery = <S extends string, F extends TProperties>(
  sortable: readonly S[],
  defaultSort: S,
  filters: F,
) =>
  Type.Object({
    page: Type.Integer({ minimum: 1, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    sortBy: Type.Unsafe<S>(Type.String({ enum: [...sortable], default: defaultSort })),
    sortOrder: Type.Unsafe<'asc' | 'desc'>(Type.String({ enum: ['asc', 'desc'], default: 'desc' })),
    ...filters,
  });

export interface Paging<S extends string = string> {
  page: number;
  pageSize: number;
  sortBy: S;
  sortOrder: 'asc' | 'desc';
}

/** ORDER BY the chosen indexed column, then id so pages never overlap. */
export const orderOf = <S extends string>(
  paging: Paging<S>,
  columns: Record<S, AnyPgColumn>,
  id: AnyPgColumn,
): SQL[] => {
  const dir = paging.sortOrder === 'asc' ? asc : desc;
  return [dir(columns[paging.sortBy]), dir(id)];
};

export const offsetOf = (paging: Paging) => (paging.page - 1) * paging.pageSize;

/** A comma-joined filter value as a list. */
export const commaList = (value: string | undefined): string[] | undefined => {
  const items = value
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
};

/** Text filters match anywhere, case-insensitively; % and _ typed by a user are literal. */
export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const BooleanFilter = Type.Optional(Type.Boolean());

export const EXPORT_BATCH = 2000;

/**
 * Streams a CSV to the client batch by batch, so an export of any size holds one batch in memory.
 * fetchBatch gets the 0-based offset and returns rows already shaped as records of the columns.
 */
export const sendCsv = async (
  reply: FastifyReply,
  fileName: string,
  columns: { key: string; header: string }[],
  fetchBatch: (offset: number, limit: number) => Promise<Record<string, unknown>[]>,
) => {
  const csv = stringify({
    header: true,
    columns,
    cast: { boolean: (v) => (v ? 'Yes' : 'No'), date: (d) => d.toISOString() },
  });
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  const pump = async () => {
    try {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const rows = await fetchBatch(offset, EXPORT_BATCH);
        for (const row of rows) {
          if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
        }
        if (rows.length < EXPORT_BATCH) break;
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  };
  void pump();
  return reply.send(csv);
};
