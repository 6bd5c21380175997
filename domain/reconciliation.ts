import type { AuditAction, AuditEntity } from './audit-event';
import { formatDateTime, formatRupees } from './format';
import { INTERNAL_TRANSFER_METHODS, type SettlementMethod, type VendorSettlementMethod } from './settlement';
import type { UtrUser } from './utr-uses';

/**
 * The reconciliation's bank side (issue 29, item 8): the rows against the bank entries. What
 * counts as a difference, and the sentence a person acts on; the server reads the rows in one
 * snapshot and calls these. Amounts here are paise.
 */
export const BANK_DIFFERENCE_KINDS = ['entry-amount', 'utr-reused', 'payin-without-entry', 'entry-unused'] as const;
export type BankDifferenceKind = (typeof BANK_DIFFERENCE_KINDS)[number];

export const BANK_RECORD_ENTITIES = ['payins', 'payouts', 'settlements', 'vendor-settlements', 'bank-entries'] as const;
export type BankRecordEntity = (typeof BANK_RECORD_ENTITIES)[number];

/** A credit nobody used is a difference once it is older than this. */
export const UNUSED_ENTRY_HOURS = 24;
/** Each kind lists this many at most (oldest first) beside its full count. */
export const BANK_DIFFERENCES_LISTED = 100;

type AuditMark = { entity: AuditEntity; action: AuditAction };
/** The maker's word on a pay-in set to SUCCESS by staff. */
export const PAYIN_MAKER_DECISION: AuditMark = { entity: 'payins', action: 'confirm' };
/** A checker's decision on a pay-in, by contract with the four-eyes step: its audit event. */
export const PAYIN_CHECKER_DECISION: AuditMark = { entity: 'payins', action: 'approve' };

/** The rows whose UTR proves that money moved (DESIGN §4, one bank credit, one use). */
export const UTR_PROVING = {
  payins: { statuses: ['SUCCESS'] },
  payouts: { statuses: ['SUCCESS', 'REVERSED'] },
  settlements: { statuses: ['SUCCESS'], methods: ['BANK'] as SettlementMethod[] },
  'vendor-settlements': {
    statuses: ['SUCCESS'],
    methods: ['BANK', ...INTERNAL_TRANSFER_METHODS] as VendorSettlementMethod[],
  },
} as const satisfies Record<UtrUser, { statuses: readonly string[]; methods?: readonly string[] }>;

export interface BankRecord {
  entity: BankRecordEntity;
  id: string;
  /** A pay-in's or pay-out's merchant order id, a settlement's party code, an entry's UTR. */
  label: string;
  /** The merchant's or vendor's code; an entry's bank account nickname. */
  code: string | null;
  amount: number | null;
}

export interface Decision {
  confirmedBy: string | null;
  confirmedAt: string | null;
  checkedBy: string | null;
}

/** Whether a credit with a pay-in's UTR is on the bank entries, and what took it. */
export interface Credit {
  state: 'none' | 'free' | 'used';
  entry: BankRecord | null;
  usedBy: BankRecord | null;
}

export interface BankDifference {
  kind: BankDifferenceKind;
  reason: string;
  utr: string | null;
  records: BankRecord[];
  /** What the rows say: the pay-in's confirmed amount, or the unused entry's amount. */
  amount: number | null;
  /** What the bank entry shows. */
  bankAmount: number | null;
  /** amount − bankAmount, where both are known. */
  difference: number | null;
  decision: Decision | null;
  credit: Credit | null;
}

const money = (paise: number | null) => formatRupees((paise ?? 0) / 100);
const NAME: Record<BankRecordEntity, string> = {
  payins: 'pay-in',
  payouts: 'pay-out',
  settlements: 'settlement',
  'vendor-settlements': 'vendor settlement',
  'bank-entries': 'bank entry',
};
const named = (r: BankRecord) => `${NAME[r.entity]} ${r.label}`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const ofParty = (r: BankRecord) => `${named(r)}${r.code && r.entity === 'payins' ? ` of ${r.code}` : ''}`;

const base = (kind: BankDifferenceKind, utr: string | null, records: BankRecord[]) => ({
  kind,
  utr,
  records,
  amount: null,
  bankAmount: null,
  difference: null,
  decision: null,
  credit: null,
});

const whoDecided = (d: Decision) => {
  if (!d.confirmedBy) return 'with no confirmation recorded';
  return `confirmed by ${d.confirmedBy} ${d.checkedBy ? `and approved by ${d.checkedBy}` : 'with no checker'}`;
};

/** A pay-in's confirmed amount differs from the entry it used, and no checker approved it. */
export const entryAmountDifference = (payin: BankRecord, entry: BankRecord, decision: Decision): BankDifference => ({
  ...base('entry-amount', entry.label, [payin, entry]),
  reason:
    `${capital(ofParty(payin))} was confirmed at ${money(payin.amount)}` +
    `${decision.confirmedBy ? ` by ${decision.confirmedBy}` : ''} but its bank entry ` +
    `(UTR ${entry.label}) shows ${money(entry.amount)}, and no checker approved the difference: check the bank statement, ` +
    'then correct the pay-in or have a checker approve it.',
  amount: payin.amount,
  bankAmount: entry.amount,
  difference: (payin.amount ?? 0) - (entry.amount ?? 0),
  decision,
});

/** One UTR proves several records: one bank transfer proves one payment. */
export const utrReusedDifference = (utr: string, uses: BankRecord[]): BankDifference => ({
  ...base('utr-reused', utr, uses),
  reason:
    `UTR ${utr} proves ${uses.length} records: ${uses.map(named).join(', ')}. One bank transfer proves one payment: ` +
    'find the record the transfer belongs to and correct the others.',
});

const creditSays = (utr: string | null, credit: Credit) => {
  if (!utr) return 'it has no UTR to look for on the bank statement: find the money or reverse the pay-in.';
  if (credit.state === 'none')
    return `no credit with UTR ${utr} has arrived: find the money on the bank statement or reverse the pay-in.`;
  const entry = `the credit with its UTR ${utr} (${money(credit.entry?.amount ?? null)})`;
  if (credit.state === 'free') return `${entry} has arrived and is free: match it to this pay-in.`;
  return `${entry} is used by ${credit.usedBy ? named(credit.usedBy) : 'another record'}: the same money cannot pay twice; correct one of them.`;
};

/** A pay-in paid into a vendor's bank account is SUCCESS with no bank entry behind it. */
export const payinWithoutEntryDifference = (
  payin: BankRecord,
  utr: string | null,
  decision: Decision,
  credit: Credit,
): BankDifference => ({
  ...base('payin-without-entry', utr, [payin]),
  reason: `${capital(ofParty(payin))} is SUCCESS at ${money(payin.amount)} without a bank entry, ${whoDecided(decision)}; ${creditSays(utr, credit)}`,
  amount: payin.amount,
  decision,
  credit,
});

/** A credit nobody used after the age allowed. */
export const entryUnusedDifference = (entry: BankRecord, recordedAt: string, hours: number): BankDifference => ({
  ...base('entry-unused', entry.label, [entry]),
  reason:
    `The credit of ${money(entry.amount)} (UTR ${entry.label}) on ${entry.code ?? 'its bank account'}, recorded ` +
    `${formatDateTime(recordedAt)}, is unused after more than ${hours} hours: match it to its pay-in or transfer, ` +
    'or find whose money it is.',
  amount: entry.amount,
  bankAmount: entry.amount,
});
