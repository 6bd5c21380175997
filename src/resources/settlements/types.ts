import type { SettlementMethod, SettlementStatus, VendorSettlementMethod } from '../../../domain/settlement';
import type { JournalLine } from '../payins/types';

/** What both Settlements screens list (server/schemas/settlements.ts): rupees, ISO UTC times. */
export interface SettlementRow {
  id: string;
  amount: number;
  method: VendorSettlementMethod;
  status: SettlementStatus;
  accountHolder: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  wallet: string | null;
  walletAddress: string | null;
  /** The UTR or other reference it was paid with. */
  reference: string | null;
  /** Why it was rejected. */
  reason: string | null;
  createdByName: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** A vendor settlement's internal transfer: the bank entry it used and the account the money went to. */
  bankEntryId?: string | null;
  bankNickname?: string | null;
  /** An approval waiting for a second person (staff only): who asked, when, with what reference. */
  checkerRequest?: { maker: string; askedAt: string; reference: string | null } | null;
}

/** A merchant settlement (SettlementView). */
export interface Settlement extends SettlementRow {
  merchantCode: string;
  method: SettlementMethod;
}

export interface SettlementStep {
  action: string;
  status: SettlementStatus | null;
  reason: string | null;
  actor: string;
  at: string;
}

/** The show view: the row, its steps from the audit log and its journal lines. */
export type SettlementDetail<T extends SettlementRow = SettlementRow> = T & {
  timeline: SettlementStep[];
  journal: JournalLine[];
};

/** Where the money goes, as each method needs it (REQUIRED_BY_METHOD). */
export interface DestinationBody {
  accountHolder?: string;
  accountNumber?: string;
  ifsc?: string;
  wallet?: string;
  walletAddress?: string;
}

/** The body of POST /v1/settlements. */
export interface SettlementBody extends DestinationBody {
  merchantCode: string;
  amount: number;
  method: SettlementMethod;
}

/** The body of POST /v1/<resource>/{id}/approve: BANK's UTR, or another method's optional reference. */
export interface ApproveBody {
  reference?: string;
}

export interface RejectBody {
  reason: string;
}

/** A merchant's money (GET /v1/settlements/balances): rupees; available = balance − held, what a settlement may take. */
export interface MerchantBalance {
  merchantCode: string;
  balance: number;
  held: number;
  available: number;
}
