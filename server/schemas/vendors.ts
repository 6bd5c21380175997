import { Type, type Static } from '@fastify/type-provider-typebox';
import { CODE_FORMAT } from '../../domain/formats';
import { BooleanFilter } from '../services/common/lists';
import { Nullable, Percent, NameText, patternOf } from './common';

export const VENDOR_SORTS = ['createdAt', 'code', 'name'] as const;
export type VendorSort = (typeof VENDOR_SORTS)[number];

export const VendorUpdate = Type.Object(
  { name: NameText(200), payinCommissionPercent: Percent(), payoutCommissionPercent: Percent() },
  { additionalProperties: false },
);
export type VendorUpdate = Static<typeof VendorUpdate>;

export const VendorBody = Type.Object(
  { code: patternOf(CODE_FORMAT, 60), ...VendorUpdate.properties },
  { additionalProperties: false },
);
export type VendorBody = Static<typeof VendorBody>;

export const VendorView = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  payinCommissionPercent: Type.Number(),
  payoutCommissionPercent: Type.Number(),
  enabled: Type.Boolean(),
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type VendorView = Static<typeof VendorView>;

/** A vendor with its money from the ledger, in rupees (lists and show; the changes' answers leave it out). */
export const VendorWithMoney = Type.Object({
  ...VendorView.properties,
  balance: Type.Number({
    description:
      "rupees of the gateway's money the vendor holds (its bank accounts and its own account): positive, the vendor owes the gateway; negative, the gateway owes the vendor",
  }),
  unmatched: Type.Number({
    description:
      'rupees of bank entries on its accounts that no pay-in and no internal transfer used (not in the balance)',
  }),
});
export type VendorWithMoney = Static<typeof VendorWithMoney>;

export const VendorFilters = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  code: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  enabled: BooleanFilter,
};
