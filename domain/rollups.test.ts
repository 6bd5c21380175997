import { describe, expect, it } from 'vitest';
import {
  bankAccount,
  EKO_WALLET,
  merchantAccount,
  merchantPaidOut,
  payinSuccess,
  payoutSuccess,
  reversal,
  TREASURY,
  vendorAccount,
  vendorSettled,
} from './ledger';
import { medianSeconds, mergeDeltas, rollupDeltas, speedBinOf, type Deltas } from './rollups';
import { addDays, daysIn, merchantPeriodBalance, previousPeriod, successRate, type Sums } from './boards';
import { MEASURES } from './rollups';

const M = merchantAccount('m1');
const B = bankAccount('b1');
const V = vendorAccount('v1');
const payin = payinSuccess({
  merchantId: 'm1',
  bankAccountId: 'b1',
  confirmedAmount: 100_000,
  fee: 2_500,
  vendor: { vendorId: 'v1', commission: 500 },
});
const payout = payoutSuccess({
  merchantId: 'm1',
  paidFrom: B,
  amount: 40_000,
  fee: 800,
  vendor: { vendorId: 'v1', commission: 200 },
});
const of = (kind: string, lines: Parameters<typeof rollupDeltas>[1]) =>
  Object.fromEntries(rollupDeltas(kind, lines).map((d) => [d.party, d.deltas])) as Record<string, Deltas>;

describe('what each journal adds to the rollups', () => {
  it.each([
    [
      'payin.success',
      payin,
      {
        [M]: { balance: 97_500, payinCount: 1, payinAmount: 100_000, payinFee: 2_500 },
        [B]: { balance: 100_000, payinCount: 1, payinAmount: 100_000 },
        [V]: { balance: -500, commission: 500 },
      },
    ],
    [
      'payin.reversal',
      reversal(payin),
      {
        [M]: { balance: -97_500, payinCount: -1, payinAmount: -100_000, payinFee: -2_500 },
        [B]: { balance: -100_000, payinCount: -1, payinAmount: -100_000 },
        [V]: { balance: 500, commission: -500 },
      },
    ],
    [
      'payout.success',
      payout,
      {
        [M]: { balance: -40_800, payoutCount: 1, payoutAmount: 40_000, payoutFee: 800 },
        [B]: { balance: -40_000, payoutCount: 1, payoutAmount: 40_000 },
        [V]: { balance: -200, commission: 200 },
      },
    ],
    [
      'payout.reversal',
      reversal(payout),
      {
        [M]: { balance: 40_800, reversedCount: 1, reversedAmount: 40_000, reversedFee: 800 },
        [B]: { balance: 40_000, reversedCount: 1, reversedAmount: 40_000 },
        [V]: { balance: 200, commission: -200 },
      },
    ],
    [
      'payout.success',
      payoutSuccess({ merchantId: 'm1', paidFrom: EKO_WALLET, amount: 1_000, fee: 10 }),
      { [M]: { balance: -1_010, payoutCount: 1, payoutAmount: 1_000, payoutFee: 10 } },
    ],
    [
      'settlement.success',
      merchantPaidOut({ merchantId: 'm1', amount: 5_000 }),
      { [M]: { balance: -5_000, settlementCount: 1, settlementAmount: 5_000 } },
    ],
    [
      'settlement.reversal',
      reversal(merchantPaidOut({ merchantId: 'm1', amount: 5_000 })),
      { [M]: { balance: 5_000, settlementCount: -1, settlementAmount: -5_000 } },
    ],
    [
      'lien',
      merchantPaidOut({ merchantId: 'm1', amount: 700 }),
      { [M]: { balance: -700, chargebackCount: 1, chargebackAmount: 700 } },
    ],
    [
      'vendor-settlement.success',
      vendorSettled({ vendorId: 'v1', amount: 9_000, into: TREASURY }),
      { [V]: { balance: -9_000, settlementCount: 1, settlementAmount: 9_000 } },
    ],
    [
      'vendor-settlement.success',
      vendorSettled({ vendorId: 'v1', amount: 9_000, into: bankAccount('b2') }),
      {
        [V]: { balance: -9_000, settlementCount: 1, settlementAmount: 9_000 },
        [bankAccount('b2')]: { balance: 9_000 },
      },
    ],
  ])('%s', (kind, lines, expected) => {
    expect(of(kind, lines)).toEqual(expected);
  });

  it("moves a merchant's balance by exactly DESIGN §5 over its measures", () => {
    const all = mergeDeltas(
      [
        ['payin.success', payin],
        ['payout.success', payout],
        ['payout.reversal', reversal(payout)],
        ['settlement.success', merchantPaidOut({ merchantId: 'm1', amount: 5_000 })],
        ['lien', merchantPaidOut({ merchantId: 'm1', amount: 700 })],
      ].flatMap(([k, l]) => rollupDeltas(k as string, l as typeof payin)),
    );
    const m = all.find((d) => d.party === M)!.deltas;
    const sums = Object.fromEntries(MEASURES.map((k) => [k, m[k] ?? 0])) as Sums;
    expect(merchantPeriodBalance(sums)).toBe(sums.balance);
    expect(sums.balance).toBe(97_500 - 5_000 - 700);
  });

  it('merges the deltas of a batch per party, sorted by party', () => {
    const merged = mergeDeltas([
      { party: 'b', deltas: { payinCount: 1 } },
      { party: 'a', deltas: { balance: 5 } },
      { party: 'b', deltas: { payinCount: 2, balance: -1 } },
    ]);
    expect(merged).toEqual([
      { party: 'a', deltas: { balance: 5 } },
      { party: 'b', deltas: { payinCount: 3, balance: -1 } },
    ]);
  });
});

describe('time to SUCCESS', () => {
  it.each([
    [0, 0],
    [14.9, 0],
    [15, 1],
    [599, 14],
    [600, 15],
    [86_399, 26],
    [86_400, 27],
    [10_000_000, 27],
  ])('%d seconds fall in bin %d', (seconds, bin) => expect(speedBinOf(seconds)).toBe(bin));

  it('reads the median inside its bin, null when nothing succeeded', () => {
    expect(medianSeconds(new Map())).toBeNull();
    // 10 successes in 60–90 s: the median is the middle of the bin.
    expect(medianSeconds(new Map([[4, 10]]))).toBe(75);
    // 3 under 15 s, 1 in 15–30 s: the 2nd of 4 is in the first bin.
    expect(
      medianSeconds(
        new Map([
          [0, 3],
          [1, 1],
        ]),
      ),
    ).toBe(10);
    expect(medianSeconds(new Map([[27, 5]]))).toBe(86_400);
  });
});

describe('periods', () => {
  it.each([
    ['2026-03-31', '2026-03-31', 1, { from: '2026-03-30', to: '2026-03-30' }],
    ['2026-03-01', '2026-03-31', 31, { from: '2026-01-29', to: '2026-02-28' }],
    ['2024-02-29', '2024-03-06', 7, { from: '2024-02-22', to: '2024-02-28' }],
    ['2026-01-01', '2026-01-15', 15, { from: '2025-12-17', to: '2025-12-31' }],
  ])('%s to %s: %d days, the period before', (from, to, days, before) => {
    expect(daysIn(from, to)).toBe(days);
    expect(previousPeriod(from, to)).toEqual(before);
  });

  it('moves days across month and year edges', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('says the success rate as a fraction, none without pay-ins', () => {
    expect(successRate(0, 0)).toBeNull();
    expect(successRate(3, 2)).toBe(0.6667);
  });
});
