import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyError, feeOf, paiseToRupees, percentToBps, rupeesToPaise } from './money';

describe('rupeesToPaise', () => {
  it.each([
    [0, 0],
    [1, 100],
    [1.5, 150],
    [1.05, 105],
    [123456.78, 12345678],
    ['10.1', 1010],
    [0.29, 29],
    [1.1, 110],
  ])('%s rupees is %s paise', (rupees, paise) => expect(rupeesToPaise(rupees)).toBe(paise));

  it('keeps the sign', () => expect(rupeesToPaise(-5.25)).toBe(-525));

  it.each([[1.005], ['1.234'], ['abc'], [''], [Number.NaN], [Infinity], [null], [{}], ['1e3']])('refuses %s', (value) =>
    expect(() => rupeesToPaise(value)).toThrow(MoneyError),
  );

  it('says why more decimals are refused', () =>
    expect(() => rupeesToPaise(1.234)).toThrow('must have at most 2 decimals'));
});

describe('paiseToRupees', () => {
  it('is exact', () => {
    expect(paiseToRupees(12345678)).toBe(123456.78);
    expect(paiseToRupees(29)).toBe(0.29);
    expect(paiseToRupees(-105)).toBe(-1.05);
    expect(Object.is(paiseToRupees(-0), 0)).toBe(true);
  });

  it('gives for every whole number of paise the amount its two-decimal text reads as', () => {
    const viaText = (paise: number) => Number((paise / 100).toFixed(2));
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.maxSafeInteger()), (paise) => {
        expect(paiseToRupees(paise)).toBe(viaText(paise));
      }),
      { numRuns: 20_000 },
    );
    for (const paise of [1, 5, 29, 105, 999_999_999_999, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER])
      expect(paiseToRupees(paise)).toBe(viaText(paise));
  });
});

describe('feeOf', () => {
  it('rounds half up to the paisa', () => {
    expect(feeOf(10000, 225)).toBe(225); // 2.25 % of ₹100
    expect(feeOf(150, 250)).toBe(4); // 3.75 paise -> 4
    expect(feeOf(100, 250)).toBe(3); // 2.5 paise -> 3
    expect(feeOf(100, 240)).toBe(2); // 2.4 paise -> 2
  });
  it('reads percentages as basis points', () => expect(percentToBps(2.25)).toBe(225));
});
