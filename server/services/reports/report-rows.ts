import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db';
import { paiseToRupees } from '../../../domain/money';
import type { ReportColumn } from '../../../domain/reports';
import { keysetList } from '../common/keyset-list';
import { cursorFields, orderOf, sortKey, type Paging } from '../common/lists';
import type { Query } from '../common/sql-literals';

/** A report's cells: each column's value as stored (paise, an instant, text), by the column's key. */
export type ReportCells = Record<string, SQL | AnyPgColumn>;

/** The report's rows with the fields asked for: its table and joins, ready to be filtered, ordered and cut. */
type From = (
  db: DbOrTx,
  fields: SelectedFields,
) => {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): {
      limit(n: number): PromiseLike<Record<string, unknown>[]> & {
        offset(n: number): PromiseLike<Record<string, unknown>[]>;
      };
      toSQL(): Query;
    };
  };
};

/** A cell as the JSON list sends it: rupees as a number, an instant in ISO 8601 (UTC), text as it is. */
const jsonCell = (kind: ReportColumn['kind'], value: unknown) => {
  if (value === null || value === undefined) return null;
  if (kind === 'amount') return paiseToRupees(Number(value));
  if (kind === 'time') return new Date(value as Date | string).toISOString();
  return value;
};

// A text cell starting with one of these (or their full-width forms) would run as a formula in a spreadsheet.
const FORMULA_STARTS = sql.raw(`'=', '+', '-', '@', chr(9), chr(13), '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'`);

/**
 * A cell as the CSV writes it, computed by PostgreSQL: an instant as 'dd/mm/yyyy hh:mm:ss' in IST,
 * paise as rupees with two decimals (numeric: exact), text with a leading apostrophe where a
 * spreadsheet would run it (names and ids come from outside the gateway), empty text as no value.
 */
export const csvCell = (kind: ReportColumn['kind'], value: SQL | AnyPgColumn): SQL => {
  if (kind === 'time') return sql`to_char(${value} AT TIME ZONE 'Asia/Kolkata', 'DD/MM/YYYY HH24:MI:SS')`;
  if (kind === 'amount') return sql`(${value}::numeric / 100)::numeric(20, 2)`;
  return sql`nullif(CASE WHEN left(${value}::text, 1) IN (${FORMULA_STARTS}) THEN '''' || ${value}::text ELSE ${value}::text END, '')`;
};

/**
 * A row report (issue 13, item 4) from one definition of its cells: the JSON list pages over them
 * (counted up to a cap), and the CSV export is one statement that PostgreSQL formats and writes
 * itself (sendQueryCsv), in the list's order, so no row passes through JavaScript on its way out.
 */
export const reportRows = <Row extends object>(spec: {
  table: PgTable;
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
  columns: readonly ReportColumn[];
  cells: ReportCells;
  from: From;
}) => {
  const sorts = { createdAt: spec.createdAt };
  const list = keysetList({
    table: spec.table,
    sorts,
    id: spec.id,
    select: (db, key, extra = {}) => spec.from(db, { ...spec.cells, ...cursorFields(key), ...extra }) as never,
    present: (row: Record<string, unknown>) =>
      Object.fromEntries(spec.columns.map((c) => [c.key, jsonCell(c.kind, row[c.key])])),
  });
  const exported = Object.fromEntries(spec.columns.map((c, i) => [`c${i}`, csvCell(c.kind, spec.cells[c.key])]));
  return {
    /** A page of the JSON list; the cells make the row its schema describes (Row). */
    page: (db: DbOrTx, where: SQL | undefined, paging: Paging<'createdAt'>) =>
      list.page(db, where, paging) as Promise<{ data: Row[]; total: number; totalCapped?: boolean }>,
    /** The export's statement: every row of the filter, each a list of formatted cells in the columns' order. */
    csvQuery: (db: DbOrTx, where: SQL | undefined, paging: Paging<'createdAt'>): Query =>
      spec
        .from(db, exported)
        .where(where)
        .orderBy(...orderOf(sortKey(paging, sorts, spec.id)))
        .toSQL(),
  };
};
