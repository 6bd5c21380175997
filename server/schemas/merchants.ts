import { Type, type Static } from '@fastify/type-provider-typebox';
import { CODE_FORMAT, WEB_ADDRESS_FORMAT } from '../../domain/formats';
import { PROVIDERS } from '../../domain/providers';
import { BooleanFilter } from '../services/common/lists';
import { Nullable, Percent, NameText, Rupees, enumOf, patternOf } from './common';

export const MERCHANT_SORTS = ['createdAt', 'code', 'name'] as const;
export type MerchantSort = (typeof MERCHANT_SORTS)[number];

const WebAddress = () => patternOf(WEB_ADDRESS_FORMAT, 500);
const OptionalWebAddress = () => Type.Optional(Type.Union([Type.Null(), Type.Literal(''), WebAddress()]));

/** What staff and merchant admins may change of a merchant (its code and parent are fixed once created). */
export const MerchantUpdate = Type.Object(
  {
    name: NameText(200),
    siteUrl: WebAddress(),
    returnUrl: OptionalWebAddress(),
    payinCallbackUrl: OptionalWebAddress(),
    payoutCallbackUrl: OptionalWebAddress(),
    minPayin: Rupees(),
    maxPayin: Rupees(),
    payinFeePercent: Percent(),
    minPayout: Rupees(),
    maxPayout: Rupees(),
    payoutFeePercent: Percent(),
    testMode: Type.Optional(Type.Boolean()),
    disputesAllowed: Type.Optional(Type.Boolean()),
    /** Issue 14, ADMIN only: the pay page may offer payment through a provider. Omitted: unchanged. */
    allowIntent: Type.Optional(Type.Boolean()),
    /** Issue 14, ADMIN only: the one provider offered; null: any configured one. Omitted: unchanged. */
    intentProvider: Type.Optional(Nullable(enumOf(PROVIDERS))),
  },
  { additionalProperties: false },
);
export type MerchantUpdate = Static<typeof MerchantUpdate>;

export const MerchantBody = Type.Object(
  {
    code: patternOf(CODE_FORMAT, 60),
    ...MerchantUpdate.properties,
    parentCode: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
  },
  { additionalProperties: false },
);
export type MerchantBody = Static<typeof MerchantBody>;

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
  allowIntent: Type.Boolean({ description: 'its pay page may offer payment through a provider (set by ADMIN)' }),
  intentProvider: Nullable(enumOf(PROVIDERS, 'the one provider offered; null: any configured one (set by ADMIN)')),
  enabled: Type.Boolean(),
  suspendedByStaff: Type.Boolean({ description: "disabled by the gateway's staff: only staff enable it again" }),
  suspendedAt: Nullable(Type.String()),
  parentId: Nullable(Type.String()),
  parentCode: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type MerchantView = Static<typeof MerchantView>;

/** A merchant's money from the ledger, in rupees (lists and show; the changes' answers leave it out). */
export const MerchantMoney = {
  balance: Type.Number({
    description:
      "net balance in rupees: what the gateway owes the merchant, its sub-merchants' included unless includeSubMerchants=false",
  }),
  held: Type.Number({ description: 'rupees reserved by waiting pay-outs and settlements' }),
  available: Type.Number({ description: 'balance − held: what new pay-outs and settlements may use' }),
};

export const MerchantWithMoney = Type.Object({ ...MerchantView.properties, ...MerchantMoney });
export type MerchantWithMoney = Static<typeof MerchantWithMoney>;

export const MerchantRow = Type.Object({ ...MerchantWithMoney.properties, subMerchantCount: Type.Integer() });
export type MerchantRow = Static<typeof MerchantRow>;

export const LinkedBankAccount = Type.Object({
  id: Type.String(),
  nickname: Type.String(),
  bankName: Type.String(),
  usedFor: Type.String(),
  enabled: Type.Boolean(),
});

export const MerchantDetail = Type.Object({
  ...MerchantWithMoney.properties,
  subMerchants: Type.Array(MerchantWithMoney),
  bankAccounts: Type.Array(LinkedBankAccount),
});
export type MerchantDetail = Static<typeof MerchantDetail>;

export const MerchantWithKey = Type.Object({
  ...MerchantView.properties,
  apiKey: Type.String({ description: 'shown in this answer only' }),
  signingSecret: Type.String({ description: 'signs callbacks (HMAC-SHA256); shown in this answer only' }),
});
export type MerchantWithKey = Static<typeof MerchantWithKey>;

export const MerchantFilters = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  code: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  enabled: BooleanFilter,
  testMode: BooleanFilter,
  parentId: Type.Optional(Type.String({ format: 'uuid' })),
  topLevel: BooleanFilter,
  includeSubMerchants: Type.Optional(
    Type.Boolean({ description: "a parent's money includes its sub-merchants' (default true); false: its own" }),
  ),
};

/** The money of a merchant read alone (show). */
export const MoneyQuery = Type.Object({ includeSubMerchants: MerchantFilters.includeSubMerchants });
export type MoneyQuery = Static<typeof MoneyQuery>;

/** The merchant API's balance: its own figures always, its sub-merchants' beside them unless left out. */
export const MerchantBalanceQuery = Type.Object({
  includeSubMerchants: Type.Optional(
    Type.Boolean({ description: "false: leave out the sub-merchants' figures (default true)" }),
  ),
});
