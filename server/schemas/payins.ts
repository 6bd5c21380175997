import { Type, type Static } from '@fastify/type-provider-typebox';
import { PAYIN_STATUSES, PAYMENT_SOURCES, UTR_FORMAT } from '../../domain/payin';
import { ACTOR_KINDS } from '../../domain/actors';
import { IstDay, Nullable, Rupees, enumListOf, enumOf, patternOf, Reference } from './common';

export const Utr = () => patternOf(UTR_FORMAT, 40);

export const CallbackState = enumOf(['NONE', 'PENDING', 'DELIVERED', 'FAILED'] as const);

// ---- Merchant API (the contract merchants code against: names kept exactly) ----

export const MerchantPayinBody = Type.Object(
  {
    merchantOrderId: Reference("the merchant's order id, unique per merchant"),
    customerId: Reference("the merchant's id of its customer"),
    amount: Type.Optional(Rupees()),
    returnUrl: Type.Optional(Type.String({ maxLength: 500, format: 'uri' })),
    test: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    examples: [
      { merchantOrderId: 'order-1001', customerId: 'cust-42', amount: 500 },
      { merchantOrderId: 'order-1002', customerId: 'cust-42', returnUrl: 'https://shop.example/thanks', test: true },
    ],
  },
);
export type MerchantPayinBody = Static<typeof MerchantPayinBody>;

export const MerchantPayinCreated = Type.Object(
  {
    id: Type.String(),
    merchantOrderId: Type.String(),
    status: enumOf(PAYIN_STATUSES),
    amount: Nullable(Type.Number()),
    payUrl: Type.String({ description: "the customer's pay page" }),
    expiresAt: Type.String(),
  },
  {
    examples: [
      {
        id: '5b0c6f7e-3f0a-4c1e-9d55-0f6a2f1f7b21',
        merchantOrderId: 'order-1001',
        status: 'INITIATED',
        amount: 500,
        payUrl: 'https://console.example/pay/5b0c6f7e-3f0a-4c1e-9d55-0f6a2f1f7b21',
        expiresAt: '2026-11-24T10:10:00.000Z',
      },
    ],
  },
);

export const MerchantPayinStatus = Type.Object(
  {
    id: Type.String(),
    merchantOrderId: Type.String(),
    status: enumOf(PAYIN_STATUSES),
    amount: Nullable(Type.Number()),
    confirmedAmount: Nullable(Type.Number()),
    fee: Nullable(Type.Number()),
    utr: Nullable(Type.String()),
    updatedAt: Type.String(),
  },
  {
    description: 'also the data of the payin.status callback, signed as Standard Webhooks',
    examples: [
      {
        id: '5b0c6f7e-3f0a-4c1e-9d55-0f6a2f1f7b21',
        merchantOrderId: 'order-1001',
        status: 'SUCCESS',
        amount: 500,
        confirmedAmount: 500,
        fee: 12.5,
        utr: '402611000123',
        updatedAt: '2026-11-24T10:04:12.000Z',
      },
    ],
  },
);
export type MerchantPayinStatus = Static<typeof MerchantPayinStatus>;

export const OrderParams = Type.Object({ merchantOrderId: Reference("the merchant's order id") });

// ---- Staff: the Deposit screens ----

export const PAYIN_SORTS = ['createdAt', 'updatedAt', 'amount'] as const;
export type PayinSort = (typeof PAYIN_SORTS)[number];

export const PayinFilters = {
  status: Type.Optional(enumListOf(PAYIN_STATUSES)),
  source: Type.Optional(enumListOf(PAYMENT_SOURCES)),
  merchantCode: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 30 }), { maxItems: 200 })),
  includeSubMerchants: Type.Optional(Type.Boolean()),
  utr: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  merchantOrderId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  customerId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  shortCode: Type.Optional(
    Type.String({ minLength: 1, maxLength: 10, description: 'the code the customer quotes; any case, spaces ignored' }),
  ),
  amount: Type.Optional(Rupees()),
  bankAccountId: Type.Optional(Type.String({ format: 'uuid' })),
  staleMinutes: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 43_200, description: 'unchanged for at least this many minutes' }),
  ),
  callback: Type.Optional(enumOf(['FAILED'] as const, 'the latest callback failed for good (the red bell)')),
  from: Type.Optional(IstDay()),
  to: Type.Optional(IstDay()),
};

export const PayinView = Type.Object({
  id: Type.String(),
  merchantOrderId: Type.Optional(Type.String({ description: 'left out for vendor roles' })),
  merchantCode: Type.Optional(Type.String({ description: 'left out for vendor roles' })),
  customerId: Type.Optional(Type.String({ description: 'left out for vendor roles' })),
  status: enumOf(PAYIN_STATUSES),
  reason: Nullable(Type.String()),
  amount: Nullable(Type.Number()),
  confirmedAmount: Nullable(Type.Number()),
  fee: Type.Optional(Nullable(Type.Number({ description: 'left out for vendor roles' }))),
  utr: Nullable(Type.String()),
  submittedUtr: Nullable(Type.String()),
  shortCode: Type.String(),
  bankAccountId: Nullable(Type.String()),
  bankNickname: Nullable(Type.String()),
  source: enumOf(PAYMENT_SOURCES),
  providerPaymentId: Nullable(Type.String({ description: "the provider's payment id, when paid through one" })),
  test: Type.Boolean(),
  hasScreenshot: Type.Boolean(),
  callback: CallbackState,
  expiresAt: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type PayinView = Static<typeof PayinView>;

/** Who acted: named to staff, told by kind to merchant and vendor users (domain/actors). */
export const TimelineActor = Type.String({
  description: `staff see a user name, merchant-api:<code>, customer or system; merchant and vendor users see the kind: ${ACTOR_KINDS.join(', ')}`,
});

export const TimelineStep = Type.Object({
  action: Type.String(),
  status: Nullable(enumOf(PAYIN_STATUSES)),
  reason: Nullable(Type.String()),
  actor: TimelineActor,
  at: Type.String(),
});

export const JournalLine = Type.Object({
  journalId: Type.Integer(),
  kind: Type.String(),
  account: Type.String(),
  amount: Type.Number({ description: 'rupees; positive debits the account' }),
  at: Type.String(),
});

export const CallbackAttemptView = Type.Object({
  at: Type.String(),
  statusCode: Nullable(Type.Integer()),
  durationMs: Type.Integer(),
  error: Nullable(Type.String()),
});

export const CallbackView = Type.Object({
  id: Type.String(),
  type: Type.String(),
  state: CallbackState,
  url: Type.String(),
  createdAt: Type.String(),
  deliveredAt: Nullable(Type.String()),
  attempts: Type.Array(CallbackAttemptView),
});

export const PayinDetail = Type.Object({
  ...PayinView.properties,
  timeline: Type.Array(TimelineStep),
  journal: Type.Array(JournalLine),
  callbacks: Type.Array(CallbackView),
  links: Type.Object(
    {
      bankEntry: Nullable(Type.Object({ id: Type.String(), utr: Type.String() })),
      chargeback: Nullable(Type.Object({ id: Type.String(), amount: Type.Number({ description: 'rupees' }) })),
      nextSettlement: Nullable(Type.Object({ id: Type.String(), status: Type.String(), createdAt: Type.String() })),
    },
    {
      description:
        "the records it leads to, each for a role that may open its screen: the bank credit that paid it, its chargeback, the merchant's first settlement after it was paid",
    },
  ),
  checkerRequest: Type.Optional(
    Nullable(
      Type.Object(
        {
          maker: Type.String(),
          askedAt: Type.String(),
          confirmedAmount: Nullable(Type.Number({ description: 'rupees' })),
          utr: Nullable(Type.String()),
          reason: Nullable(Type.String()),
        },
        { description: "staff only: a maker's confirmation waiting for its checker, who must send the same entries" },
      ),
    ),
  ),
});
export type PayinDetail = Static<typeof PayinDetail>;
