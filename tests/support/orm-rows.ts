import * as orm from 'drizzle-orm';

/**
 * The ORM's own row mapping (drizzle-orm's mapResultRow, exported by the package but left out of
 * its types): what the product's row functions (server/db/row-mapper.ts) are compared with.
 */
export const ormRow = (
  orm as unknown as {
    mapResultRow: (
      fields: { path: string[]; field: unknown }[],
      row: unknown[],
      joinsNotNullableMap?: Record<string, boolean>,
    ) => unknown;
  }
).mapResultRow;
