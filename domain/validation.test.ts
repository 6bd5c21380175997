import { describe, expect, it } from 'vitest';
import { BANK_FORMATS } from './bank-account';
import {
  PASSWORD_RULE,
  atLeast,
  isBlank,
  matches,
  percentage,
  required,
  requiredMessage,
  rupees,
  strongPassword,
} from './validation';

describe('isBlank', () => {
  it.each([[null], [undefined], [''], ['   '], ['\t\n'], [[]]])('%j is blank', (value) =>
    expect(isBlank(value)).toBe(true),
  );

  it.each([['a'], [' a '], [0], [false], [['x']], [{}]])('%j is not blank', (value) =>
    expect(isBlank(value)).toBe(false),
  );
});

describe('required', () => {
  it('words the message as the spec does', () =>
    expect(requiredMessage('Merchant Code')).toBe('Merchant Code is Required!'));

  it('rejects blank values with the label', () => {
    const validate = required('Amount');
    expect(validate('  ')).toBe('Amount is Required!');
    expect(validate(null)).toBe('Amount is Required!');
    expect(validate([])).toBe('Amount is Required!');
  });

  it('accepts filled values', () => {
    const validate = required('Amount');
    expect(validate('100')).toBeUndefined();
    expect(validate(0)).toBeUndefined();
    expect(validate(['UPI'])).toBeUndefined();
  });
});

describe('form checks', () => {
  it('pass blank values to required', () => {
    for (const check of [strongPassword(), percentage('Fee'), rupees('Min'), matches('IFSC', BANK_FORMATS.ifsc)]) {
      expect(check('')).toBeUndefined();
      expect(check(null)).toBeUndefined();
    }
  });

  it('want a letter and a digit in twelve characters', () => {
    expect(strongPassword()('abcdefghijk1')).toBeUndefined();
    expect(strongPassword()('abcdefghijkl')).toBe(PASSWORD_RULE);
    expect(strongPassword()('abcdefghij1')).toBe(PASSWORD_RULE);
    expect(PASSWORD_RULE).toMatch(/at least 12 characters/);
  });

  it('read percentages from 0 to 100 with two decimals', () => {
    expect(percentage('Fee')(0)).toBeUndefined();
    expect(percentage('Fee')(100)).toBeUndefined();
    expect(percentage('Fee')(2.25)).toBeUndefined();
    expect(percentage('Fee')(2.255)).toBe('Fee must be between 0 and 100 with at most 2 decimals');
    expect(percentage('Fee')(100.01)).toBeDefined();
    expect(percentage('Fee')(-1)).toBeDefined();
  });

  it('read rupees above zero', () => {
    expect(rupees('Min')(0.01)).toBeUndefined();
    expect(rupees('Min')(0)).toBe('Min must be an amount above ₹0 with at most 2 decimals');
    expect(rupees('Min')(1.001)).toBeDefined();
  });

  it('compare a maximum with its minimum', () => {
    const max = atLeast('Max', 'min', 'Min');
    expect(max(100, { min: 100 })).toBeUndefined();
    expect(max(99, { min: 100 })).toBe('Max must be at least Min');
    expect(max(99, { min: null })).toBeUndefined();
  });

  it('describe the expected format', () => {
    expect(matches('IFSC Code', BANK_FORMATS.ifsc)('HDFC0001234')).toBeUndefined();
    expect(matches('IFSC Code', BANK_FORMATS.ifsc)('HDFC1001234')).toBe(
      'IFSC Code must be an IFSC such as HDFC0001234',
    );
    expect(matches('UPI ID', BANK_FORMATS.upiId)('shop.one@okhdfc')).toBeUndefined();
    expect(matches('UPI ID', BANK_FORMATS.upiId)('shop')).toBeDefined();
    expect(matches('Nick Name', BANK_FORMATS.nickname)('two words')).toBeDefined();
    expect(matches('Account Number', BANK_FORMATS.accountNumber)('12345')).toBeDefined();
    expect(matches('Account Number', BANK_FORMATS.accountNumber)(' 123456 ')).toBeUndefined();
  });
});
