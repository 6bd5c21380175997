import { Type, type Static } from '@fastify/type-provider-typebox';
import { ACCOUNT_NUMBER_FORMAT, CODE_FORMAT, IFSC_FORMAT } from '../../domain/formats';
import { ACCOUNT_HOLDER_FORMAT } from '../../domain/payout';
import {
  SETTLEMENT_METHODS,
  SETTLEMENT_REFERENCE_FORMAT,
  SETTLEMENT_STATUSES,
  VENDOR_SETTLEMENT_METHODS,
  WALLET_ADDRESS_FORMAT,
  WALLET_FORMAT,
} from '../../domain/settlement';
import { IstDay, Nullable, RequiredText, Rupees, enumListOf, enumOf, patternOf } from './common';
import { JournalLine, TimelineActor } from './payins';

// ---- Bodies: the names are contracts (issue 12) ----

const destination = {
  accountHolder: Type.Optional(patternOf(ACCOUNT_HOLDER_FORMAT, 100)),
  accountNumber: Type.Optional(patternOf(ACCOUNT_NUMBER_FORMAT, 18)),
  ifsc: Type.Optional(patternOf(IFSC_FORMAT, 11)),
  wallet: Type.Optional(patternOf(WALLET_FORMAT, 50)),
  walletAddress: Type.Optional(patternOf(WALLET_ADDRESS_FORMAT, 128)),
};

export const SettlementBody = Type.Object(
  {
    merchantCode: patternOf(CODE_FORMAT, 30),
    amount: Rupees(),
    method: enumOf(SETTLEMENT_METHODS),
    ...destination,
  },
  {
    additionalProperties: false,
    description: 'BANK needs accountHolder, accountNumber and ifsc; CRYPTO needs wallet and walletAddress',
    examples: [
      {
        merchantCode: 'ACME',
        amount: 25000,
        method: 'BANK',
        accountHolder: 'Acme Retail',
        accountNumber: '001234567890',
        ifsc: 'HDFC0001234',
      },
      { merchantCode: 'ACME', amount: 5000, method: 'CASH' },
    ],
  },
);
export type SettlementBody = Static<typeof SettlementBody>;

export const VendorSettlementBody = Type.Object(
  {
    vendorCode: patternOf(CODE_FORMAT, 30),
    amount: Rupees(),
    method: enumOf(VENDOR_SETTLEMENT_METHODS),
    ...destination,
    utr: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, description: 'internal transfers: the UTR of the bank entry' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'INTERNAL_BANK_TRANSFER and INTERNAL_QR_TRANSFER name the UTR of an un-used bank entry of the same amount and are SUCCESS at once; INTERNAL_BANK_TRANSFER may leave out accountHolder, accountNumber and ifsc (all three): the account of that entry is taken',
    examples: [
      { vendorCode: 'VEN-ALPHA', amount: 100000, method: 'CASH' },
      {
        vendorCode: 'VEN-ALPHA',
        amount: 2500,
        method: 'INTERNAL_QR_TRANSFER',
        utr: '412345678901',
      },
    ],
  },
);
export type VendorSettlementBody = Static<typeof VendorSettlementBody>;

export const ApproveSettlementBody = Type.Object(
  {
    reference: Type.Optional(patternOf(SETTLEMENT_REFERENCE_FORMAT, 128)),
  },
  { additionalProperties: false, description: 'BANK (and internal transfers): the UTR; other methods: optional' },
);
export const RejectSettlementBody = Type.Object({ reason: RequiredText(200) }, { additionalProperties: false });

// ---- Lists ----

export const SETTLEMENT_SORTS = ['createdAt', 'updatedAt', 'amount'] as const;

const codes = Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 30 }), { maxItems: 200 }));

export const SettlementFilters = {
  status: Type.Optional(enumListOf(SETTLEMENT_STATUSES)),
  merchantCode: codes,
  includeSubMerchants: Type.Optional(Type.Boolean()),
  method: Type.Optional(enumOf(SETTLEMENT_METHODS)),
  amount: Type.Optional(Rupees()),
  accountNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 18 })),
  reference: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  from: Type.Optional(IstDay()),
  to: Type.Optional(IstDay()),
};

export const VendorSettlementFilters = {
  status: Type.Optional(enumListOf(SETTLEMENT_STATUSES)),
  vendorCode: codes,
  method: Type.Optional(enumOf(VENDOR_SETTLEMENT_METHODS)),
  amount: Type.Optional(Rupees()),
  accountNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 18 })),
  reference: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  from: Type.Optional(IstDay()),
  to: Type.Optional(IstDay()),
};

const common = {
  id: Type.String(),
  amount: Type.Number({ description: 'rupees' }),
  status: enumOf(SETTLEMENT_STATUSES),
  accountHolder: Nullable(Type.String()),
  accountNumber: Nullable(Type.String()),
  ifsc: Nullable(Type.String()),
  wallet: Nullable(Type.String()),
  walletAddress: Nullable(Type.String()),
  reference: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  createdByName: Nullable(Type.String()),
  completedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  checkerRequest: Type.Optional(
    Nullable(
      Type.Object(
        { maker: Type.String(), askedAt: Type.String(), reference: Nullable(Type.String()) },
        { description: 'an approval waiting for a second person: who asked, when, with what reference (staff only)' },
      ),
    ),
  ),
};

export const SettlementView = Type.Object({
  ...common,
  merchantCode: Type.String(),
  method: enumOf(SETTLEMENT_METHODS),
});
export type SettlementView = Static<typeof SettlementView>;

export const VendorSettlementView = Type.Object({
  ...common,
  vendorCode: Type.String(),
  method: enumOf(VENDOR_SETTLEMENT_METHODS),
  bankEntryId: Nullable(Type.String({ description: 'internal transfers: the bank entry consumed' })),
  bankNickname: Nullable(Type.String({ description: 'internal transfers: the account the money went to' })),
});
export type VendorSettlementView = Static<typeof VendorSettlementView>;

/** The show views: a settlement's steps from the audit log and its journal lines. */
const history = {
  timeline: Type.Array(
    Type.Object({
      action: Type.String(),
      status: Nullable(enumOf(SETTLEMENT_STATUSES)),
      reason: Nullable(Type.String()),
      actor: TimelineActor,
      at: Type.String(),
    }),
  ),
  journal: Type.Array(JournalLine),
};
export const SettlementDetail = Type.Object({ ...SettlementView.properties, ...history });
export const VendorSettlementDetail = Type.Object({ ...VendorSettlementView.properties, ...history });
