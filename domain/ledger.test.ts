import fc from 'fast-check';
import { feeOf } from './money';
import { describe, expect, it } from 'vitest';
import {
  EKO_WALLET,
  PAYIN_FEES,
  PAYOUT_FEES,
  TREASURY,
  UnbalancedJournal,
  bankAccount,
  cachesBalance,
  checkBalanced,
  kindOf,
  merchantAccount,
  merchantPaidOut,
  payinSuccess,
  payoutSuccess,
  reversal,
  shownBalance,
  vendorAccount,
  vendorSettled,
  type Line,
} from './ledger';

const M = merchantAccount('m1');
const B = bankAccount('b1');
const lines = (...amounts: number[]): Line[] =>
  amounts.map((amount, i) => ({ account: [B, M, PAYIN_FEES][i % 3], amount }));

describe('checkBalanced', () => {
  it.each([
    ['unbalanced', lines(100, -99), /sum to 1 paise/],
    ['unbalanced the other way', lines(100, -60, -41), /sum to -1 paise/],
    ['a zero line', lines(100, -100, 0), /whole, non-zero/],
    ['only zeros', lines(0, 0), /whole, non-zero/],
    ['fractional paise', lines(0.5, -0.5), /whole, non-zero/],
    ['a fraction that sums to zero', lines(100.25, -100, -0.25), /whole, non-zero/],
    ['beyond safe integers', lines(2 ** 53, -(2 ** 53)), /whole, non-zero/],
    ['NaN', lines(Number.NaN, 1), /whole, non-zero/],
    ['a single line', lines(100), /at least two entries/],
    ['a single zero line', lines(0), /at least two entries/],
    ['no lines', [], /at least two entries/],
  ])('refuses %s', (_name, journal, message) => {
    expect(() => checkBalanced(journal)).toThrow(UnbalancedJournal);
    expect(() => checkBalanced(journal)).toThrow(message);
  });

  it.each([
    ['two lines', lines(100, -100)],
    ['three lines', lines(10_000, -9_750, -250)],
    ['sums exactly near the limit of safe integers', lines(2 ** 53 - 1, 2 ** 53 - 1, -(2 ** 53 - 1), -(2 ** 53 - 1))],
  ])('accepts %s', (_name, journal) => expect(() => checkBalanced(journal)).not.toThrow());

  it('adds exactly where a floating-point sum would be wrong either way', () => {
    // As floats, 2^53 - 1 + 2 rounds to 2^53: the first sums to -1, the second to 0.
    expect(() => checkBalanced(lines(2 ** 53 - 1, 2, -(2 ** 53 - 1), -2))).not.toThrow();
    expect(() => checkBalanced(lines(2 ** 53 - 1, 1, 1, -(2 ** 53 - 1), -1))).toThrow(/sum to 1 paise/);
  });
});

describe('payinSuccess', () => {
  it('debits the bank, credits the merchant less the fee, and the fee to income', () => {
    const journal = payinSuccess({ merchantId: 'm1', bankAccountId: 'b1', confirmedAmount: 1000_00, fee: 25_00 });
    expect(journal).toEqual([
      { account: 'bank:b1', amount: 1000_00 },
      { account: 'merchant:m1', amount: -975_00 },
      { account: 'income:payin-fees', amount: -25_00 },
    ]);
    expect(journal.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    checkBalanced(journal);
  });

  it('drops a zero fee line, and a zero merchant line when the fee takes it all', () => {
    expect(payinSuccess({ merchantId: 'm1', bankAccountId: 'b1', confirmedAmount: 1, fee: 0 })).toEqual([
      { account: 'bank:b1', amount: 1 },
      { account: 'merchant:m1', amount: -1 },
    ]);
    expect(payinSuccess({ merchantId: 'm1', bankAccountId: 'b1', confirmedAmount: 7, fee: 7 })).toEqual([
      { account: 'bank:b1', amount: 7 },
      { account: 'income:payin-fees', amount: -7 },
    ]);
  });

  it('balances for any amount and fee rate, and the merchant and the fee share the amount exactly', () =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 11 }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        const fee = feeOf(amount, bps);
        const journal = payinSuccess({ merchantId: 'm1', bankAccountId: 'b1', confirmedAmount: amount, fee });
        checkBalanced(journal);
        const of = (key: string) => journal.find((l) => l.account === key)?.amount ?? 0;
        expect(of(B)).toBe(amount);
        expect(-of(M) + -of(PAYIN_FEES)).toBe(amount);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(amount);
        checkBalanced([...journal, ...reversal(journal)]);
      }),
      { numRuns: 2000 },
    ));
});

describe('payoutSuccess', () => {
  it('takes the amount and fee from the merchant, the amount from the paying bank, the fee to income', () => {
    const journal = payoutSuccess({ merchantId: 'm1', paidFrom: bankAccount('b1'), amount: 1000_00, fee: 15_00 });
    expect(journal).toEqual([
      { account: 'merchant:m1', amount: 1015_00 },
      { account: 'bank:b1', amount: -1000_00 },
      { account: 'income:payout-fees', amount: -15_00 },
    ]);
    checkBalanced(journal);
    expect(payoutSuccess({ merchantId: 'm1', paidFrom: bankAccount('b1'), amount: 5, fee: 0 })).toHaveLength(2);
  });

  it('balances for any amount and fee rate, and its reversal gives it all back', () =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 11 }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        const fee = feeOf(amount, bps);
        const journal = payoutSuccess({ merchantId: 'm1', paidFrom: bankAccount('b1'), amount, fee });
        checkBalanced(journal);
        expect(journal.find((l) => l.account === M)?.amount).toBe(amount + fee);
        checkBalanced([...journal, ...reversal(journal)]);
      }),
      { numRuns: 1000 },
    ));
});

describe('reversal', () => {
  it('negates every line, keeps the accounts, and undoes the journal', () => {
    const journal = payinSuccess({ merchantId: 'm1', bankAccountId: 'b1', confirmedAmount: 480_00, fee: 12_00 });
    const back = reversal(journal);
    expect(back).toEqual([
      { account: 'bank:b1', amount: -480_00 },
      { account: 'merchant:m1', amount: 468_00 },
      { account: 'income:payin-fees', amount: 12_00 },
    ]);
    checkBalanced(back);
    expect(reversal(back)).toEqual(journal);
  });
});

describe('payinFee', () => {
  // prettier-ignore
  it.each([
    // amount (paise)  bps     fee   why
    [20,               250,    1],   // 2.5% of ₹0.20 is 0.5 paise: half goes up
    [1,                250,    0],   // 0.025 paise
    [2,                250,    0],   // 0.05 paise
    [60,               250,    2],   // 1.5 paise
    [100,              250,    3],   // 2.5 paise
    [1_001,            250,    25],  // ₹10.01: 25.025 paise
    [1_020,            250,    26],  // ₹10.20: 25.5 paise
    [1000_00,          250,    2500],
    [99_999_99,        250,    250_000], // ₹99,999.99: 249,999.975 paise
    [1_00_000_00,      250,    250_000],
    [10_000,           225,    225], // 2.25% of ₹100
    [4_999,            1,      0],   // 0.4999 paise
    [5_000,            1,      1],   // 0.5 paise
    [123_45,           0,      0],
    [123_45,           10_000, 123_45],
    [10 ** 11,         250,    2_500_000_000],
    [2 ** 53 - 1,      9_999,  9_006_298_534_815_517], // ...516.9009: exact in big integers
  ])('%i paise at %i bps is %i paise', (amount, bps, fee) => expect(feeOf(amount, bps)).toBe(fee));
});

describe('shownBalance', () => {
  it.each([
    ['bank:b1', 500, 500],
    ['bank:b1', -500, -500],
    ['merchant:m1', -975_00, 975_00],
    ['merchant:m1', 10, -10],
    ['income:payin-fees', -25_00, 25_00],
    ['income:payout-fees', -15_00, 15_00],
    ['provider:eko', 700_00, 700_00],
    ['vendor:v1', 1200_00, 1200_00],
    ['vendor:v1', -300_00, -300_00],
    ['treasury:gateway', 400_00, 400_00],
    ['treasury:gateway', -400_00, -400_00],
  ] as const)('%s with ledger balance %i shows %i', (key, ledger, shown) =>
    expect(shownBalance(key, ledger)).toBe(shown),
  );
});

describe('cachesBalance', () => {
  it.each([
    [merchantAccount('m1'), 'merchant', true],
    [bankAccount('b1'), 'bank', true],
    [vendorAccount('v1'), 'vendor', true],
    [PAYIN_FEES, 'income', false],
    [PAYOUT_FEES, 'income', false],
    [EKO_WALLET, 'provider', false],
    [TREASURY, 'treasury', false],
  ] as const)('%s (%s) caches its balance: %s', (key, kind, caches) => {
    expect(kindOf(key)).toBe(kind);
    expect(cachesBalance(key)).toBe(caches);
  });
});

describe('settlement journals', () => {
  it('merchantPaidOut: the merchant is owed less, the money left the treasury', () =>
    expect(merchantPaidOut({ merchantId: 'm1', amount: 400_00 })).toEqual([
      { account: 'merchant:m1', amount: 400_00 },
      { account: 'treasury:gateway', amount: -400_00 },
    ]));

  it.each([TREASURY, bankAccount('b2')])('vendorSettled into %s: it holds the money, the vendor less', (into) =>
    expect(vendorSettled({ vendorId: 'v1', amount: 600_00, into })).toEqual([
      { account: into, amount: 600_00 },
      { account: 'vendor:v1', amount: -600_00 },
    ]),
  );

  const into = fc.oneof(fc.constant(TREASURY), fc.uuid().map(bankAccount));
  const amount = fc.integer({ min: 1, max: 10 ** 11 });
  it('balance for any amount, as do their reversals', () =>
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), amount, into, (merchantId, vendorId, paise, to) => {
        for (const journal of [
          merchantPaidOut({ merchantId, amount: paise }),
          vendorSettled({ vendorId, amount: paise, into: to }),
        ]) {
          checkBalanced(journal);
          checkBalanced([...journal, ...reversal(journal)]);
        }
      }),
      { numRuns: 1000 },
    ));
});
