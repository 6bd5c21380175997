import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyError, amountToPaise, feeOf, paiseToRupees, percentToBps, rupeesOrNull, rupeesToPaise } from './money';

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

describe("amountToPaise: the API's one rule for an amount", () => {
  it.each([
    [500, undefined, 50000],
    [500.5, undefined, 50050],
    [500.5, '500.50', 50050],
    [0, undefined, 0],
    [0.01, undefined, 1],
    ['500', undefined, 50000],
    ['500.5', undefined, 50050],
    ['500.50', undefined, 50050],
    ['007.10', undefined, 710],
    ['0', undefined, 0],
    [9_999_999_999_999.99, undefined, 999_999_999_999_999],
    ['9999999999999.99', undefined, 999_999_999_999_999],
  ])('%j (written %s) is %s paise', (value, written, paise) => expect(amountToPaise(value, written)).toBe(paise));

  const CALLED = 'must be an amount in rupees: a number or a string of digits';
  const DIGITS = 'must be an amount in rupees: digits, at most 2 decimals';
  it.each([
    [true, undefined, CALLED],
    [false, undefined, CALLED],
    [[600], undefined, CALLED],
    [{ rupees: 600 }, undefined, CALLED],
    [null, undefined, CALLED],
    [undefined, undefined, CALLED],
    ['0x1F4', undefined, DIGITS],
    ['0o17', undefined, DIGITS],
    ['0b101', undefined, DIGITS],
    [500, '5e2', 'must be written without an exponent'],
    [5001, '500.1e1', 'must be written without an exponent'],
    [500, '5E+2', 'must be written without an exponent'],
    ['5e2', undefined, 'must be written without an exponent'],
    [1e21, undefined, 'must be written without an exponent'],
    [1e-7, undefined, 'must be written without an exponent'],
    [500.001, undefined, 'must have at most 2 decimals'],
    ['500.001', undefined, 'must have at most 2 decimals'],
    [500, '500.00000000000000001', 'must have at most 2 decimals'],
    [-500, undefined, 'must not be negative'],
    ['-500', undefined, 'must not be negative'],
    [0, '-0', 'must not be negative'],
    [Number.NaN, undefined, DIGITS],
    [Infinity, undefined, DIGITS],
    ['NaN', undefined, DIGITS],
    ['Infinity', undefined, DIGITS],
    ['+500', undefined, DIGITS],
    [' 500', undefined, DIGITS],
    ['500 ', undefined, DIGITS],
    ['5 00', undefined, DIGITS],
    ['', undefined, DIGITS],
    ['1,000', undefined, DIGITS],
    ['500.', undefined, DIGITS],
    ['.5', undefined, DIGITS],
    ['٥٠٠', undefined, DIGITS],
    ['10000000000000', undefined, 'is too large'],
    [10_000_000_000_000, undefined, 'is too large'],
  ])('refuses %j (written %s): %s', (value, written, message) =>
    expect(() => amountToPaise(value, written)).toThrow(new MoneyError(message)),
  );

  it('takes every amount of paise exactly, as a number and as its text with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (paise) => {
        const text = (paise / 100).toFixed(2);
        expect(amountToPaise(text)).toBe(paise);
        expect(amountToPaise(Number(text))).toBe(paise);
        expect(amountToPaise(JSON.parse(text), text)).toBe(paise);
      }),
      { numRuns: 20_000 },
    );
  });

  it('refuses a text with more than two decimals, or anything around the digits', () => {
    const digits = fc.stringMatching(/^\d{1,10}$/);
    fc.assert(
      fc.property(digits, fc.stringMatching(/^\d{3,20}$/), (whole, fraction) => {
        expect(() => amountToPaise(`${whole}.${fraction}`)).toThrow('must have at most 2 decimals');
        expect(() => amountToPaise(Number(`${whole}.${fraction}`), `${whole}.${fraction}`)).toThrow(MoneyError);
      }),
    );
    fc.assert(
      fc.property(digits, fc.constantFrom(' ', '\t', '\n', '+', '-', '$', '₹', 'e', '_'), (whole, extra) => {
        expect(() => amountToPaise(`${extra}${whole}`)).toThrow(MoneyError);
        expect(() => amountToPaise(`${whole}${extra}`)).toThrow(MoneyError);
      }),
    );
  });
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

describe('rupeesOrNull', () => {
  it('keeps a missing amount missing and converts the rest as paiseToRupees does', () => {
    expect(rupeesOrNull(null)).toBeNull();
    expect(rupeesOrNull(0)).toBe(0);
    expect(rupeesOrNull(125050)).toBe(1250.5);
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
