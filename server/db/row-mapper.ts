import { Column, getTableName, is, sql, SQL, Subquery } from 'drizzle-orm';

/**
 * Rows of a kept select mapped by a function built once for its shape (issue 33, part 3). The ORM
 * maps every cell of every row by walking the select's fields anew (which kind of field, its
 * decoder, its path, whether a left-joined table came back empty): about a fifth of a list page's
 * server time. This builds, once per statement, a function that writes each row's object literal
 * from the row's cells, calling only the decoders that change a value, with the same answer.
 */
interface SelectedField {
  path: string[];
  field: unknown;
}
interface Decoder {
  mapFromDriverValue: (value: unknown) => unknown;
}
/** What the ORM keeps on a prepared select (pg-core/query-builders/select.js `_prepare`). */
interface PreparedSelect {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** A piece of SQL's decoder (the ORM keeps it on the piece, out of its public types). */
const sqlDecoder = (piece: unknown) => (piece as { decoder: Decoder }).decoder;
const decoderOf = (field: unknown): Decoder => {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  if (is(field, Subquery)) return sqlDecoder(field._.sql);
  return sqlDecoder((field as SQL.Aliased).sql);
};

/** Decoders that hand the value back unchanged: a column's default, and a piece of SQL's. */
const identities = new Set<unknown>([Column.prototype.mapFromDriverValue, sqlDecoder(sql`1`).mapFromDriverValue]);
const isIdentity = (decoder: Decoder) => identities.has(decoder.mapFromDriverValue);

type Node = { key: string; cell?: number; children?: Node[]; nullWhenNull?: number };

/**
 * The row function of a select's fields, in the ORM's own order. A top-level object of a table's
 * columns from a left join is null when that table gave no row, as the ORM decides it: its first
 * column null, all its columns of one table, that table not an inner one.
 */
export const rowMapper = (fields: SelectedField[], joinsNotNullableMap?: Record<string, boolean>) => {
  const root: Node = { key: '', children: [] };
  const decoders: (Decoder['mapFromDriverValue'] | null)[] = [];
  const firstTable = new Map<string, string | false>();
  fields.forEach(({ path, field }, cell) => {
    const decoder = decoderOf(field);
    decoders.push(isIdentity(decoder) ? null : decoder.mapFromDriverValue.bind(decoder));
    let node = root;
    for (const [i, key] of path.entries()) {
      if (i === path.length - 1) node.children!.push({ key, cell });
      else {
        let child = node.children!.find((c) => c.key === key && c.children);
        if (!child) node.children!.push((child = { key, children: [] }));
        node = child;
      }
    }
    if (joinsNotNullableMap && is(field, Column) && path.length === 2) {
      const table = getTableName(field.table);
      const seen = firstTable.get(path[0]);
      if (seen === undefined) firstTable.set(path[0], table);
      else if (seen !== table) firstTable.set(path[0], false);
    }
  });
  for (const child of root.children!) {
    const table = firstTable.get(child.key);
    if (table && joinsNotNullableMap && !joinsNotNullableMap[table]) {
      const first = fields.findIndex((f) => f.path.length === 2 && f.path[0] === child.key && is(f.field, Column));
      child.nullWhenNull = first;
    }
  }
  const value = (cell: number) => {
    const at = `r[${cell}]`;
    return decoders[cell] ? `(${at} === null ? null : d[${cell}](${at}))` : at;
  };
  const literal = (node: Node): string =>
    `{${node.children!.map((c) => `${JSON.stringify(c.key)}: ${write(c)}`).join(', ')}}`;
  const write = (node: Node): string => {
    if (node.cell !== undefined) return value(node.cell);
    const object = literal(node);
    return node.nullWhenNull === undefined || node.nullWhenNull < 0
      ? object
      : `(r[${node.nullWhenNull}] === null ? null : ${object})`;
  };
  // Built from the select's own field names and cell numbers only; no value of a request enters it.
  const one = new Function('d', `return (r) => (${literal(root)});`)(decoders) as (row: unknown[]) => unknown;
  return (rows: unknown[][]) => {
    const out = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = one(rows[i]);
    return out;
  };
};

/**
 * A prepared select whose rows are mapped by its own row function (rowMapper), built here once. The
 * ORM's prepared query calls a custom mapper with the raw rows when one is set.
 */
export const withRowMapper = <T>(prepared: T): T => {
  const p = prepared as PreparedSelect;
  if (!p.fields) throw new Error('withRowMapper: not a prepared select');
  p.customResultMapper = rowMapper(p.fields, p.joinsNotNullableMap);
  return prepared;
};

/** One key of an object written by literalOf: the row's property it reads (its own name unless `from`), and what turns that value. */
export interface LiteralField {
  key: string;
  from?: string;
  via?: (value: never) => unknown;
}

/**
 * A function built once that writes each row as one object literal of `fields`, in their order.
 * Objects grown key by key in a loop (`day[m] = …` for each measure) change shape at every key: an
 * Accounts page of 100 days built so was a sixth of its allocations (issue 33, part 3).
 */
export const literalOf = <T>(fields: readonly LiteralField[]): ((row: Record<string, unknown>) => T) => {
  const body = fields.map(({ key, from = key, via }, i) => {
    const read = `r[${JSON.stringify(from)}]`;
    return `${JSON.stringify(key)}: ${via ? `v[${i}](${read})` : read}`;
  });
  // Built from the caller's constant keys only; no value of a request enters it.
  const vias = fields.map((f) => f.via);
  return new Function('v', `return (r) => ({${body.join(', ')}});`)(vias) as (row: Record<string, unknown>) => T;
};
