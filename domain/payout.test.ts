import { feeOf } from './money';
import { describe, expect, it } from 'vitest';
import {
  PAYOUT_REJECTION_REASONS,
  PAYOUT_STATUSES,
  PAYOUT_TRANSITIONS,
  PAYOUT_VIEWS,
  availableOf,
  canMovePayout,
  holdOf,
  mayHold,
  mayProcess,
  needsChecker,
  payoutRefusalOf,
  rejectionText,
  type PayoutAction,
  type PayoutStatus,
} from './payout';
import { ROLES, type Role } from './roles';

/**
 * The pay-out transition table written out by hand (issue 11, item 3): a change to
 * PAYOUT_TRANSITIONS must change this test. Each row: the statuses it starts from (x) and where it ends.
 */
const TABLE = `
           INITIATED SUCCESS DROPPED REJECTED REVERSED  ->
approve    x         .       .       .        .         SUCCESS
reject     x         .       .       .        .         REJECTED
drop       x         .       .       .        .         DROPPED
reverse    .         x       .       .        .         REVERSED
reset      .         .       .       x        .         INITIATED
`;
const [header, ...lines] = TABLE.trim().split('\n');
if (header.trim().split(/\s+/).slice(0, -1).join(' ') !== PAYOUT_STATUSES.join(' ')) throw new Error('table header');
const ROWS = new Map(
  lines.map((line) => {
    const [action, ...cells] = line.trim().split(/\s+/);
    const to = cells.pop() as PayoutStatus;
    return [action as PayoutAction, { from: PAYOUT_STATUSES.filter((_, i) => cells[i] === 'x'), to }];
  }),
);
const ACTIONS = [...ROWS.keys()];

describe('PAYOUT_TRANSITIONS', () => {
  it('has one row per action, exactly those written out here', () =>
    expect(PAYOUT_TRANSITIONS.map((t) => t.action).sort()).toEqual([...ACTIONS].sort()));

  it.each(ACTIONS.flatMap((action) => PAYOUT_STATUSES.map((status) => [action, status] as const)))(
    '%s from %s',
    (action, status) => {
      expect(canMovePayout(action, status)).toBe(ROWS.get(action)!.from.includes(status));
      expect(PAYOUT_TRANSITIONS.find((t) => t.action === action)!.to).toBe(ROWS.get(action)!.to);
    },
  );

  it('moves money as DESIGN §4 says: success posts the hold, rejecting or dropping releases it', () =>
    expect(Object.fromEntries(PAYOUT_TRANSITIONS.map((t) => [t.action, t.money]))).toEqual({
      approve: 'post the hold',
      reject: 'release the hold',
      drop: 'release the hold',
      reverse: 'reverse the posting',
      reset: 'hold again',
    }));

  it('refuses in a sentence naming the statuses that may', () => {
    expect(payoutRefusalOf('approve', 'REJECTED')).toBe(
      'A pay-out in status REJECTED cannot be approved; only one in INITIATED can.',
    );
    expect(payoutRefusalOf('reset', 'SUCCESS')).toBe(
      'A pay-out in status SUCCESS cannot be reset; only one in REJECTED can.',
    );
  });
});

describe('views and reasons', () => {
  it('In Progress is INITIATED, Completed SUCCESS, All every status', () => {
    expect(PAYOUT_VIEWS.progress).toEqual(['INITIATED']);
    expect(PAYOUT_VIEWS.completed).toEqual(['SUCCESS']);
    expect(PAYOUT_VIEWS.all).toEqual(['INITIATED', 'SUCCESS', 'DROPPED', 'REJECTED', 'REVERSED']);
  });

  it("rejects with SPEC §8's reasons, Other with its text", () => {
    expect(PAYOUT_REJECTION_REASONS).toEqual(['Insufficient Fund', 'Invalid Bank Details', 'Other']);
    expect(rejectionText('Insufficient Fund', 'ignored')).toBe('Insufficient Fund');
    expect(rejectionText('Other', '  customer asked to stop ')).toBe('Other: customer asked to stop');
    expect(() => rejectionText('Other', '  ')).toThrow(/needs a text/);
  });
});

describe('mayProcess', () => {
  const STAFF: Role[] = ['ADMIN', 'TRANSACTIONS', 'OPERATIONS'];
  const VENDORS: Role[] = ['VENDOR', 'VENDOR_OPERATIONS'];
  const user = (role: Role, vendorCode: string | null = null) => ({ role, vendorCode });

  it.each(ROLES.flatMap((role) => ACTIONS.map((action) => [role, action] as const)))(
    '%s may %s an unassigned pay-out only as staff',
    (role, action) =>
      expect(mayProcess(user(role, 'VEN-ALPHA'), action, { vendorCode: null })).toBe(STAFF.includes(role)),
  );

  it('once assigned, only ADMIN or that vendor approves or rejects', () => {
    const assigned = { vendorCode: 'VEN-ALPHA' };
    for (const action of ['approve', 'reject'] as const) {
      expect(mayProcess(user('ADMIN'), action, assigned)).toBe(true);
      expect(mayProcess(user('TRANSACTIONS'), action, assigned)).toBe(false);
      expect(mayProcess(user('OPERATIONS'), action, assigned)).toBe(false);
      for (const role of VENDORS) {
        expect(mayProcess(user(role, 'VEN-ALPHA'), action, assigned)).toBe(true);
        expect(mayProcess(user(role, 'VEN-BETA'), action, assigned)).toBe(false);
        expect(mayProcess(user(role, null), action, assigned)).toBe(false);
      }
    }
  });

  it('vendors never drop, reverse or reset; staff still may on assigned pay-outs', () => {
    const assigned = { vendorCode: 'VEN-ALPHA' };
    for (const action of ['drop', 'reverse', 'reset'] as const) {
      for (const role of VENDORS) expect(mayProcess(user(role, 'VEN-ALPHA'), action, assigned)).toBe(false);
      for (const role of STAFF) expect(mayProcess(user(role), action, assigned)).toBe(true);
    }
  });

  it('merchants process none', () => {
    for (const role of ['MERCHANT', 'MERCHANT_ADMIN', 'MERCHANT_OPERATIONS'] as const)
      for (const action of ACTIONS) expect(mayProcess(user(role), action, { vendorCode: null })).toBe(false);
  });
});

describe('holds', () => {
  it('hold the amount and the fee, the fee half up to the paisa', () => {
    expect(feeOf(1_000_00, 150)).toBe(1_500);
    expect(feeOf(333, 150)).toBe(5); // 4.995 paise rounds up
    expect(holdOf({ amount: 1_000_00, fee: 1_500 })).toBe(1_015_00);
  });

  it('never take the available balance below zero', () => {
    const account = { balance: 10_000_00, held: 4_000_00 };
    expect(availableOf(account)).toBe(6_000_00);
    expect(mayHold(account, 6_000_00)).toBe(true);
    expect(mayHold(account, 6_000_01)).toBe(false);
    expect(mayHold(account, 0)).toBe(false);
    expect(mayHold(account, 1.5)).toBe(false);
    expect(mayHold({ balance: 0, held: 0 }, 1)).toBe(false);
  });
});

describe('needsChecker', () => {
  it('asks a second user for approvals above ₹1,00,000 and for every reversal', () => {
    expect(needsChecker('approve', 1_00_000_00)).toBe(false);
    expect(needsChecker('approve', 1_00_000_01)).toBe(true);
    expect(needsChecker('approve', 5_000_00, 1_000_00)).toBe(true);
    expect(needsChecker('reverse', 1)).toBe(true);
    for (const action of ['reject', 'drop', 'reset'] as const) expect(needsChecker(action, 10_00_000_00)).toBe(false);
  });
});
