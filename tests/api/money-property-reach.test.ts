import fs from 'node:fs';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { PAYIN_KINDS } from '../support/payin-step-kinds';
import { PAYOUT_KINDS } from '../support/payout-moves';
import { MONEY_KINDS } from '../support/settlement-step-kinds';
import { readReach } from '../support/money-reach';

/**
 * What the deep stage's 25 runs of the money property reached, over both of its files together
 * (they run side by side; this file runs after them, in the `deep-reach` project's later group). The
 * files prove the rules held in every run; this, that the runs reached every kind of step and corner.
 */
const FILES = ['money-property', 'money-property-2'];
const reach = readReach();
const all = FILES.map((file) => reach[file]).filter((r) => r !== undefined);
const sum = (count: (r: (typeof all)[number]) => number) => all.reduce((n, r) => n + count(r), 0);
const union = (list: (r: (typeof all)[number]) => string[]) => [...new Set(all.flatMap(list))].sort();

afterAll(() => fs.rmSync(inject('moneyReachDir'), { recursive: true, force: true }));

describe('the money property, over all its runs', () => {
  it('ran all 25 runs, in both files', () => {
    expect(Object.keys(reach).sort()).toEqual(FILES);
    expect(sum((r) => r.runs)).toBe(25);
  });

  it('sent every kind of step and, but the one always refused, had each accepted', () => {
    const kinds = union((r) => Object.keys(r.kinds));
    expect(kinds).toEqual([...PAYIN_KINDS, ...PAYOUT_KINDS, ...MONEY_KINDS].sort());
    for (const kind of kinds) {
      const ok = sum((r) => r.kinds[kind]?.ok ?? 0);
      const refused = sum((r) => r.kinds[kind]?.refused ?? 0);
      expect(kind === 'transfer-entry-reset' ? refused : ok, kind).toBeGreaterThan(0);
    }
    expect(
      sum((r) => r.racedLiens),
      'chargebacks raced',
    ).toBeGreaterThan(0);
  });

  it('wrote every kind of journal and reached every settlement status', () => {
    expect(union((r) => r.journalKinds)).toEqual([
      'lien',
      'payin.reversal',
      'payin.success',
      'payout.reversal',
      'payout.success',
      'settlement.reversal',
      'settlement.success',
      'vendor-settlement.reversal',
      'vendor-settlement.success',
    ]);
    expect(union((r) => r.settlementStatuses)).toEqual(['INITIATED', 'REJECTED', 'SUCCESS']);
  });

  // The corners the issue names: merchants' own requests, a transfer reset (its entry freed), a
  // second chargeback of a pay-in refused, and a balance a chargeback took below zero.
  it('reached the corners', () => {
    expect(
      sum((r) => r.merchantSettlements),
      'settlements asked by merchants',
    ).toBeGreaterThan(0);
    expect(
      sum((r) => r.transferReversals),
      'internal transfers reset',
    ).toBeGreaterThan(0);
    expect(
      sum((r) => r.secondLiens),
      'second chargebacks refused',
    ).toBeGreaterThan(0);
    expect(
      sum((r) => r.belowZero),
      'a chargeback took a balance below zero',
    ).toBeGreaterThan(0);
  });
});
