import { Type, type Static } from '@fastify/type-provider-typebox';
import { USER_NAME_FORMAT } from '../../domain/formats';
import { ROLES } from '../../domain/roles';
import { BooleanFilter } from '../services/common/lists';
import { Nullable, NameText, enumListOf, enumOf, patternOf } from './common';

export const USER_SORTS = ['createdAt', 'userName', 'fullName', 'lastLoginAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];

const Password = () => Type.String({ minLength: 1, maxLength: 128 });

export const UserUpdate = Type.Object(
  {
    fullName: NameText(100),
    role: enumOf(ROLES),
    merchantCodes: Type.Optional(Type.Array(Type.String({ maxLength: 30 }), { maxItems: 100 })),
    vendorCode: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 30 })])),
  },
  { additionalProperties: false },
);
export type UserUpdate = Static<typeof UserUpdate>;

export const UserBody = Type.Object(
  { userName: patternOf(USER_NAME_FORMAT, 60), password: Password(), ...UserUpdate.properties },
  { additionalProperties: false },
);
export type UserBody = Static<typeof UserBody>;

export const PasswordBody = Type.Object({ password: Password() }, { additionalProperties: false });

export const UserView = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  userName: Type.String(),
  role: enumOf(ROLES),
  roleLabel: Type.String(),
  merchantCodes: Type.Array(Type.String(), { description: "only the codes inside the caller's scope" }),
  hiddenMerchantCodes: Type.Integer({ description: "how many of the user's merchant codes lie outside it" }),
  vendorCode: Nullable(Type.String()),
  enabled: Type.Boolean(),
  lastLoginAt: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type UserView = Static<typeof UserView>;

export const UserFilters = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  role: Type.Optional(enumListOf(ROLES)),
  enabled: BooleanFilter,
  merchantCode: Type.Optional(Type.String({ maxLength: 30 })),
  vendorCode: Type.Optional(Type.String({ maxLength: 30 })),
};
