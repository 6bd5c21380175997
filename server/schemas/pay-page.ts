import { Type, type Static } from '@fastify/type-provider-typebox';
import { PAYIN_STATUSES, PAYMENT_SOURCES } from '../../domain/payin';
import { PROVIDERS } from '../../domain/providers';
import { Nullable, Rupees, enumOf } from './common';

/** The customer pay page's public API (/v1/pay/{id}): what the page reads and sends. */
export const PayParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
/** The QR image's address carries a key of the link it shows, so a new link is a new address. */
export const QrQuery = Type.Object({ v: Type.Optional(Type.String({ maxLength: 16, pattern: '^[0-9a-z]*$' })) });

export const PayBank = Type.Object({
  payeeName: Type.String(),
  upiId: Nullable(Type.String()),
  /** The `upi://pay` link of the QR code, when the account shows a QR. */
  upiLink: Nullable(Type.String()),
  bankName: Nullable(Type.String()),
  holderName: Nullable(Type.String()),
  accountNumber: Nullable(Type.String()),
  ifsc: Nullable(Type.String()),
});

export const PayView = Type.Object({
  status: enumOf(PAYIN_STATUSES),
  merchantName: Type.String(),
  amount: Nullable(Type.Number()),
  /** The customer enters the amount when the merchant did not fix one. */
  amountFixed: Type.Boolean(),
  minAmount: Type.Number(),
  maxAmount: Type.Number(),
  shortCode: Nullable(Type.String({ description: 'shown once a bank account is assigned' })),
  bank: Nullable(PayBank),
  expiresAt: Type.String(),
  utrSubmitted: Type.Boolean(),
  screenshotSubmitted: Type.Boolean(),
  /** Where the customer goes back to after a successful payment. */
  returnUrl: Nullable(Type.String()),
  test: Type.Boolean(),
  /** Issue 14: where the money is to come from (Manual, or the provider the customer was handed to). */
  source: enumOf(PAYMENT_SOURCES),
  /**
   * Issue 14: the providers this page may offer now (the merchant allows it, the provider is set up
   * and on, the merchant's chosen provider if any; once handed to one, only that one). Empty unless
   * the pay-in is INITIATED or ASSIGNED and not expired.
   */
  intentProviders: Type.Array(enumOf(PROVIDERS)),
});
export type PayView = Static<typeof PayView>;

/** Issue 14: the customer pays through a provider; `amount` (rupees) only when the pay-in has none yet. */
export const IntentBody = Type.Object(
  { provider: enumOf(PROVIDERS), amount: Type.Optional(Rupees()) },
  { additionalProperties: false },
);
export type IntentBody = Static<typeof IntentBody>;

/** What the page needs to hand the customer over to the provider. */
export const IntentHandoff = Type.Union([
  Type.Object({
    provider: Type.Literal('razorpay'),
    keyId: Type.String(),
    orderId: Type.String(),
    amount: Type.Integer({ description: 'paise, as RazorPay checkout takes it' }),
    currency: Type.Literal('INR'),
    name: Type.String({ description: "the merchant's name" }),
  }),
  Type.Object({
    provider: Type.Literal('cashfree'),
    orderId: Type.String(),
    paymentSessionId: Type.String(),
    mode: Type.Union([Type.Literal('sandbox'), Type.Literal('production')]),
  }),
  Type.Object({
    provider: Type.Literal('payu'),
    action: Type.String({ description: 'where the page posts the form' }),
    fields: Type.Record(Type.String(), Type.String()),
  }),
]);

export const AssignBody = Type.Object({ amount: Type.Optional(Rupees()) }, { additionalProperties: false });
export const UtrBody = Type.Object(
  { utr: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
