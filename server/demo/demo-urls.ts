import { and, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { merchants } from '../db/schema';

/** The demo merchants, made by seed.ts: their URLs point at this server, nobody else's. */
export const DEMO_MERCHANT_CODES = ['ACME', 'ACME-KIDS', 'BOLT', 'CRISP'];

/** The page the product serves for the demo merchants' customers coming back (routes/demo-return.ts). */
export const DEMO_RETURN_PATH = '/demo/return';

/**
 * Points the demo merchants' return URL at this server's own page, at every start of the demo (its
 * address may change from one start to the next). Only a URL the demo set is changed: the seed's
 * placeholder on the merchant's site, or an earlier start's page; a URL staff changed stays.
 */
export const pointDemoMerchantsAt = async (db: Db, base: string) => {
  await db
    .update(merchants)
    .set({ returnUrl: `${base.replace(/\/$/, '')}${DEMO_RETURN_PATH}` })
    .where(
      and(
        inArray(merchants.code, DEMO_MERCHANT_CODES),
        or(
          sql`${merchants.returnUrl} = ${merchants.siteUrl} || '/return'`,
          like(merchants.returnUrl, `%${DEMO_RETURN_PATH}`),
        ),
      ),
    );
};
