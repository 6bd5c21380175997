import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskSecret, payinIdOfTxnid, payuTxnidOf } from './providers';

describe('PayU txnid', () => {
  it('names every pay-in id in at most 25 letters and digits, and reads back to it', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const txnid = payuTxnidOf(id);
        expect(txnid).toMatch(/^[0-9a-z]{1,25}$/);
        expect(payinIdOfTxnid(txnid)).toBe(id);
      }),
    );
    expect(payuTxnidOf('ffffffff-ffff-ffff-ffff-ffffffffffff')).toHaveLength(25);
  });

  it('names no pay-in for text that is not a txnid of one', () => {
    expect(payinIdOfTxnid('')).toBeNull();
    expect(payinIdOfTxnid('ABC')).toBeNull();
    expect(payinIdOfTxnid('zzzzzzzzzzzzzzzzzzzzzzzzz')).toBeNull(); // past 128 bits
    expect(payinIdOfTxnid('a'.repeat(26))).toBeNull();
    expect(() => payuTxnidOf('not-a-uuid')).toThrow();
  });
});

describe('maskSecret', () => {
  it('shows the last four characters only', () => {
    expect(maskSecret('rzp_secret_abcd1234')).toMatch(/^•+1234$/);
    expect(maskSecret('rzp_secret_abcd1234')).not.toContain('secret');
    expect(maskSecret(null)).toBeNull();
    expect(maskSecret('')).toBeNull();
  });
});
