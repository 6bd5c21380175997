import { Type, type Static } from '@fastify/type-provider-typebox';
import { CODE_FORMAT } from '../../domain/formats';
import { IstDay, Nullable, Reference, RequiredText, Rupees, patternOf } from './common';
import { JournalLine } from './payins';

/** Chargebacks (issue 12): the names are contracts. */

export const LienBody = Type.Object(
  {
    merchantCode: patternOf(CODE_FORMAT, 30),
    merchantOrderId: Reference("the pay-in's merchant order id"),
    customerId: Reference("the pay-in's customer id"),
    amount: Rupees(),
    receivedAt: IstDay(),
    reason: RequiredText(200),
  },
  {
    additionalProperties: false,
    examples: [
      {
        merchantCode: 'BOLT',
        merchantOrderId: 'order-1001',
        customerId: 'cust-7',
        amount: 500,
        receivedAt: '2026-11-20',
        reason: 'Customer disputed with the bank',
      },
    ],
  },
);
export type LienBody = Static<typeof LienBody>;

export const LIEN_SORTS = ['createdAt', 'receivedAt', 'amount'] as const;

export const LienFilters = {
  merchantCode: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 30 }), { maxItems: 200 })),
  includeSubMerchants: Type.Optional(Type.Boolean()),
  merchantOrderId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  customerId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  amount: Type.Optional(Rupees()),
  /** The IST days the chargeback was received. */
  from: Type.Optional(IstDay()),
  to: Type.Optional(IstDay()),
};

export const LienView = Type.Object({
  id: Type.String(),
  merchantCode: Type.String(),
  payinId: Type.String(),
  merchantOrderId: Type.String(),
  customerId: Type.String(),
  amount: Type.Number({ description: 'rupees' }),
  receivedAt: Type.String({ description: 'the IST day received, yyyy-mm-dd' }),
  reason: Type.String(),
  createdByName: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type LienView = Static<typeof LienView>;

export const LienDetail = Type.Object({ ...LienView.properties, journal: Type.Array(JournalLine) });
