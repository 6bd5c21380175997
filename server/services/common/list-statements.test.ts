import { and, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { payins } from '../../db/schema';
import { allOf, bound, later, oneOf, placeholders } from './list-statements';

const dialect = new PgDialect();
const textOf = (s: SQLWrapper) => dialect.sqlToQuery(s.getSQL());
/** Where a condition sits inside a statement, as a list's page puts it. */
const inStatement = (where: SQLWrapper) => dialect.sqlToQuery(sql`SELECT 1 FROM ${payins} WHERE ${where}`);

describe('conditions written with later``', () => {
  it('make the same SQL and parameters as sql`` does, also inside a statement', () => {
    const utr = 'UTR123';
    const written = later`(${payins.utr} = ${bound('utr', utr)} OR ${payins.submittedUtr} = ${bound('utr', utr)})`;
    const plain = sql`(${payins.utr} = ${bound('utr', utr)} OR ${payins.submittedUtr} = ${bound('utr', utr)})`;
    expect(textOf(written)).toEqual(textOf(plain));
    expect(inStatement(written)).toEqual(inStatement(plain));
  });

  it("are joined by allOf as the ORM's and joins them: none, one and several", () => {
    expect(allOf()).toBeUndefined();
    expect(allOf(undefined, undefined)).toBeUndefined();
    const a = () => later`${payins.status} = ${bound('status', 'SUCCESS')}`;
    const b = () => later`${payins.amount} = ${bound('amount', 500)}::bigint`;
    const plainA = sql`${payins.status} = ${bound('status', 'SUCCESS')}`;
    const plainB = sql`${payins.amount} = ${bound('amount', 500)}::bigint`;
    expect(inStatement(allOf(a())!)).toEqual(inStatement(and(plainA)!));
    expect(inStatement(allOf(undefined, a(), b())!)).toEqual(inStatement(and(plainA, plainB)!));
  });

  it('oneOf writes one value as equality and more as = ANY of a typed array', () => {
    expect(textOf(oneOf(payins.status, 'status', ['SUCCESS'], bound))).toMatchObject({
      sql: '"payins"."status" = $1::text',
      params: ['SUCCESS'],
    });
    expect(textOf(oneOf(payins.id, 'ids', ['a', 'b'], bound, 'uuid'))).toMatchObject({
      sql: '"payins"."id" = ANY($1::uuid[])',
      params: [['a', 'b']],
    });
  });

  it('record their placeholders when written, before any SQL is made', () => {
    const p = placeholders();
    let made = 0;
    const counted = later`${payins.merchantCode} = ${p.bind('codes', 'M001')}`;
    const watched: SQLWrapper = {
      getSQL: () => {
        made++;
        return counted.getSQL();
      },
    };
    const where = allOf(watched, oneOf(payins.status, 'status', ['SUCCESS', 'FAILED'], p.bind));
    expect(p.names).toEqual(['codes', 'status[]']);
    expect(p.values).toEqual({ codes: 'M001', 'status[]': ['SUCCESS', 'FAILED'] });
    expect(made).toBe(0);
    expect(textOf(where!).sql).toBe('("payins"."merchant_code" = $1 and "payins"."status" = ANY($2::text[]))');
    expect(made).toBe(1);
  });
});
