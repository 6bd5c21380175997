import { Type, type Static } from '@fastify/type-provider-typebox';
import { ACCOUNT_NUMBER_FORMAT, IFSC_FORMAT, UPI_ID_FORMAT } from '../../domain/formats';
import { ACCOUNT_HOLDER_FORMAT, PAYOUT_STATUSES } from '../../domain/payout';
import { Nullable, Rupees, enumOf, patternOf } from './common';

/** A merchant's own reference or its customer's id: printable, no spaces at the ends. */
const Reference = (description: string) =>
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._:/@-]*$', description });

// ---- Merchant API (the contract merchants code against: names kept exactly) ----

/** A bank account (holder, number, IFSC, bank name) or a UPI id: which one, the service checks. */
export const Beneficiary = Type.Object(
  {
    accountHolder: Type.Optional(patternOf(ACCOUNT_HOLDER_FORMAT, 100)),
    accountNumber: Type.Optional(patternOf(ACCOUNT_NUMBER_FORMAT, 18)),
    ifsc: Type.Optional(patternOf(IFSC_FORMAT, 11)),
    bankName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    upiId: Type.Optional(patternOf(UPI_ID_FORMAT, 300)),
  },
  {
    additionalProperties: false,
    description: 'a bank account (accountHolder, accountNumber, ifsc, bankName?) or a upiId',
  },
);

export const MerchantPayoutBody = Type.Object(
  {
    merchantOrderId: Reference("the merchant's order id, unique per merchant"),
    customerId: Reference("the merchant's id of its customer"),
    amount: Rupees(),
    beneficiary: Beneficiary,
  },
  {
    additionalProperties: false,
    examples: [
      {
        merchantOrderId: 'wd-2001',
        customerId: 'cust-42',
        amount: 1500,
        beneficiary: { accountHolder: 'Asha Rao', accountNumber: '001234567890', ifsc: 'HDFC0001234' },
      },
      { merchantOrderId: 'wd-2002', customerId: 'cust-42', amount: 250.5, beneficiary: { upiId: 'asha@okhdfc' } },
    ],
  },
);
export type MerchantPayoutBody = Static<typeof MerchantPayoutBody>;

export const MerchantPayoutCreated = Type.Object(
  {
    id: Type.String(),
    merchantOrderId: Type.String(),
    status: enumOf(PAYOUT_STATUSES),
    amount: Type.Number(),
    fee: Type.Number(),
  },
  {
    examples: [
      {
        id: '0b7c1e1a-8d3f-4a55-9c2e-5f1d2a3b4c5d',
        merchantOrderId: 'wd-2001',
        status: 'INITIATED',
        amount: 1500,
        fee: 22.5,
      },
    ],
  },
);

export const MerchantPayoutStatus = Type.Object(
  {
    id: Type.String(),
    merchantOrderId: Type.String(),
    status: enumOf(PAYOUT_STATUSES),
    amount: Type.Number(),
    fee: Type.Number(),
    utr: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    updatedAt: Type.String(),
  },
  {
    examples: [
      {
        id: '0b7c1e1a-8d3f-4a55-9c2e-5f1d2a3b4c5d',
        merchantOrderId: 'wd-2001',
        status: 'SUCCESS',
        amount: 1500,
        fee: 22.5,
        utr: '412345678901',
        reason: null,
        updatedAt: '2026-11-24T10:12:00.000Z',
      },
    ],
  },
);

export const MerchantBalance = Type.Object(
  {
    balance: Type.Number({ description: 'rupees the gateway owes you' }),
    held: Type.Number({ description: 'rupees reserved for your pay-outs still waiting' }),
    available: Type.Number({ description: 'balance − held: what new pay-outs may use' }),
  },
  { examples: [{ balance: 125000, held: 1522.5, available: 123477.5 }] },
);
