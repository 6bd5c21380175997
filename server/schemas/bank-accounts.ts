import { Type, type Static } from '@fastify/type-provider-typebox';
import { APPROVAL_STATUSES, USED_FOR } from '../../domain/bank-account';
import { ACCOUNT_NUMBER_FORMAT, IFSC_FORMAT, NICKNAME_FORMAT, UPI_ID_FORMAT } from '../../domain/formats';
import { BooleanFilter } from '../services/common/lists';
import { IstDay, Nullable, NameText, RequiredText, Rupees, RupeesOrNull, enumOf, patternOf } from './common';

export const BANK_SORTS = ['createdAt', 'nickname', 'bankName'] as const;
export type BankSort = (typeof BANK_SORTS)[number];

const fields = {
  bankName: NameText(100),
  holderName: NameText(100),
  accountNumber: patternOf(ACCOUNT_NUMBER_FORMAT, 40),
  ifsc: patternOf(IFSC_FORMAT, 30),
  upiId: Type.Optional(Type.Union([Type.Null(), Type.Literal(''), patternOf(UPI_ID_FORMAT)])),
  showQr: Type.Optional(Type.Boolean()),
  showBankDetails: Type.Optional(Type.Boolean()),
  minPayin: Rupees(),
  maxPayin: Rupees(),
  // null first: the validator coerces types, and would read null as the number 0.
  dailyLimit: Type.Optional(RupeesOrNull()),
};

export const BankUpdate = Type.Object(
  { ...fields, accountNumber: Type.Optional(fields.accountNumber) },
  {
    additionalProperties: false,
    description: 'accountNumber left out keeps the stored one (other roles see it masked)',
  },
);
export type BankUpdate = Static<typeof BankUpdate>;

export const BankBody = Type.Object(
  {
    nickname: patternOf(NICKNAME_FORMAT, 60),
    usedFor: enumOf(USED_FOR),
    enabled: Type.Optional(Type.Boolean()),
    vendorCode: RequiredText(30),
    ...fields,
  },
  { additionalProperties: false },
);
export type BankBody = Static<typeof BankBody>;

export const BankView = Type.Object({
  id: Type.String(),
  nickname: Type.String(),
  bankName: Type.String(),
  holderName: Type.String(),
  accountNumber: Type.String({ description: 'masked except for ADMIN' }),
  ifsc: Type.String(),
  upiId: Nullable(Type.String()),
  usedFor: enumOf(USED_FOR),
  showQr: Type.Boolean(),
  showBankDetails: Type.Boolean(),
  minPayin: Type.Number(),
  maxPayin: Type.Number(),
  dailyLimit: Nullable(Type.Number()),
  enabled: Type.Boolean(),
  vendorId: Type.String(),
  vendorCode: Type.String(),
  merchantCodes: Type.Array(Type.String()),
  createdBy: Nullable(Type.String()),
  approval: enumOf(APPROVAL_STATUSES, 'a PAYIN account takes pay-ins only once APPROVED'),
  approvedBy: Nullable(Type.String()),
  approvedAt: Nullable(Type.String()),
  makers: Type.Array(Type.String(), {
    description: 'while awaiting approval: the users who made what awaits it, who may not approve it',
  }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type BankView = Static<typeof BankView>;

/** A row of the list: the account and what moved through it over the days asked (from, to). */
export const BankListRow = Type.Object({
  ...BankView.properties,
  balance: Type.Number({
    description:
      'rupees over the IST days from–to (today by default): a PAYIN account, the bank entries recorded on it (used or not); a PAYOUT account, the pay-outs paid from it',
  }),
});
export type BankListRow = Static<typeof BankListRow>;

export const LinkBody = Type.Object(
  {
    merchantCodes: Type.Array(Type.String({ maxLength: 30 }), { minItems: 1, maxItems: 500 }),
    includeSubMerchants: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LinkBody = Static<typeof LinkBody>;

export const FlagsBody = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    showQr: Type.Optional(Type.Boolean()),
    showBankDetails: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type FlagsBody = Static<typeof FlagsBody>;

export const BankFilters = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  nickname: Type.Optional(Type.String({ maxLength: 100 })),
  bankName: Type.Optional(Type.String({ maxLength: 100 })),
  usedFor: Type.Optional(enumOf(USED_FOR)),
  vendorCode: Type.Optional(Type.String({ maxLength: 30 })),
  merchantCode: Type.Optional(Type.String({ maxLength: 30 })),
  enabled: BooleanFilter,
  from: Type.Optional(IstDay()),
  to: Type.Optional(IstDay()),
};
