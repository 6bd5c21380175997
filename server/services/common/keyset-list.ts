import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db';
import type { Batches } from './csv';
import {
  afterCursor,
  cappedCountColumn,
  COUNT_CAP,
  cursorOf,
  offsetOf,
  orderOf,
  sortKey,
  type Paging,
  type SortKey,
} from './lists';

/** Columns a list's statement carries beside its rows (the capped count). */
export type ExtraFields = Record<string, SQL>;

/** A select of rows that carry their cursor (cursorFields), ready to be filtered, ordered and cut. */
interface Selectable<R> {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): { limit(n: number): PromiseLike<R[]> & { offset(n: number): PromiseLike<R[]> } };
  };
}

/** Up to COUNT_CAP + 1 rows counted: a list page never scans a whole table to say how many. */
export const cappedCount = async (db: DbOrTx, table: PgTable, where: SQL | undefined) => {
  const result = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM ${table} WHERE ${where ?? sql`true`} LIMIT ${COUNT_CAP + 1}) capped`,
  );
  return Number(result.rows[0].total);
};

/**
 * A page's total: read off its rows (cappedCountColumn), or, when a page past the first is empty,
 * counted alone; capped at COUNT_CAP and said so.
 */
export const pageTotal = async (
  rows: readonly object[],
  paging: Paging,
  alone: () => Promise<number>,
): Promise<{ total: number; totalCapped?: true }> => {
  const counted = rows.length > 0 ? (rows[0] as { total: number }).total : paging.page === 1 ? 0 : await alone();
  return counted > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: counted };
};

/**
 * How a list's rows are shown: one by one (`present`), or a page or batch at a time
 * (`presentRows`) when showing them reads more (their money, their links) for all of them at once.
 */
type Presenter<R, V> = { present: (row: R) => V } | { presentRows: (db: DbOrTx, rows: R[]) => Promise<V[]> };

/**
 * One list's page and CSV batches over a table (STYLE: lists that stay fast): the page counted up
 * to a cap, the export walked by key (sort value, id) a batch at a time, the rows shaped by `present`
 * (or `presentRows`). The filter (`where`) names the table's own columns only: the count reads the
 * table alone.
 */
export const keysetList = <S extends string, R extends { cursorKey: string; cursorId: string }, V extends object>(
  spec: {
    table: PgTable;
    sorts: Record<S, AnyPgColumn>;
    id: AnyPgColumn;
    select: (db: DbOrTx, key: SortKey, extra?: ExtraFields) => Selectable<R>;
  } & Presenter<R, V>,
) => {
  const shown = async (db: DbOrTx, rows: R[]): Promise<V[]> =>
    'present' in spec ? rows.map((row) => spec.present(row)) : spec.presentRows(db, rows);
  return {
    page: async (db: DbOrTx, where: SQL | undefined, paging: Paging<S>) => {
      const key = sortKey(paging, spec.sorts, spec.id);
      const rows = await spec
        .select(db, key, { total: cappedCountColumn(spec.table, where) })
        .where(where)
        .orderBy(...orderOf(key))
        .limit(paging.pageSize)
        .offset(offsetOf(paging));
      return {
        data: await shown(db, rows),
        ...(await pageTotal(rows, paging, () => cappedCount(db, spec.table, where))),
      };
    },
    batches:
      (db: DbOrTx, where: SQL | undefined, paging: Paging<S>): Batches =>
      async (after, limit) => {
        const key = sortKey(paging, spec.sorts, spec.id);
        const rows = await spec
          .select(db, key)
          .where(and(where, afterCursor(key, after)))
          .orderBy(...orderOf(key))
          .limit(limit);
        return { rows: (await shown(db, rows)) as Record<string, unknown>[], next: cursorOf(rows.at(-1)) };
      },
  };
};
