import { Type, type Static } from '@fastify/type-provider-typebox';
import { ACCOUNT_NUMBER_FORMAT, IFSC_FORMAT, UPI_ID_FORMAT } from '../../domain/formats';
import { ACCOUNT_HOLDER_FORMAT, PAYOUT_METHODS, PAYOUT_STATUSES } from '../../domain/payout';
import { IstDay, Nullable, Rupees, enumListOf, enumOf, patternOf, Reference } from './common';
import { CallbackState, CallbackView, JournalLine, TimelineActor } from './payins';

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

const BalanceFigures = {
  balance: Type.Number({ description: 'rupees the gateway owes you' }),
  held: Type.Number({ description: 'rupees reserved for your pay-outs still waiting' }),
  available: Type.Number({ description: 'balance − held: what new pay-outs may use' }),
};

export const MerchantBalance = Type.Object(
  {
    ...BalanceFigures,
    subMerchants: Type.Optional(
      Type.Object(BalanceFigures, {
        description:
          "your sub-merchants' figures added up, apart from yours (a pay-out draws on your own available alone); " +
          'left out when you have none, or with includeSubMerchants=false',
      }),
    ),
  },
  {
    examples: [
      { balance: 125000, held: 1522.5, available: 123477.5 },
      {
        balance: 126075,
        held: 0,
        available: 126075,
        subMerchants: { balance: 253962, held: 0, available: 253962 },
      },
    ],
  },
);

// ---- Staff: the Withdrawal screens ----

export const PAYOUT_SORTS = ['createdAt', 'updatedAt', 'amount'] as const;
export type PayoutSort = (typeof PAYOUT_SORTS)[number];

export const PayoutFilters = {
  status: Type.Optional(enumListOf(PAYOUT_STATUSES)),
  merchantCode: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 30 }), { maxItems: 200 })),
  includeSubMerchants: Type.Optional(Type.Boolean()),
  vendorCode: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
  method: Type.Optional(enumOf(PAYOUT_METHODS)),
  utr: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  merchantOrderId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  accountNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 18 })),
  amount: Type.Optional(Rupees()),
  from: Type.Optional(IstDay()),
  to: Type.Optional(IstDay()),
};

export const PayoutView = Type.Object({
  id: Type.String(),
  merchantOrderId: Type.Optional(Type.String({ description: 'left out for vendor roles' })),
  merchantCode: Type.Optional(Type.String({ description: 'left out for vendor roles' })),
  vendorCode: Nullable(Type.String()),
  customerId: Type.String(),
  status: enumOf(PAYOUT_STATUSES),
  reason: Nullable(Type.String()),
  amount: Type.Number(),
  fee: Type.Optional(Type.Number({ description: 'left out for vendor roles' })),
  utr: Nullable(Type.String()),
  method: Nullable(enumOf(PAYOUT_METHODS)),
  bankAccountId: Nullable(Type.String()),
  bankNickname: Nullable(Type.String({ description: 'the pay-out account that paid it' })),
  accountHolder: Nullable(Type.String()),
  accountNumber: Nullable(Type.String()),
  ifsc: Nullable(Type.String()),
  bankName: Nullable(Type.String()),
  upiId: Nullable(Type.String()),
  test: Type.Boolean(),
  awaitingChecker: Nullable(
    Type.String({ description: 'the maker of an approval or reversal waiting for its checker' }),
  ),
  awaitingCheckerId: Nullable(
    Type.String({ description: "the maker's user id: the maker sees its request waiting, others may check it" }),
  ),
  awaitingAction: Nullable(enumOf(['approve', 'reverse'] as const, 'what waits for the checker')),
  awaitingProvider: Nullable(Type.String({ description: 'eko, while Eko has not answered for certain' })),
  callback: CallbackState,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type PayoutView = Static<typeof PayoutView>;

export const PayoutDetail = Type.Object({
  ...PayoutView.properties,
  timeline: Type.Array(
    Type.Object({
      action: Type.String(),
      status: Nullable(enumOf(PAYOUT_STATUSES)),
      reason: Nullable(Type.String()),
      actor: TimelineActor,
      at: Type.String(),
    }),
  ),
  journal: Type.Array(JournalLine),
  callbacks: Type.Array(CallbackView),
  /** Every request to Eko and every callback it sent: what was asked, what came back. */
  providerCalls: Type.Array(
    Type.Object({
      provider: Type.String(),
      kind: enumOf(['transfer', 'inquiry', 'callback'] as const),
      outcome: Type.String(),
      clientRefId: Type.String(),
      tid: Nullable(Type.String()),
      txStatus: Nullable(Type.Integer()),
      httpStatus: Nullable(Type.Integer()),
      message: Nullable(Type.String()),
      at: Type.String(),
    }),
  ),
});
export type PayoutDetail = Static<typeof PayoutDetail>;
