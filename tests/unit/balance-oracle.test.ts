import { describe, expect, it } from 'vitest';
import {
  merchantBalance,
  merchantHeld,
  vendorBalance,
  type Commissioned,
  type LienMoney,
  type PayinMoney,
  type PayoutMoney,
  type SettlementMoney,
  merchantBalanceFromPayins,
} from '../support/balance-oracle';

const payin = (
  status: string,
  confirmedAmount: number | null,
  fee: number | null,
  test = false,
  vendorCommission = 0,
): PayinMoney & Commissioned => ({ status, test, confirmedAmount, fee, vendorCommission });
const payout = (
  status: string,
  amount: number,
  fee: number,
  test = false,
  vendorCommission = 0,
): PayoutMoney & Commissioned => ({ status, test, amount, fee, vendorCommission });
const settlement = (status: string, amount: number): SettlementMoney => ({ status, amount });
const lien = (amount: number): LienMoney => ({ amount });

const NONE = { payins: [], payouts: [], settlements: [], liens: [] };

describe('merchantBalance', () => {
  // prettier-ignore
  it.each<[string, Partial<Parameters<typeof merchantBalance>[0]>, number]>([
    ['nothing yet', {}, 0],
    ['a successful pay-in, less its fee', { payins: [payin('SUCCESS', 1000_00, 25_00)] }, 975_00],
    ['a successful pay-in with no fee recorded', { payins: [payin('SUCCESS', 500_00, null)] }, 500_00],
    ['pay-ins not successful', {
      payins: [payin('PENDING', null, null), payin('FAILED', null, null), payin('DISPUTE', 450_00, null), payin('EXPIRED', null, null)],
    }, 0],
    ['a test pay-in never counts', { payins: [payin('SUCCESS', 1000_00, 25_00, true)] }, 0],
    ['a successful pay-out, with its fee', { payouts: [payout('SUCCESS', 300_00, 5_00)] }, -305_00],
    ['a test pay-out never counts', { payouts: [payout('SUCCESS', 300_00, 5_00, true), payout('REVERSED', 1_00, 0, true)] }, 0],
    ['a REVERSED pay-out nets zero', { payouts: [payout('REVERSED', 300_00, 5_00)] }, 0],
    ['waiting, rejected and dropped pay-outs', {
      payouts: [payout('INITIATED', 100_00, 1_00), payout('REJECTED', 200_00, 2_00), payout('DROPPED', 300_00, 3_00)],
    }, 0],
    ['a successful settlement', { settlements: [settlement('SUCCESS', 400_00)] }, -400_00],
    ['settlements not successful', {
      settlements: [settlement('INITIATED', 1_00), settlement('REJECTED', 2_00), settlement('DROPPED', 3_00)],
    }, 0],
    ['chargebacks always', { liens: [lien(150_00), lien(1)] }, -150_01],
    ['all of it together', {
      payins: [payin('SUCCESS', 1000_00, 25_00), payin('SUCCESS', 2000_00, 50_00), payin('SUCCESS', 99_00, 2_00, true)],
      payouts: [payout('SUCCESS', 500_00, 10_00), payout('REVERSED', 100_00, 2_00), payout('INITIATED', 50_00, 1_00)],
      settlements: [settlement('SUCCESS', 700_00), settlement('INITIATED', 300_00), settlement('REJECTED', 9_00)],
      liens: [lien(200_00)],
    }, 2925_00 - 510_00 - 700_00 - 200_00],
    ['below zero when chargebacks exceed what it has', { payins: [payin('SUCCESS', 100_00, 0)], liens: [lien(150_00)] }, -50_00],
  ])('%s', (_name, history, balance) => expect(merchantBalance({ ...NONE, ...history })).toBe(balance));
});

describe('merchantHeld', () => {
  // prettier-ignore
  it.each<[string, Partial<Parameters<typeof merchantHeld>[0]>, number]>([
    ['nothing', {}, 0],
    ['an INITIATED pay-out holds its amount and fee', { payouts: [payout('INITIATED', 300_00, 5_00)] }, 305_00],
    ['a test pay-out holds nothing', { payouts: [payout('INITIATED', 300_00, 5_00, true)] }, 0],
    ['pay-outs past INITIATED hold nothing', {
      payouts: ['SUCCESS', 'REJECTED', 'DROPPED', 'REVERSED'].map((s) => payout(s, 100_00, 1_00)),
    }, 0],
    ['an INITIATED settlement holds its amount', { settlements: [settlement('INITIATED', 400_00)] }, 400_00],
    ['settlements past INITIATED hold nothing', {
      settlements: ['SUCCESS', 'REJECTED', 'DROPPED'].map((s) => settlement(s, 400_00)),
    }, 0],
    ['both together', {
      payouts: [payout('INITIATED', 100_00, 2_00), payout('INITIATED', 50_00, 0), payout('SUCCESS', 9_00, 0)],
      settlements: [settlement('INITIATED', 400_00), settlement('SUCCESS', 9_00)],
    }, 552_00],
  ])('%s', (_name, waiting, held) => expect(merchantHeld({ payouts: [], settlements: [], ...waiting })).toBe(held));
});

const NOTHING = { payinsIn: [], payoutsPaid: [], transfersIn: [], settlements: [] };

describe('vendorBalance', () => {
  // prettier-ignore
  it.each<[string, Partial<Parameters<typeof vendorBalance>[0]>, number]>([
    ['nothing yet', {}, 0],
    ['a successful pay-in, all of it: the fee is the gateway\'s, still in the vendor\'s account', {
      payinsIn: [payin('SUCCESS', 1000_00, 25_00)],
    }, 1000_00],
    ['pay-ins not successful, and test pay-ins', {
      payinsIn: [payin('PENDING', null, null), payin('DISPUTE', 450_00, null), payin('SUCCESS', 99_00, 2_00, true)],
    }, 0],
    ['a pay-out it paid, without the fee', { payoutsPaid: [payout('SUCCESS', 300_00, 5_00)] }, -300_00],
    ['REVERSED, waiting and test pay-outs', {
      payoutsPaid: [payout('REVERSED', 300_00, 5_00), payout('INITIATED', 1_00, 0), payout('SUCCESS', 7_00, 0, true)],
    }, 0],
    ['an internal transfer into its account', { transfersIn: [settlement('SUCCESS', 200_00)] }, 200_00],
    ['internal transfers not successful', { transfersIn: [settlement('INITIATED', 1_00), settlement('REJECTED', 2_00)] }, 0],
    ['its own successful settlement', { settlements: [settlement('SUCCESS', 600_00)] }, -600_00],
    ['its settlements not successful', { settlements: [settlement('INITIATED', 1_00), settlement('REJECTED', 2_00)] }, 0],
    ['the gateway owes it when it paid out more than it collected', {
      payinsIn: [payin('SUCCESS', 100_00, 0)], payoutsPaid: [payout('SUCCESS', 250_00, 5_00)],
    }, -150_00],
    ['less its commission on a pay-in and on a pay-out it paid', {
      payinsIn: [payin('SUCCESS', 1000_00, 25_00, false, 15_00)], payoutsPaid: [payout('SUCCESS', 300_00, 5_00, false, 3_00)],
    }, 1000_00 - 15_00 - 300_00 - 3_00],
    ['no commission on what did not move: failed, reversed or test', {
      payinsIn: [payin('DISPUTE', 450_00, null, false, 6_75), payin('SUCCESS', 99_00, 2_00, true, 1_00)],
      payoutsPaid: [payout('REVERSED', 300_00, 5_00, false, 3_00), payout('INITIATED', 1_00, 0, false, 1)],
    }, 0],
    ['all of it together', {
      payinsIn: [payin('SUCCESS', 1000_00, 25_00), payin('SUCCESS', 500_00, 12_50)],
      payoutsPaid: [payout('SUCCESS', 300_00, 5_00), payout('REVERSED', 100_00, 0)],
      transfersIn: [settlement('SUCCESS', 50_00)],
      settlements: [settlement('SUCCESS', 800_00), settlement('INITIATED', 400_00)],
    }, 1500_00 - 300_00 + 50_00 - 800_00],
  ])('%s', (_name, history, balance) => expect(vendorBalance({ ...NOTHING, ...history })).toBe(balance));
});

describe('merchantBalanceFromPayins', () => {
  it('counts real successful pay-ins only, net of their fees', () =>
    expect(
      merchantBalanceFromPayins([
        { status: 'SUCCESS', test: false, confirmedAmount: 1000_00, fee: 25_00 },
        { status: 'SUCCESS', test: true, confirmedAmount: 500_00, fee: 12_50 },
        { status: 'DISPUTE', test: false, confirmedAmount: 450_00, fee: null },
        { status: 'PENDING', test: false, confirmedAmount: null, fee: null },
        { status: 'SUCCESS', test: false, confirmedAmount: 1, fee: 0 },
      ]),
    ).toBe(975_01));
});
