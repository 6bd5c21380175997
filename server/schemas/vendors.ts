import { Type, type Static } from '@fastify/type-provider-typebox';
import { CODE_FORMAT } from '../../domain/formats';
import { BooleanFilter } from '../services/lists';
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

export const VendorFilters = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  code: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  enabled: BooleanFilter,
};
