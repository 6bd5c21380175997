import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db';
import { offsetOf, orderOf, type Paging, type SortKey } from './lists';

/**
 * A list page's statement built once per shape (its sort, the filters present, the caller's
 * scope) and kept, each request's values going in as placeholders (issue 15, item 2): building a
 * select of every column with drizzle was about a quarter of the server's time per list request.
 * Each connection then prepares it once (server/db/prepared.ts).
 */

/**
 * How a filter's value enters a statement: as a parameter (`bound`), or as a named placeholder
 * whose value is recorded (`placeholders`), for a statement kept per shape. The names bound, in
 * order, are the shape's conditions.
 */
export type Bind = (name: string, value: unknown) => SQLWrapper;
export const bound: Bind = (_name, value) => sql.param(value);
/** A named placeholder alone, for a statement kept per shape whose values are given when it runs (keptSql). */
export const named: Bind = (name) => sql.placeholder(name);
export const placeholders = () => {
  const values: Record<string, unknown> = {};
  const names: string[] = [];
  const bind: Bind = (name, value) => {
    names.push(name);
    values[name] = value;
    return sql.placeholder(name);
  };
  return { bind, values, names };
};

/**
 * SQL written now and made into the ORM's SQL only when asked (getSQL), where it reads as if
 * written with sql``. A kept statement's conditions are written on every request to learn its
 * shape and values (keptPage) but made into SQL only for a shape not seen before: making them each
 * time was about 7 % of the server's CPU on a one-row lookup (the ORM checks every piece).
 */
class LaterSql implements SQLWrapper {
  constructor(
    private readonly strings: TemplateStringsArray,
    private readonly params: unknown[],
  ) {}
  getSQL(): SQL {
    return sql(this.strings, ...this.params);
  }
  /** Written into a statement as its own SQL would be, without parentheses around it. */
  shouldOmitSQLParens() {
    return true;
  }
}

/** Conditions joined as the ORM's `and` joins them, when asked. */
class AllOf implements SQLWrapper {
  constructor(private readonly items: SQLWrapper[]) {}
  getSQL(): SQL {
    return and(...this.items.map((c) => c.getSQL()))!;
  }
  shouldOmitSQLParens() {
    return true;
  }
}

/** sql`…`, made when asked. */
export const later = (strings: TemplateStringsArray, ...params: unknown[]): SQLWrapper => new LaterSql(strings, params);

/** The ORM's `and` of conditions written with `later`, made when asked (undefined for none). */
export const allOf = (...items: (SQLWrapper | undefined)[]): SQLWrapper | undefined => {
  const given = items.filter((c): c is SQLWrapper => c !== undefined);
  return given.length === 0 ? undefined : new AllOf(given);
};

/** A type's name as SQL, made once per type. */
const typeNames = new Map<string, SQL>();
const typeName = (type: string) => {
  let name = typeNames.get(type);
  if (!name) typeNames.set(type, (name = sql.raw(type)));
  return name;
};

/**
 * A column equal to one of the values: one value as plain equality, which PostgreSQL reads in an
 * index's order (ORDER BY … LIMIT stops after a page), more as = ANY of an array.
 */
export const oneOf = (
  column: AnyPgColumn,
  name: string,
  values: readonly string[],
  bind: Bind,
  type = 'text',
): SQLWrapper =>
  values.length === 1
    ? later`${column} = ${bind(name, values[0])}::${typeName(type)}`
    : later`${column} = ANY(${bind(`${name}[]`, values)}::${typeName(`${type}[]`)})`;

const MAX_SHAPES = 500;

/** Statements kept per database and shape; a shape not seen before is built by `build`. */
export const keptStatements = <T>() => {
  const kept = new WeakMap<object, Map<string, T>>();
  return (db: object, shape: string, build: () => T): T => {
    let shapes = kept.get(db);
    if (!shapes) kept.set(db, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (statement === undefined) {
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(shape, (statement = build()));
    }
    return statement;
  };
};

/** The ORM's parts that turn a piece of SQL into a prepared statement (kept off its public types). */
interface Internals {
  dialect: { sqlToQuery: (sql: SQL) => { sql: string; params: unknown[] } };
  session: {
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ) => { execute: (values: Record<string, unknown>) => Promise<unknown> };
  };
}

/**
 * A statement written as SQL (no select builder) kept per database and shape as the lists' are
 * (issue 33, part 3): its text is made once, each request's values going in as named placeholders
 * (sql.placeholder). Turning the Dashboard's SQL into text took about a third of a millisecond
 * a request. The statement answers as db.execute does ({ rows }).
 */
export const keptSql = <R>() => {
  const kept = keptStatements<(values: Record<string, unknown>) => Promise<{ rows: R[] }>>();
  return (db: DbOrTx, shape: string, build: () => SQL) =>
    kept(db, shape, () => {
      const { dialect, session } = db as unknown as Internals;
      const prepared = session.prepareQuery(dialect.sqlToQuery(build()), undefined, '', false);
      return (values) => prepared.execute(values) as Promise<{ rows: R[] }>;
    });
};

/**
 * The rows of a page, chosen by a select of the table alone (its order read off an index, stopping
 * after the page), so that only those rows are joined and presented. As one select with the joins,
 * the plan PostgreSQL keeps for a statement (estimating one row for a range of days) joined and
 * sorted every matching row: 35 ms instead of 0.8 ms for a busy merchant's week of pay-ins.
 *
 * The page's size is written into the statement and the first page has no OFFSET (both are part
 * of its shape, keptPage): with LIMIT and OFFSET as parameters the planner costs the generic plan
 * for a tenth of the matching rows. On 10,000,000 pay-ins that made it dearer than a plan for the
 * values (1,125 against 490), so PostgreSQL planned every request again (0.6 ms each) and a
 * vendor's week of successes took 1.42 times as long as on 1,000,000.
 */
export const onPage = (table: PgTable, id: AnyPgColumn, key: SortKey, where: SQL | undefined, paging: Paging) => {
  const size = paging.pageSize;
  if (!Number.isSafeInteger(size) || size < 1) throw new Error(`a page holds a whole number of rows, not ${size}`);
  const filter = where ? sql` WHERE ${where}` : sql``;
  const skip = offsetOf(paging) > 0 ? sql` OFFSET ${sql.placeholder('offset')}` : sql``;
  return sql`${id} IN (SELECT ${id} FROM ${table}${filter} ORDER BY ${sql.join(orderOf(key), sql`, `)} LIMIT ${sql.raw(String(size))}${skip})`;
};

/**
 * A list request's page: the statement of its shape (built by `build` the first time, from the
 * conditions with placeholders) and the request's values for it.
 */
export const keptPage = <T>(
  statements: (db: object, shape: string, build: () => T) => T,
  db: object,
  paging: Paging,
  whereWith: (bind: Bind) => SQLWrapper | undefined,
  build: (where: SQL | undefined) => T,
) => {
  const p = placeholders();
  const where = whereWith(p.bind);
  const offset = offsetOf(paging);
  // The page size and whether the page is the first are written into the statement (onPage).
  const shape = `${paging.sortBy} ${paging.sortOrder} ${p.names.join(',')} ${paging.pageSize}${offset > 0 ? '+' : ''}`;
  // (Added to the values, not spread with them: a spread of names such as `status[]` cost more.)
  p.values.offset = offset;
  return { statement: statements(db, shape, () => build(where?.getSQL())), values: p.values };
};
