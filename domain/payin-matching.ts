import { formatRupees } from './format';
import type { PayinStatus } from './payin';

/**
 * Matching a pay-in with a bank credit (issue 10, item 5): what a submitted UTR, or a bank entry
 * added later, does to a pay-in. The rules are a table, read top to bottom; the first that holds
 * decides. The server takes the locks and writes; this only decides.
 */
export interface MatchPayin {
  bankAccountId: string;
  bankNickname?: string;
  /** The amount the customer was asked to pay, in paise. */
  amount: number;
  /** A test pay-in: it never takes a real bank credit (its own path decides it). */
  test?: boolean;
  /** When it was given its bank account: a credit recorded before then was not this customer's. */
  assignedAt?: Date | null;
}

export interface MatchEntry {
  bankAccountId: string;
  bankNickname?: string;
  amount: number;
  /** The pay-in (or internal transfer) that already used this entry, if any. */
  usedByPayinId: string | null;
  /** When the credit was recorded. */
  recordedAt?: Date;
}

export interface MatchInput {
  payin: MatchPayin & { id: string };
  /** The bank entry of the UTR, when one has been recorded. */
  entry: MatchEntry | null;
  /** Another open pay-in already waits on this UTR. */
  claimedByOther: boolean;
  /** The record whose step used this UTR without an entry (a staff confirmation, a pay-out, a settlement). */
  utrUsedBy?: string | null;
}

export interface MatchOutcome {
  status: Extract<PayinStatus, 'SUCCESS' | 'DISPUTE' | 'DUPLICATE' | 'PENDING'>;
  reason: string | null;
  /** The entry becomes this pay-in's (marked used), so no other pay-in can take it. */
  takesEntry: boolean;
  /** The amount the bank shows, when an entry decides it. */
  confirmedAmount: number | null;
}

interface MatchRule {
  name: string;
  when: (m: MatchInput) => boolean;
  then: (m: MatchInput) => MatchOutcome;
}

const bankName = (b: { bankNickname?: string; bankAccountId: string }) => b.bankNickname ?? b.bankAccountId;

export const RECORDED_BEFORE_ASSIGNED = 'credit recorded before this pay-in was assigned';

export const MATCH_RULES: readonly MatchRule[] = [
  {
    name: 'a test pay-in: paid by its test path, never by a real credit',
    when: (m) => m.payin.test === true,
    then: (m) => ({ status: 'SUCCESS', reason: null, takesEntry: false, confirmedAmount: m.payin.amount }),
  },
  {
    name: 'the UTR already paid or proved another record',
    when: (m) => (m.utrUsedBy ?? null) !== null && m.utrUsedBy !== m.payin.id,
    then: () => ({
      status: 'DUPLICATE',
      reason: 'This UTR was already used for another payment',
      takesEntry: false,
      confirmedAmount: null,
    }),
  },
  {
    name: 'the entry already paid another pay-in',
    when: (m) => m.entry !== null && m.entry.usedByPayinId !== null && m.entry.usedByPayinId !== m.payin.id,
    then: () => ({
      status: 'DUPLICATE',
      reason: 'This UTR was already used for another payment',
      takesEntry: false,
      confirmedAmount: null,
    }),
  },
  {
    name: 'no entry yet, and another pay-in waits on this UTR',
    when: (m) => m.entry === null && m.claimedByOther,
    then: () => ({
      status: 'DUPLICATE',
      reason: 'This UTR was already submitted for another payment',
      takesEntry: false,
      confirmedAmount: null,
    }),
  },
  {
    name: 'no entry yet',
    when: (m) => m.entry === null,
    then: () => ({
      status: 'PENDING',
      reason: 'Waiting for the bank credit',
      takesEntry: false,
      confirmedAmount: null,
    }),
  },
  {
    name: 'the credit was recorded before the pay-in was assigned',
    when: (m) =>
      m.entry!.recordedAt !== undefined &&
      m.payin.assignedAt !== undefined &&
      m.payin.assignedAt !== null &&
      m.entry!.recordedAt.getTime() < m.payin.assignedAt.getTime(),
    then: (m) => ({
      status: 'DISPUTE',
      reason: RECORDED_BEFORE_ASSIGNED,
      takesEntry: true,
      confirmedAmount: m.entry!.amount,
    }),
  },
  {
    name: 'paid into another bank account',
    when: (m) => m.entry!.bankAccountId !== m.payin.bankAccountId,
    then: (m) => ({
      status: 'DISPUTE',
      reason: `Paid into ${bankName(m.entry!)} instead of ${bankName(m.payin)}`,
      takesEntry: true,
      confirmedAmount: m.entry!.amount,
    }),
  },
  {
    name: 'another amount',
    when: (m) => m.entry!.amount !== m.payin.amount,
    then: (m) => ({
      status: 'DISPUTE',
      reason: `${formatRupees(m.entry!.amount / 100)} received, ${formatRupees(m.payin.amount / 100)} expected`,
      takesEntry: true,
      confirmedAmount: m.entry!.amount,
    }),
  },
  {
    name: 'same bank, same amount',
    when: () => true,
    then: (m) => ({ status: 'SUCCESS', reason: null, takesEntry: true, confirmedAmount: m.entry!.amount }),
  },
];

export const matchUtr = (input: MatchInput): MatchOutcome => {
  const rule = MATCH_RULES.find((r) => r.when(input));
  // The last rule always holds.
  return rule!.then(input);
};
