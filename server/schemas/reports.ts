import { Type, type Static, type TObject } from '@fastify/type-provider-typebox';
import { PAYIN_STATUSES, PAYMENT_SOURCES } from '../../domain/payin';
import { PAYOUT_METHODS, PAYOUT_STATUSES } from '../../domain/payout';
import { VENDOR_PAYIN_STATUSES } from '../../domain/reports';
import { IstDay, Nullable, enumListOf, enumOf } from './common';

/** The row reports are read newest first (or oldest first) by creation, on the tables' (created_at, id) indexes. */
export const REPORT_SORTS = ['createdAt'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

const codes = (party: string) =>
  Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 30 }), {
      maxItems: 200,
      description: `comma-joined ${party} codes`,
    }),
  );

const includeSubMerchants = Type.Optional(
  Type.Boolean({ description: "with merchantCode: the named merchants' sub-merchants too" }),
);

/** from and to: whole IST days, both included; the route's description says which time they apply to. */
const days = { from: Type.Optional(IstDay()), to: Type.Optional(IstDay()) };

export const PayinReportFilters = {
  merchantCode: codes('merchant'),
  includeSubMerchants,
  status: Type.Optional(enumListOf(PAYIN_STATUSES)),
  method: Type.Optional(enumListOf(PAYMENT_SOURCES)),
  ...days,
};

export const VendorPayinReportFilters = {
  vendorCode: codes('vendor'),
  status: Type.Optional(enumOf(VENDOR_PAYIN_STATUSES, 'Used or Un-Used; left out: both')),
  ...days,
};

export const PayoutReportFilters = {
  merchantCode: codes('merchant'),
  includeSubMerchants,
  status: Type.Optional(enumListOf(PAYOUT_STATUSES)),
  method: Type.Optional(enumListOf(PAYOUT_METHODS)),
  ...days,
};

export const VendorPayoutReportFilters = {
  vendorCode: codes('vendor'),
  status: Type.Optional(enumListOf(PAYOUT_STATUSES)),
  method: Type.Optional(enumListOf(PAYOUT_METHODS)),
  ...days,
};

export type PayinReportFilters = Static<TObject<typeof PayinReportFilters>>;
export type VendorPayinReportFilters = Static<TObject<typeof VendorPayinReportFilters>>;
export type PayoutReportFilters = Static<TObject<typeof PayoutReportFilters>>;
export type VendorPayoutReportFilters = Static<TObject<typeof VendorPayoutReportFilters>>;

const Rupees = (description?: string) => Nullable(Type.Number({ description: description ?? 'rupees' }));
const Instant = Type.String({ description: 'ISO 8601, UTC' });
const MaybeText = Nullable(Type.String());

export const PayinReportRow = Type.Object({
  id: Type.String(),
  shortCode: Type.String(),
  fee: Rupees(),
  requestedAmount: Rupees(),
  utr: Nullable(Type.String({ description: "the bank entry's UTR once matched, else the one the customer sent" })),
  receivedAmount: Rupees('rupees confirmed'),
  status: enumOf(PAYIN_STATUSES),
  bank: Nullable(Type.String({ description: 'the nickname of the bank account assigned' })),
  merchantCode: Type.String(),
  customerId: Type.String(),
  merchantOrderId: Type.String(),
  initiatedAt: Instant,
  confirmedAt: Nullable(Instant),
});
export type PayinReportRow = Static<typeof PayinReportRow>;

export const VendorPayinReportRow = Type.Object({
  id: Type.String(),
  vendorCode: Type.String(),
  utr: Type.String(),
  amount: Type.Number(),
  status: enumOf(VENDOR_PAYIN_STATUSES),
  bank: Type.String({ description: 'the nickname of the bank account credited' }),
  receivedAt: Instant,
});
export type VendorPayinReportRow = Static<typeof VendorPayinReportRow>;

const payoutRow = {
  id: Type.String(),
  status: enumOf(PAYOUT_STATUSES),
  description: Nullable(Type.String({ description: 'why it was rejected, or the note of its reversal' })),
  amount: Type.Number(),
  utr: MaybeText,
  customerId: Type.String(),
  accountNumber: Nullable(Type.String({ description: 'the account number, or the UPI id' })),
  accountHolder: MaybeText,
  ifsc: MaybeText,
  initiatedAt: Instant,
  confirmedAt: Nullable(Instant),
};

export const PayoutReportRow = Type.Object({
  ...payoutRow,
  fee: Type.Number(),
  merchantCode: Type.String(),
  merchantOrderId: Type.String(),
});
export type PayoutReportRow = Static<typeof PayoutReportRow>;

export const VendorPayoutReportRow = Type.Object({
  ...payoutRow,
  fee: Rupees("the merchant's fee; null for vendor roles"),
  vendorCode: Type.String(),
  merchantOrderId: Nullable(Type.String({ description: 'null for vendor roles' })),
});
export type VendorPayoutReportRow = Static<typeof VendorPayoutReportRow>;
