import { isDeepStrictEqual } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { ormRow } from '../../tests/support/orm-rows';
import { drizzle } from 'drizzle-orm/node-postgres';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankAccounts, checkerRequests, payins, payouts } from './schema';
import { literalOf, rowMapper } from './row-mapper';

/**
 * Issue 33, part 3: the row function built once per statement maps a row exactly as the ORM's
 * mapResultRow does, for any cells: equal values of the same types (Dates as Dates, numbers as
 * numbers), keys in the same order, and a left-joined table that gave no row as null.
 */
const db = drizzle.mock();

interface Prepared {
  fields: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
}
const preparedOf = (query: { prepare: (name: string) => unknown }) => query.prepare('') as unknown as Prepared;

const selects = {
  'a pay-in page with its bank (left join) and SQL fields': preparedOf(
    db
      .select({
        p: { id: payins.id, amount: payins.amount, status: payins.status, createdAt: payins.createdAt },
        bankNickname: bankAccounts.nickname,
        total: sql<number>`count(*) over ()`.mapWith(Number),
        raw: sql<string>`'x'`,
      })
      .from(payins)
      .leftJoin(bankAccounts, eq(bankAccounts.id, payins.bankAccountId)),
  ),
  "a joined table's own object, null when it gave no row": preparedOf(
    db
      .select({
        p: { id: payouts.id, amount: payouts.amount, updatedAt: payouts.updatedAt },
        bank: { id: bankAccounts.id, nickname: bankAccounts.nickname, createdAt: bankAccounts.createdAt },
        request: { maker: checkerRequests.makerId, id: payouts.id },
      })
      .from(payouts)
      .leftJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
      .leftJoin(checkerRequests, and(eq(checkerRequests.entityId, payouts.id))),
  ),
  'an inner select of whole tables': preparedOf(
    db.select().from(payins).innerJoin(bankAccounts, eq(bankAccounts.id, payins.bankAccountId)),
  ),
  'a select of one table, no join': preparedOf(db.select().from(payouts)),
};

/** What the driver hands over for a cell: null, or text as PostgreSQL writes it for the column's type. */
const cell = (field: unknown): fc.Arbitrary<unknown> => {
  const type = (field as { getSQLType?: () => string }).getSQLType?.() ?? 'text';
  const value = /timestamp/.test(type)
    ? fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().replace('T', ' ').replace('Z', '+00'))
    : /bigint|integer/.test(type)
      ? fc.integer().map(String)
      : /bool/.test(type)
        ? fc.boolean()
        : /json/.test(type)
          ? fc.jsonValue()
          : fc.string();
  return fc.option(value, { nil: null });
};

describe('rowMapper', () => {
  for (const [name, prepared] of Object.entries(selects)) {
    it(`maps ${name} as the ORM does`, () => {
      const map = rowMapper(prepared.fields, prepared.joinsNotNullableMap);
      const rows = fc.array(fc.tuple(...prepared.fields.map((f) => cell(f.field))), { maxLength: 5 });
      fc.assert(
        fc.property(rows, (raw) => {
          const ours = map(raw);
          const orm = raw.map((r) => ormRow(prepared.fields, r, prepared.joinsNotNullableMap));
          expect(isDeepStrictEqual(ours, orm)).toBe(true);
          expect(JSON.stringify(ours)).toBe(JSON.stringify(orm));
        }),
        { numRuns: 300 },
      );
    });
  }

  it('nulls a left-joined object only when its first column is null', () => {
    const prepared = selects["a joined table's own object, null when it gave no row"];
    const map = rowMapper(prepared.fields, prepared.joinsNotNullableMap);
    const values: Record<string, unknown> = { 'p.id': 'p1', 'p.amount': '100', 'request.id': 'p1' };
    const row = prepared.fields.map((f) => values[f.path.join('.')] ?? null);
    const [mapped] = map([row]) as { bank: unknown; request: unknown; p: { amount: number } }[];
    expect(mapped.bank).toBeNull();
    // `request` mixes two tables' columns: the ORM never nulls such an object.
    expect(mapped.request).toEqual({ maker: null, id: 'p1' });
    expect(mapped.p.amount).toBe(100);
  });
});

describe('literalOf', () => {
  // Keys a caller might name, quotes and all: each is written as a string literal, never as code.
  const key = fc.constantFrom('code', 'day', 'payinAmount', 'net balance', "it's", 'a"b', '__proto__x', '0');
  it('writes each row as its fields say, in their order, reading and turning each value', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ key, from: fc.option(key, { nil: undefined }), twice: fc.boolean() }), {
          selector: (f) => f.key,
          maxLength: 8,
        }),
        fc.dictionary(key, fc.integer()),
        (fields, row) => {
          const double = (v: number) => v * 2;
          const built = literalOf<Record<string, unknown>>(
            fields.map((f) => ({ key: f.key, from: f.from, via: f.twice ? double : undefined })),
          )(row);
          const expected: Record<string, unknown> = {};
          for (const f of fields) {
            const value = row[f.from ?? f.key];
            expected[f.key] = f.twice ? double(value) : value;
          }
          // In their order as JavaScript orders keys (an integer-like key goes first, as in any object).
          expect(Object.keys(built)).toEqual(Object.keys(expected));
          expect(built).toStrictEqual(expected);
        },
      ),
    );
  });
});
