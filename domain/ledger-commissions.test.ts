import { describe, expect, it } from 'vitest';
import { bankAccount, checkBalanced, payinSuccess, payoutSuccess } from './ledger';
import { feeOf } from './money';

describe('vendor commissions (DESIGN §5: a vendor account less its commission)', () => {
  it("a pay-in in a vendor's account: the vendor keeps its commission, at the gateway's cost", () => {
    const journal = payinSuccess({
      merchantId: 'm1',
      bankAccountId: 'b1',
      confirmedAmount: 1000_00,
      fee: 25_00,
      vendor: { vendorId: 'v1', commission: feeOf(1000_00, 150) },
    });
    expect(journal).toEqual([
      { account: 'bank:b1', amount: 1000_00 },
      { account: 'merchant:m1', amount: -975_00 },
      { account: 'income:payin-fees', amount: -25_00 },
      { account: 'income:vendor-commissions', amount: 15_00 },
      { account: 'vendor:v1', amount: -15_00 },
    ]);
    checkBalanced(journal);
  });

  it('a pay-out paid from a vendor account likewise; no lines for no commission or no vendor', () => {
    const paid = { merchantId: 'm1', paidFrom: bankAccount('b1'), amount: 1000_00, fee: 15_00 };
    expect(payoutSuccess({ ...paid, vendor: { vendorId: 'v1', commission: 12_50 } }).slice(3)).toEqual([
      { account: 'income:vendor-commissions', amount: 12_50 },
      { account: 'vendor:v1', amount: -12_50 },
    ]);
    expect(payoutSuccess({ ...paid, vendor: { vendorId: 'v1', commission: 0 } })).toHaveLength(3);
    expect(payoutSuccess({ ...paid, vendor: null })).toHaveLength(3);
  });

  it.each([
    [1000_00, 150, 15_00],
    [333, 150, 5],
    [1, 175, 0],
    [100_00, 0, 0],
  ])('%i paise at %i basis points is %i paise, half up', (amount, bps, commission) =>
    expect(feeOf(amount, bps)).toBe(commission),
  );
});
