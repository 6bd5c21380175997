import { Type, type Static } from '@fastify/type-provider-typebox';
import { APPLICATION_STATUSES } from '../../domain/merchant-application';
import { WEB_ADDRESS_FORMAT } from '../../domain/formats';
import { NameText, RequiredText, Rupees, enumOf, patternOf } from './common';

/** The public on-boarding form. The phone is checked after its spaces and dashes are removed (normalPhone). */
export const OnboardingBody = Type.Object(
  {
    businessName: NameText(200),
    contactName: NameText(200),
    email: Type.String({ format: 'email', maxLength: 200 }),
    phone: RequiredText(20),
    website: patternOf(WEB_ADDRESS_FORMAT, 300),
    expectedMonthlyVolume: Rupees(),
  },
  { additionalProperties: false },
);
export type OnboardingBody = Static<typeof OnboardingBody>;

export const OnboardingReceipt = Type.Object({ id: Type.String(), status: enumOf(APPLICATION_STATUSES) });
export type OnboardingReceipt = Static<typeof OnboardingReceipt>;
