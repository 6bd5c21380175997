import { describe, expect, it } from 'vitest';
import { boundRefusal, confirmationBound, confirmationNeedsChecker, type BoundInput } from './payin-confirmation';

// prettier-ignore
const CASES: [string, BoundInput, string, number, RegExp][] = [
  // name                                 entry      requested  merchant max   bound kind       amount       message
  ['an entry bounds it',                  { entryAmount: 450_00, requestedAmount: 500_00, merchantMaxPayin: 1_00_000_00 }, 'entry',        450_00,      /at most at ₹450\.00, the bank entry's amount\.$/],
  ['an entry above the request bounds it', { entryAmount: 900_00, requestedAmount: 500_00, merchantMaxPayin: 1_00_000_00 }, 'entry',        900_00,      /₹900\.00/],
  ["a provider's report bounds it",     { entryAmount: null, providerAmount: 499_99, requestedAmount: 500_00, merchantMaxPayin: 1_00_000_00 }, 'provider', 499_99, /₹499\.99, the amount the payment provider reported\.$/],
  ['no entry: the request',               { entryAmount: null, requestedAmount: 500_00, merchantMaxPayin: 1_00_000_00 },   'requested',    500_00,      /at most at ₹500\.00, the amount this pay-in asked for\.$/],
  ['no entry, open amount: the maximum',  { entryAmount: null, requestedAmount: null, merchantMaxPayin: 1_00_000_00 },     'merchant-max', 1_00_000_00, /at most at ₹1,00,000\.00, the merchant's maximum pay-in\.$/],
];

describe('confirmationBound', () => {
  it.each(CASES)('%s', (_name, input, kind, amount, message) => {
    const bound = confirmationBound(input);
    expect(bound).toEqual({ kind, amount });
    expect(boundRefusal(bound)).toMatch(message);
  });

  it('a checker only without an entry', () => {
    expect(confirmationNeedsChecker({ entryAmount: null })).toBe(true);
    expect(confirmationNeedsChecker({ entryAmount: 1 })).toBe(false);
    expect(confirmationNeedsChecker({ entryAmount: null, providerAmount: 1 })).toBe(false);
    expect(confirmationNeedsChecker({ entryAmount: null, providerAmount: null })).toBe(true);
  });
});
