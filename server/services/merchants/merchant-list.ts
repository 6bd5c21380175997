import { asc, count, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { merchants } from '../../db/schema';
import { MERCHANT_LIST_MAX_PAGE_SIZE, type MerchantList, type MerchantListQuery } from '../../schemas/merchant-list';
import type { SessionUser } from '../common/session-user';
import { presentMerchant, selectMerchants } from './merchants-list';
import { dataScope, narrowCodes, scopeMerchantCodes } from '../common/scope';

const commaList = (value: string | undefined) =>
  value
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/**
 * GET /getall-merchant (SPEC §7): merchant roles get their own codes only, whatever they send;
 * a page larger than the cap is cut to it.
 */
export const listMerchantSummaries = async (
  db: Db,
  user: SessionUser,
  query: MerchantListQuery,
): Promise<MerchantList> => {
  const codes = narrowCodes(commaList(query.merchantCode), scopeMerchantCodes(await dataScope(db, user)));
  const pageSize = Math.min(query.pageSize, MERCHANT_LIST_MAX_PAGE_SIZE);
  const where = codes === null ? undefined : inArray(merchants.code, codes);
  const [rows, [{ total }]] = await Promise.all([
    selectMerchants(db)
      .where(where)
      .orderBy(asc(merchants.code))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(merchants).where(where),
  ]);
  return { merchants: rows.map((r) => presentMerchant({ ...r.m, parentCode: r.parentCode })), total };
};
