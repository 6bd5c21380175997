import { Type } from '@fastify/type-provider-typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
/** A merchant as staff and merchant admins see it: never the key, its hash or the signing secret. */
export const MerchantView = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  siteUrl: Type.String(),
  returnUrl: Nullable(Type.String()),
  payinCallbackUrl: Nullable(Type.String()),
  payoutCallbackUrl: Nullable(Type.String()),
  apiKeyPrefix: Type.String(),
  minPayin: Type.Number(),
  maxPayin: Type.Number(),
  payinFeePercent: Type.Number(),
  minPayout: Type.Number(),
  maxPayout: Type.Number(),
  payoutFeePercent: Type.Number(),
  testMode: Type.Boolean(),
  disputesAllowed: Type.Boolean(),
  enabled: Type.Boolean(),
  parentId: Nullable(Type.String()),
  parentCode: Nullable(Type.String()),
  balance: Type.Number({ description: 'net balance in rupees, computed on the server' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

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
