import type { PayoutMethod, PayoutRejectionReason, PayoutStatus } from '../../../domain/payout';
import type { CallbackState, JournalLine, PayinCallback } from '../payins/types';

/** A pay-out as the Withdrawal screens list it (server/schemas/payouts.ts PayoutView); rupees, ISO UTC times. */
export interface Payout {
  id: string;
  /** The merchant's fields are left out for vendor roles. */
  merchantOrderId?: string;
  merchantCode?: string;
  fee?: number;
  vendorCode: string | null;
  customerId: string;
  status: PayoutStatus;
  reason: string | null;
  amount: number;
  utr: string | null;
  method: PayoutMethod | null;
  /** The pay-out account that paid it. */
  bankAccountId: string | null;
  bankNickname: string | null;
  /** The beneficiary: a bank account, or a UPI id. */
  accountHolder: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  bankName: string | null;
  upiId: string | null;
  test: boolean;
  /** The maker's name while an approval or reversal waits for its checker. */
  awaitingChecker: string | null;
  /** The maker's user id, and what waits for the checker. */
  awaitingCheckerId?: string | null;
  awaitingAction?: 'approve' | 'reverse' | null;
  /** 'eko' while Eko has not answered yet. */
  awaitingProvider?: PayoutMethod | null;
  callback: CallbackState;
  createdAt: string;
  updatedAt: string;
}

export interface PayoutStep {
  action: string;
  status: PayoutStatus | null;
  reason: string | null;
  actor: string;
  at: string;
}

/** One exchange with a provider about a pay-out: a transfer, a status inquiry or its callback. */
export interface ProviderCall {
  provider: string;
  kind: 'transfer' | 'inquiry' | 'callback';
  outcome: string;
  clientRefId: string;
  tid: string | null;
  /** Eko's tx_status (domain/eko reads it): 0 paid, 1 or 4 not paid, others wait. */
  txStatus: number | null;
  httpStatus?: number | null;
  message: string | null;
  at: string;
}

export interface PayoutDetail extends Payout {
  timeline: PayoutStep[];
  journal: JournalLine[];
  callbacks: PayinCallback[];
  providerCalls?: ProviderCall[];
}

/** The body of POST /v1/payouts/{id}/approve. */
export type ApproveBody = { method: 'manual'; utr: string; bankAccountId: string } | { method: 'eko' };

export interface RejectBody {
  reason: PayoutRejectionReason;
  text?: string;
}

/** What an action answers: the pay-out's merchant-facing fields, and the maker while a checker is awaited. */
export interface PayoutAnswer {
  id: string;
  status: PayoutStatus;
  awaitingChecker?: string;
  /** 'eko' while Eko has not answered for certain (202). */
  awaitingProvider?: string;
}

/** The body of POST /v1/payouts, staff's "New Payout". */
export interface NewPayoutBody {
  merchantCode: string;
  customerId: string;
  amount: number;
  bankName: string;
  accountNumber: string;
  accountHolder: string;
  ifsc: string;
  merchantOrderId?: string;
}

export interface BatchResult {
  id: string;
  ok: boolean;
  status?: PayoutStatus;
  awaitingChecker?: string | null;
  awaitingProvider?: string | null;
  error?: string | null;
}

export interface Providers {
  eko: { available: boolean; why: string | null };
}
