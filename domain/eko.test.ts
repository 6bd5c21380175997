import { describe, expect, it } from 'vitest';
import { EKO_ABSENT, EKO_NOT_FOR_ROLE, ekoFailureReason, ekoFor, ekoRefusalOf, ekoUtrOf, outcomeOf } from './eko';

describe("Eko's answers", () => {
  it.each([
    [200, { status: 0, data: { tx_status: '0' } }, 'transfer', 'success'],
    [200, { status: 0, data: { tx_status: 1 } }, 'inquiry', 'failed'],
    [200, { status: 0, data: { tx_status: '4' } }, 'inquiry', 'failed'],
    [200, { status: 0, data: { tx_status: '2' } }, 'transfer', 'awaited'],
    [200, { status: 0, data: { tx_status: '3' } }, 'inquiry', 'awaited'],
    [200, { status: 0, data: { tx_status: '5' } }, 'inquiry', 'awaited'],
    [200, { status: 0, data: { tid: 12 } }, 'transfer', 'awaited'],
    [200, { status: 1, message: 'No transaction found' }, 'inquiry', 'not-found'],
    [200, { status: 1, message: 'Insufficient balance' }, 'transfer', 'failed'],
    [200, { status: 1, response_status_id: -2 }, 'transfer', 'busy'],
    [403, { status: 403 }, 'transfer', 'refused'],
    [502, null, 'transfer', 'error'],
    [200, null, 'inquiry', 'error'],
  ] as const)('HTTP %i %j (%s) is %s', (http, answer, kind, outcome) => {
    expect(outcomeOf(http, answer, kind)).toBe(outcome);
  });

  it('takes the bank reference as the UTR, else the tid', () => {
    expect(ekoUtrOf({ data: { bank_ref_num: '512345678901', tid: 9 } })).toBe('512345678901');
    expect(ekoUtrOf({ data: { bank_ref_num: '', tid: 9 } })).toBe('9');
  });

  it('pays whole rupees to bank accounts only, and says why not', () => {
    expect(ekoRefusalOf({ amount: 100_00, accountNumber: '1', ifsc: 'X' })).toBeNull();
    expect(ekoRefusalOf({ amount: 100_50, accountNumber: '1', ifsc: 'X' })).toMatch(/whole rupees/);
    expect(ekoRefusalOf({ amount: 100_00, accountNumber: null, ifsc: null })).toMatch(/bank accounts only/);
    expect(ekoFailureReason({ data: { txstatus_desc: 'Failed' } })).toBe('Eko: Failed');
    expect(ekoFailureReason(null)).toBe('Eko: the transfer failed');
  });
});

describe('who may send through Eko', () => {
  it('ADMIN and OPERATIONS on a server with Eko; nobody without it, each told why', () => {
    expect(ekoFor(true, 'OPERATIONS')).toEqual({ available: true, why: null });
    expect(ekoFor(true, 'TRANSACTIONS')).toEqual({ available: false, why: EKO_NOT_FOR_ROLE });
    expect(ekoFor(false, 'ADMIN')).toEqual({ available: false, why: EKO_ABSENT });
  });
});
