import { Type } from '@fastify/type-provider-typebox';
import { Reference, Rupees } from './common';

/** The bodies of staff's actions on the Deposit screens. */
export const ConfirmBody = Type.Object(
  {
    confirmedAmount: Rupees(),
    utr: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description: "the bank transfer's UTR, when the pay-in has none or staff read another on the statement",
      }),
    ),
    reason: Type.Optional(
      Type.String({
        maxLength: 500,
        description: 'why a pay-in without a bank entry is confirmed; required then, and read by the checker',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PaymentLinkBody = Type.Object(
  {
    merchantCode: Type.String({ minLength: 1, maxLength: 30 }),
    customerId: Reference("the merchant's id of its customer"),
    merchantOrderId: Type.Optional(Reference('left out: one is made up')),
    amount: Type.Optional(Rupees()),
    test: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
