import { Type, type Static } from '@fastify/type-provider-typebox';
import { CODE_FORMAT, USER_NAME_FORMAT } from '../../domain/formats';
import { APPLICATION_STATUSES } from '../../domain/merchant-application';
import { Nullable, Percent, RequiredText, Rupees, enumListOf, enumOf, patternOf } from './common';

export const APPLICATION_SORTS = ['createdAt', 'businessName'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

export const ApplicationView = Type.Object({
  id: Type.String(),
  businessName: Type.String(),
  contactName: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  website: Type.String(),
  expectedMonthlyVolume: Type.Number(),
  status: enumOf(APPLICATION_STATUSES),
  reason: Nullable(Type.String()),
  merchantId: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type ApplicationView = Static<typeof ApplicationView>;

export const ApplicationFilters = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(enumListOf(APPLICATION_STATUSES)),
};

/** The merchant's code and terms, and its first MERCHANT user; its name and site come from the application. */
export const ApproveBody = Type.Object(
  {
    code: patternOf(CODE_FORMAT, 60),
    userName: patternOf(USER_NAME_FORMAT, 80),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    minPayin: Rupees(),
    maxPayin: Rupees(),
    payinFeePercent: Percent(),
    minPayout: Rupees(),
    maxPayout: Rupees(),
    payoutFeePercent: Percent(),
    testMode: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ApproveBody = Static<typeof ApproveBody>;

export const Approval = Type.Object({
  application: ApplicationView,
  merchant: Type.Object({
    id: Type.String(),
    code: Type.String(),
    apiKey: Type.String(),
    signingSecret: Type.String(),
  }),
  userName: Type.String(),
});
export type Approval = Static<typeof Approval>;

export const RejectBody = Type.Object({ reason: RequiredText(500) }, { additionalProperties: false });
export type RejectBody = Static<typeof RejectBody>;
