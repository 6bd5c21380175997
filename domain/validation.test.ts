import { describe, expect, it } from 'vitest';
import { isBlank, required, requiredMessage } from './validation';

describe('isBlank', () => {
  it.each([[null], [undefined], [''], ['   '], ['\t\n'], [[]]])('%j is blank', (value) => expect(isBlank(value)).toBe(true));

  it.each([['a'], [' a '], [0], [false], [['x']], [{}]])('%j is not blank', (value) => expect(isBlank(value)).toBe(false));
});

describe('required', () => {
  it('words the message as the spec does', () => expect(requiredMessage('Merchant Code')).toBe('Merchant Code is Required!'));

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
