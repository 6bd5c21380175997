import type { Provider } from '../../../domain/providers';
import type { BankDifferenceKind, BankRecordEntity } from '../../../domain/reconciliation';

/** A merchant as the API shows it: never the key or the signing secret, only the key's prefix. */
export interface Merchant {
  id: string;
  code: string;
  name: string;
  siteUrl: string;
  returnUrl: string | null;
  payinCallbackUrl: string | null;
  payoutCallbackUrl: string | null;
  apiKeyPrefix: string;
  minPayin: number;
  maxPayin: number;
  payinFeePercent: number;
  minPayout: number;
  maxPayout: number;
  payoutFeePercent: number;
  testMode: boolean;
  disputesAllowed: boolean;
  /** Customers may pay through a payment provider (issue 14; set by ADMIN). */
  allowIntent?: boolean;
  /** The provider offered; null: any configured one. */
  intentProvider?: Provider | null;
  enabled: boolean;
  /** Disabled by the gateway's staff: only staff enable it again. */
  suspendedByStaff: boolean;
  suspendedAt: string | null;
  parentId: string | null;
  parentCode: string | null;
  /** Net balance in rupees from the ledger: what the gateway owes it, a parent's with its sub-merchants'. */
  balance: number;
  /** Rupees reserved by waiting pay-outs and settlements. */
  held: number;
  /** balance − held. */
  available: number;
  createdAt: string;
  updatedAt: string;
  /** In list rows. */
  subMerchantCount?: number;
  /** On the show page. */
  subMerchants?: Merchant[];
  bankAccounts?: { id: string; nickname: string; bankName: string; usedFor: string; enabled: boolean }[];
}

/** The answer of a create or a key rotation: the key and secret, this once. */
export interface MerchantKeys {
  code: string;
  apiKey: string;
  signingSecret: string;
}

/** One figure the reconciliation check found different from the ledger (rupees). */
export interface ReconciliationDifference {
  party: 'merchant' | 'vendor' | 'provider' | 'account' | 'journal';
  code: string;
  what: 'balance' | 'held' | 'sum';
  ledger: number;
  rows: number;
  difference: number;
}

/** A record a bank difference involves (amount in rupees). */
export interface BankRecord {
  entity: BankRecordEntity;
  id: string;
  label: string;
  code: string | null;
  amount: number | null;
}

/** One difference between the rows and the bank entries (rupees). */
export interface BankDifference {
  kind: BankDifferenceKind;
  reason: string;
  utr: string | null;
  records: BankRecord[];
  amount: number | null;
  bankAmount: number | null;
  difference: number | null;
  decision: { confirmedBy: string | null; confirmedAt: string | null; checkedBy: string | null } | null;
  credit: { state: 'none' | 'free' | 'used'; entry: BankRecord | null; usedBy: BankRecord | null } | null;
}

/** The answer of GET /v1/reconciliation. */
export interface Reconciliation {
  /** The ledger against the rows. */
  differences: ReconciliationDifference[];
  /** The rows against the bank entries: each kind's oldest `limit`, and how many there are. */
  bank: {
    differences: BankDifference[];
    counts: Record<BankDifferenceKind, number>;
    limit: number;
    unusedHours: number;
  };
  /** Both sides agree. */
  clean: boolean;
  checked: { merchants: number; vendors: number; accounts: number; journals: number; bankEntries: number };
  checkedAt: string;
}
