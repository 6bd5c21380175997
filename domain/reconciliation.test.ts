import { describe, expect, it } from 'vitest';
import {
  UTR_PROVING,
  entryAmountDifference,
  entryUnusedDifference,
  payinWithoutEntryDifference,
  utrReusedDifference,
  type BankRecord,
  type Credit,
  type Decision,
} from './reconciliation';

const payin = (amount: number, label = 'ord-1'): BankRecord => ({
  entity: 'payins',
  id: 'p1',
  label,
  code: 'BOLT',
  amount,
});
const entry = (amount: number, label = '402611000001'): BankRecord => ({
  entity: 'bank-entries',
  id: 'e1',
  label,
  code: 'BETA-AXIS-01',
  amount,
});
const decision = (confirmedBy: string | null, checkedBy: string | null = null): Decision => ({
  confirmedBy,
  confirmedAt: confirmedBy ? '2026-03-10T06:30:00.000Z' : null,
  checkedBy,
});

describe('entryAmountDifference', () => {
  it('gives both amounts in paise, their difference and a sentence', () => {
    const d = entryAmountDifference(payin(4_500_00), entry(450_00), decision('admin'));
    expect(d).toMatchObject({ kind: 'entry-amount', utr: '402611000001', amount: 450000, bankAmount: 45000 });
    expect(d.difference).toBe(4_050_00);
    expect(d.records.map((r) => r.id)).toEqual(['p1', 'e1']);
    expect(d.reason).toBe(
      'Pay-in ord-1 of BOLT was confirmed at ₹4,500.00 by admin but its bank entry (UTR 402611000001) shows ₹450.00, and no checker approved the difference: check the bank statement, then correct the pay-in or have a checker approve it.',
    );
  });

  it('says a pay-in confirmed below its entry differs the other way', () => {
    expect(entryAmountDifference(payin(400_00), entry(450_00), decision('admin')).difference).toBe(-50_00);
  });
});

describe('utrReusedDifference', () => {
  it('names every record that used the UTR, as people say them', () => {
    const uses: BankRecord[] = [
      { entity: 'payouts', id: 'o1', label: 'wd-1', code: 'CRISP', amount: 600_00 },
      { entity: 'settlements', id: 's1', label: 'CRISP', code: 'CRISP', amount: 1_000_00 },
      { entity: 'vendor-settlements', id: 'v1', label: 'VEN-ALPHA', code: 'VEN-ALPHA', amount: 700_00 },
    ];
    const d = utrReusedDifference('412345678901', uses);
    expect(d).toMatchObject({ kind: 'utr-reused', utr: '412345678901', amount: null, difference: null });
    expect(d.reason).toBe(
      'UTR 412345678901 proves 3 records: pay-out wd-1, settlement CRISP, vendor settlement VEN-ALPHA. One bank transfer proves one payment: find the record the transfer belongs to and correct the others.',
    );
  });
});

describe('payinWithoutEntryDifference', () => {
  const none: Credit = { state: 'none', entry: null, usedBy: null };
  const free: Credit = { state: 'free', entry: entry(500_00), usedBy: null };
  const used: Credit = { state: 'used', entry: entry(500_00), usedBy: payin(500_00, 'ord-9') };
  const start = 'Pay-in ord-1 of BOLT is SUCCESS at ₹5,00,00,000.00 without a bank entry, ';
  it.each([
    [
      decision('admin'),
      '402611000001',
      none,
      'confirmed by admin with no checker; no credit with UTR 402611000001 has arrived: find the money on the bank statement or reverse the pay-in.',
    ],
    [
      decision('operations', 'admin'),
      '402611000001',
      free,
      'confirmed by operations and approved by admin; the credit with its UTR 402611000001 (₹500.00) has arrived and is free: match it to this pay-in.',
    ],
    [
      decision(null),
      '402611000001',
      used,
      'with no confirmation recorded; the credit with its UTR 402611000001 (₹500.00) is used by pay-in ord-9: the same money cannot pay twice; correct one of them.',
    ],
    [
      decision('admin'),
      null,
      none,
      'confirmed by admin with no checker; it has no UTR to look for on the bank statement: find the money or reverse the pay-in.',
    ],
  ])('%o with UTR %s and credit %o says so', (who, utr, credit, rest) => {
    const d = payinWithoutEntryDifference(payin(5_00_00_000_00), utr, who, credit);
    expect(d).toMatchObject({ kind: 'payin-without-entry', utr, amount: 5_00_00_000_00, decision: who, credit });
    expect(d.reason).toBe(start + rest);
  });
});

describe('entryUnusedDifference', () => {
  it('says where the credit is, when it was recorded (IST) and the age allowed', () => {
    const d = entryUnusedDifference(entry(1_234_50), '2026-03-10T06:30:00.000Z', 24);
    expect(d).toMatchObject({ kind: 'entry-unused', amount: 1_234_50, bankAmount: 1_234_50 });
    expect(d.reason).toBe(
      'The credit of ₹1,234.50 (UTR 402611000001) on BETA-AXIS-01, recorded 10/03/2026 at 12:00:00 PM, is unused after more than 24 hours: match it to its pay-in or transfer, or find whose money it is.',
    );
  });
});

describe('UTR_PROVING', () => {
  it('counts the records that moved money by bank transfer, and nothing paid in cash', () => {
    expect(UTR_PROVING.payouts.statuses).toEqual(['SUCCESS', 'REVERSED']);
    expect(UTR_PROVING.settlements.methods).toEqual(['BANK']);
    expect(UTR_PROVING['vendor-settlements'].methods).toEqual([
      'BANK',
      'INTERNAL_BANK_TRANSFER',
      'INTERNAL_QR_TRANSFER',
    ]);
  });
});
