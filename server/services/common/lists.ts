import { Type, type TProperties } from '@fastify/type-provider-typebox';
import { asc, desc, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { istDayStart } from '../../../domain/format';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * Counting past this many rows would scan up to millions on every page: the count stops here and
 * the answer says so (`totalCapped`); the list then shows "more than" and pages on by next/previous.
 * Forty pages of 25 are more than anyone reads before narrowing the filters.
 */
export const COUNT_CAP = 1_000;

/**
 * The capped count as a column of the page's own statement (an InitPlan: counted once, not per
 * row), so that a page and its total cost one round trip and one connection instead of two.
 */
export const cappedCountColumn = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${table} WHERE ${where ?? sql`true`} LIMIT ${COUNT_CAP + 1}) capped)`.mapWith(
    Number,
  );

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

/**
 * The order of a list: the chosen column, then the id so that pages never overlap. A nullable
 * column sorts its empty values as PostgreSQL does (first when descending), through coalesce.
 */
export interface SortKey {
  expr: SQL | AnyPgColumn;
  id: AnyPgColumn;
  dir: 'asc' | 'desc';
  type: string;
  idType: string;
}

const castType = (column: AnyPgColumn) =>
  column
    .getSQLType()
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer');

export const sortKey = <S extends string>(
  paging: Paging<S>,
  columns: Record<S, AnyPgColumn>,
  id: AnyPgColumn,
): SortKey => {
  const column = columns[paging.sortBy];
  const type = castType(column);
  const expr = column.notNull ? column : sql`coalesce(${column}, 'infinity'::${sql.raw(type)})`;
  return { expr, id, dir: paging.sortOrder, type, idType: castType(id) };
};

export const orderOf = (key: SortKey): SQL[] => {
  const dir = key.dir === 'asc' ? asc : desc;
  return [dir(key.expr), dir(key.id)];
};

export const offsetOf = (paging: Paging) => (paging.page - 1) * paging.pageSize;

/** Where the previous batch of an export stopped: its last row's sort value and id, as text. */
export interface Cursor {
  key: string;
  id: string;
}

/** Fields to select beside a row so that its cursor can be read back exactly (timestamps keep their microseconds). */
export const cursorFields = (key: SortKey) => ({
  cursorKey: sql<string>`${key.expr}::text`.mapWith(String),
  cursorId: sql<string>`${key.id}::text`.mapWith(String),
});

export const cursorOf = (row: { cursorKey: string; cursorId: string } | undefined): Cursor | undefined =>
  row && { key: row.cursorKey, id: row.cursorId };

/**
 * The rows after a cursor in the key's order. Written so that an index on the sort column alone
 * starts the scan at the cursor: `col <= k and (col < k or id < i)` when descending.
 */
export const afterCursor = (key: SortKey, cursor: Cursor | undefined): SQL | undefined => {
  if (!cursor) return undefined;
  const k = sql`${cursor.key}::${sql.raw(key.type)}`;
  const i = sql`${cursor.id}::${sql.raw(key.idType)}`;
  return key.dir === 'asc'
    ? sql`(${key.expr} >= ${k} and (${key.expr} > ${k} or ${key.id} > ${i}))`
    : sql`(${key.expr} <= ${k} and (${key.expr} < ${k} or ${key.id} < ${i}))`;
};

/** Text filters match anywhere, case-insensitively; % and _ typed by a user are literal. */
export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whole IST calendar days: from the first day's IST midnight to the midnight after the last day. */
export const istDayRange = (column: AnyPgColumn, from?: string, to?: string): SQL[] =>
  [
    from ? gte(column, new Date(istDayStart(from))) : undefined,
    to ? lt(column, new Date(istDayStart(to, 1))) : undefined,
  ].filter((c): c is SQL => c !== undefined);

/** A comma-joined list of codes as the API receives it (DESIGN §7), empty items dropped. */
export const commaList = (text?: string): string[] | undefined =>
  text
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** The conditions that are set, for and(...). */
export const conditions = <C extends SQLWrapper = SQL>(...items: (C | undefined | false | null | '')[]): C[] =>
  items.filter((c): c is C => Boolean(c));

export const BooleanFilter = Type.Optional(Type.Boolean());
