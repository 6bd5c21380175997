import pg from 'pg';

/** A statement as drizzle builds it: text with $1, $2… and the values bound to them. */
export interface Query {
  sql: string;
  params: unknown[];
}

/** An element of an array literal: double-quoted, its quotes and backslashes escaped (PostgreSQL's array syntax). */
const element = (value: unknown): string => {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  throw new Error(`a ${typeof value} cannot be written in an SQL array literal`);
};

const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return pg.escapeLiteral(`{${value.map(element).join(',')}}`);
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return pg.escapeLiteral(String(value));
  if (typeof value === 'bigint' || typeof value === 'boolean') return pg.escapeLiteral(String(value));
  if (value instanceof Date && !Number.isNaN(value.getTime())) return pg.escapeLiteral(value.toISOString());
  throw new Error(`a ${typeof value} cannot be written as an SQL literal`);
};

/**
 * The statement with each parameter written in its place as a quoted literal (the driver's own
 * escaping, the one libpq has), for the one kind of statement PostgreSQL takes no parameters in:
 * COPY (SELECT …) TO STDOUT. A quoted literal is of unknown type until its context types it, as
 * an untyped parameter is, so the statement means what it meant with parameters. The text drizzle
 * builds quotes identifiers and holds no '$' of its own outside its parameters.
 */
export const withLiterals = ({ sql, params }: Query): string =>
  sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new Error(`$${n} has no value (${params.length} given)`);
    return literal(params[index]);
  });
