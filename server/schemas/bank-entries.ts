import { Type, type Static } from '@fastify/type-provider-typebox';
import { AMOUNT_CODE_FORMAT, PAYMENT_SOURCES } from '../../domain/payin';
import { IstDay, Nullable, Rupees, enumListOf, enumOf, patternOf } from './common';

export const BANK_ENTRY_SORTS = ['createdAt', 'amount'] as const;
export type BankEntrySort = (typeof BANK_ENTRY_SORTS)[number];

/** Used by a pay-in, un-used, or consumed by a vendor's internal transfer (issue 12). */
export const USED_FILTER = ['Used', 'UnUsed', 'InternalTransfer'] as const;

export const BankEntryBody = Type.Object(
  {
    bankAccountId: Type.String({ format: 'uuid' }),
    utr: Type.String({ minLength: 1, maxLength: 40, description: 'spaces are stripped' }),
    amount: Rupees(),
    amountCode: Type.Optional(Type.Union([Type.Null(), Type.Literal(''), patternOf(AMOUNT_CODE_FORMAT, 5)])),
  },
  { additionalProperties: false },
);
export type BankEntryBody = Static<typeof BankEntryBody>;

export const BankEntryFilters = {
  utr: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  bankAccountId: Type.Optional(Type.String({ format: 'uuid' })),
  amount: Type.Optional(Rupees()),
  amountCode: Type.Optional(Type.String({ minLength: 1, maxLength: 5 })),
  used: Type.Optional(enumOf(USED_FILTER)),
  staleMinutes: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 43_200, description: 'added at least this many minutes ago' }),
  ),
  source: Type.Optional(enumListOf(PAYMENT_SOURCES)),
  from: Type.Optional(IstDay()),
  to: Type.Optional(IstDay()),
};

export const BankEntryView = Type.Object({
  id: Type.String(),
  bankAccountId: Type.String(),
  bankNickname: Type.String(),
  utr: Type.String(),
  amount: Type.Number(),
  amountCode: Nullable(Type.String()),
  source: enumOf(PAYMENT_SOURCES),
  used: Type.Boolean({ description: 'taken by a pay-in or an internal transfer' }),
  payinId: Nullable(Type.String()),
  vendorSettlementId: Nullable(Type.String({ description: "the vendor's internal transfer that consumed it" })),
  merchantOrderId: Type.Optional(
    Nullable(Type.String({ description: 'of the pay-in that used it; left out for vendor roles' })),
  ),
  usedAt: Nullable(Type.String()),
  awaitingChecker: Type.Optional(
    Nullable(
      Type.String({ description: 'the ADMIN whose reset of it waits for a checker; left out for vendor roles' }),
    ),
  ),
  createdBy: Nullable(Type.String({ description: 'the user name of who added it' })),
  createdAt: Type.String(),
});
export type BankEntryView = Static<typeof BankEntryView>;

/** What adding an entry did: the entry, and the pay-in it completed, if any. */
export const BankEntryAdded = Type.Object({
  entry: BankEntryView,
  matched: Nullable(Type.Object({ payinId: Type.String(), status: Type.String() })),
});

export const ImportRowError = Type.Object({ line: Type.Integer(), reason: Type.String() });
export const ImportResult = Type.Object({
  recorded: Type.Integer(),
  matched: Type.Integer(),
});
