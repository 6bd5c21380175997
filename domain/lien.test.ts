import { describe, expect, it } from 'vitest';
import { LIEN_STAFF, lienRefusal, type LienPayin, type LienRequest } from './lien';

const PAYIN: LienPayin = {
  merchantCode: 'BOLT',
  customerId: 'CUST-1',
  status: 'SUCCESS',
  test: false,
  confirmedAmount: 1000_00,
};
const LIEN: LienRequest = { merchantCode: 'BOLT', customerId: 'CUST-1', amount: 400_00 };

describe('lienRefusal', () => {
  // prettier-ignore
  it.each<[string, LienPayin | null, LienRequest, ReturnType<typeof lienRefusal>]>([
    ['no such pay-in', null, LIEN,
      { field: 'merchantOrderId', message: 'No pay-in of BOLT has this merchant order id.' }],
    ["another merchant's pay-in", { ...PAYIN, merchantCode: 'ACME' }, LIEN,
      { field: 'merchantOrderId', message: 'No pay-in of BOLT has this merchant order id.' }],
    ['a pending pay-in', { ...PAYIN, status: 'PENDING' }, LIEN,
      { field: 'merchantOrderId', message: 'This pay-in is PENDING: only a successful pay-in can be charged back.' }],
    ['a failed pay-in', { ...PAYIN, status: 'FAILED', confirmedAmount: null }, LIEN,
      { field: 'merchantOrderId', message: 'This pay-in is FAILED: only a successful pay-in can be charged back.' }],
    ['a disputed pay-in', { ...PAYIN, status: 'DISPUTE' }, LIEN,
      { field: 'merchantOrderId', message: 'This pay-in is DISPUTE: only a successful pay-in can be charged back.' }],
    ['a successful test pay-in', { ...PAYIN, test: true }, LIEN,
      { field: 'merchantOrderId', message: 'This pay-in is a test pay-in: only a successful pay-in can be charged back.' }],
    ['a pending test pay-in', { ...PAYIN, status: 'PENDING', test: true }, LIEN,
      { field: 'merchantOrderId', message: 'This pay-in is a test pay-in: only a successful pay-in can be charged back.' }],
    ["another customer's pay-in", PAYIN, { ...LIEN, customerId: 'CUST-2' },
      { field: 'customerId', message: 'This pay-in was made by another customer.' }],
    ['more than it confirmed', PAYIN, { ...LIEN, amount: 1000_01 },
      { field: 'amount', message: "The chargeback may not exceed the pay-in's confirmed amount." }],
    ['a pay-in with no confirmed amount', { ...PAYIN, confirmedAmount: null }, { ...LIEN, amount: 1 },
      { field: 'amount', message: "The chargeback may not exceed the pay-in's confirmed amount." }],
    ['part of a successful pay-in', PAYIN, LIEN, null],
    ['all of a successful pay-in', PAYIN, { ...LIEN, amount: 1000_00 }, null],
    ['one paisa of it', PAYIN, { ...LIEN, amount: 1 }, null],
  ])('%s', (_name, payin, lien, refusal) => expect(lienRefusal(payin, lien)).toEqual(refusal));

  it('checks the merchant before the status, the status before the customer, the customer before the amount', () => {
    const everythingWrong = {
      merchantCode: 'ACME',
      customerId: 'X',
      status: 'PENDING',
      test: false,
      confirmedAmount: 0,
    };
    expect(lienRefusal(everythingWrong, LIEN)?.message).toMatch(/^No pay-in of BOLT/);
    expect(lienRefusal({ ...everythingWrong, merchantCode: 'BOLT' }, LIEN)?.message).toMatch(/is PENDING/);
    expect(lienRefusal({ ...PAYIN, customerId: 'X', confirmedAmount: 0 }, LIEN)?.field).toBe('customerId');
  });
});

describe('LIEN_STAFF', () => {
  it('is the staff who see the ChargeBack screen', () =>
    expect([...LIEN_STAFF].sort()).toEqual(['ADMIN', 'TRANSACTIONS']));
});
