import { Type, type Static } from '@fastify/type-provider-typebox';
import { MerchantView } from './merchants';

export const MERCHANT_LIST_MAX_PAGE_SIZE = 1000;

/** SPEC §7: merchantCode is a comma list; a larger page size is capped, not refused. */
export const MerchantListQuery = Type.Object({
  merchantCode: Type.Optional(Type.String({ maxLength: 2000 })),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({
    minimum: 1,
    default: MERCHANT_LIST_MAX_PAGE_SIZE,
    description: `capped at ${MERCHANT_LIST_MAX_PAGE_SIZE}`,
  }),
});
export type MerchantListQuery = Static<typeof MerchantListQuery>;

/** What every signed-in shell reads of a merchant (GET /getall-merchant). */
export const MerchantSummary = Type.Pick(MerchantView, [
  'id',
  'code',
  'name',
  'siteUrl',
  'parentCode',
  'minPayin',
  'maxPayin',
  'payinFeePercent',
  'minPayout',
  'maxPayout',
  'payoutFeePercent',
  'testMode',
  'enabled',
  'createdAt',
]);

export const MerchantList = Type.Object({ merchants: Type.Array(MerchantSummary), total: Type.Integer() });
export type MerchantList = Static<typeof MerchantList>;
