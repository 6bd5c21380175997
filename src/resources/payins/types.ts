import type { PaymentSource, PayinStatus } from '../../../domain/payin';

export type CallbackState = 'NONE' | 'PENDING' | 'DELIVERED' | 'FAILED';

/** A pay-in as the Deposit screens list it (server/schemas/payins.ts PayinView); rupees, ISO UTC times. */
export interface Payin {
  id: string;
  /** The merchant's fields are left out for vendor roles. */
  merchantOrderId?: string;
  merchantCode?: string;
  customerId?: string;
  status: PayinStatus;
  reason: string | null;
  amount: number | null;
  confirmedAmount: number | null;
  fee?: number | null;
  /** The bank's UTR, once a bank entry matched. */
  utr: string | null;
  /** The UTR the customer typed. */
  submittedUtr: string | null;
  shortCode: string;
  bankAccountId: string | null;
  bankNickname: string | null;
  source: PaymentSource;
  /** The provider's id of the payment, when a provider was paid through. */
  providerPaymentId?: string | null;
  test: boolean;
  hasScreenshot: boolean;
  callback: CallbackState;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface TimelineStep {
  action: string;
  status: PayinStatus | null;
  reason: string | null;
  actor: string;
  at: string;
}

export interface JournalLine {
  journalId: number;
  kind: string;
  account: string;
  /** Positive debits the account. */
  amount: number;
  at: string;
}

export interface CallbackAttempt {
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface PayinCallback {
  id: string;
  type: string;
  state: CallbackState;
  url: string;
  createdAt: string;
  deliveredAt: string | null;
  attempts: CallbackAttempt[];
}

/** The records a pay-in leads to, each for a role that may open its screen (null: none, or not for this role). */
export interface PayinLinks {
  bankEntry: { id: string; utr: string } | null;
  chargeback: { id: string; amount: number } | null;
  nextSettlement: { id: string; status: string; createdAt: string } | null;
}

export interface PayinDetail extends Payin {
  links: PayinLinks;
  timeline: TimelineStep[];
  journal: JournalLine[];
  callbacks: PayinCallback[];
}

/** What POST /v1/payins/links answers. */
export interface PaymentLink {
  id: string;
  merchantOrderId: string;
  status: PayinStatus;
  amount: number | null;
  payUrl: string;
  expiresAt: string;
}

export interface PaymentLinkRequest {
  merchantCode: string;
  customerId: string;
  amount?: number;
  test?: boolean;
}

/** What staff send to set a pay-in to SUCCESS: the UTR and reason matter when it has no bank entry. */
export interface PayinConfirmation {
  confirmedAmount: number;
  utr?: string;
  reason?: string;
}

/** A maker's confirmation waiting for its checker, who must send the same entries. */
export interface CheckerRequest {
  maker: string;
  askedAt: string;
  confirmedAmount: number | null;
  utr: string | null;
  reason: string | null;
}
