import { asc, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { merchants } from '../db/schema';
import type { SessionUser } from './auth';
import { present } from './merchant-admin';
import { merchantCodeScope, narrowCodes } from './scope';

const parent = alias(merchants, 'parent');

export const MERCHANT_LIST_MAX_PAGE_SIZE = 1000;

/** GET /getall-merchant (SPEC §7): merchant roles get their own codes only, whatever they send. */
export const listMerchantSummaries = async (
  db: Db,
  user: SessionUser,
  query: { merchantCode?: string; page: number; pageSize: number },
) => {
  const requested = query.merchantCode
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const codes = narrowCodes(requested, await merchantCodeScope(db, user));
  const where = codes === null ? undefined : inArray(merchants.code, codes.length > 0 ? codes : ['']);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ merchant: merchants, parentCode: parent.code })
      .from(merchants)
      .leftJoin(parent, eq(parent.id, merchants.parentId))
      .where(where)
      .orderBy(asc(merchants.code))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(merchants).where(where),
  ]);
  return { merchants: rows.map((r) => present({ ...r.merchant, parentCode: r.parentCode })), total };
};
